import { LocaleProvider } from '@chakra-ui/react';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createIntl, createIntlCache, RawIntlProvider } from 'react-intl';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  type Language,
  localeOf,
} from '../../shared/i18n';
import { setFormatLocale } from '../lib/intl';
import type { Catalogues, MessageId } from './catalogue';
import { setLocalizer, setPageMessages } from './message-text';
import { AFTER_PAINT_NAMESPACES } from './namespaces';

interface LanguageState {
  language: Language;
  /** Loads the language's catalogue, then shows the app in it and keeps it for the next visit. */
  setLanguage: (language: Language) => Promise<void>;
  /**
   * Whether the words loaded after the first paint (AFTER_PAINT_NAMESPACES: the server's sentences
   * and the bell's items by code) are at hand: always on an English page, which shows them as they
   * came; on another, once they have arrived, or failed to (then they show as they came).
   */
  lateWordsReady: boolean;
  /** Loads those words now, not when the browser is next idle: a screen that shows them is opening. */
  loadLateWords: () => void;
}

const LanguageContext = createContext<LanguageState | null>(null);
const intlCache = createIntlCache();

/** The language the page came in: the server writes it on <html lang> (cookie, else Accept-Language). */
export function documentLanguage(): Language {
  const lang = typeof document === 'undefined' ? null : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/**
 * The page's language on <html> (lang and dir, for the browser, screen readers and every CSS logical
 * property) and in the cookie the server draws pages by.
 */
function setDocumentLanguage(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
  // biome-ignore lint/suspicious/noDocumentCookie: the language is a plain preference the server reads.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Logs a message the catalogue lacks in development and tests; the catalogues test keeps them whole. */
function reportIntlError(error: Error): void {
  if (import.meta.env?.DEV || import.meta.env?.MODE === 'test') console.error(error.message);
}

/**
 * The app in one language: react-intl's messages and formats for its locale, and Chakra's (and Ark's)
 * direction, so that menus, tabs and sliders move the reading way with the arrow keys.
 */
export function LanguageProvider({
  initial,
  catalogues,
  children,
}: {
  initial: Language;
  /** Where the messages come from (catalogue.ts): loaded as screens need them, or all at hand. */
  catalogues: Catalogues;
  children: ReactNode;
}) {
  const [language, setLanguageState] = useState(initial);
  const setLanguage = useCallback(
    async (next: Language) => {
      await catalogues.load(next);
      setDocumentLanguage(next);
      setLanguageState(next);
    },
    [catalogues],
  );
  const messagesOf = useCallback(() => catalogues.messagesOf(language), [catalogues, language]);
  const messages = useSyncExternalStore(catalogues.subscribe, messagesOf, messagesOf);
  // The server's sentences by code, once the page has painted (or sooner, when a screen that shows
  // them opens): only a page not in English shows them other than as they came (server-message.ts).
  const [lateWordsIn, setLateWordsIn] = useState<Language | null>(null);
  const lateLoads = useRef(new Map<Language, Promise<void>>());
  const loadLateWords = useCallback(() => {
    if (language === 'en') return;
    let pending = lateLoads.current.get(language);
    if (!pending) {
      // The localizer first: the namespace's arrival re-renders what shows messages, now translated.
      pending = import('./server-message').then(({ localizeMessage }) => {
        setLocalizer(localizeMessage);
        return catalogues.load(language, AFTER_PAINT_NAMESPACES);
      });
      lateLoads.current.set(language, pending);
      // Offline for a moment: the next screen that shows them asks again.
      pending.catch(() => lateLoads.current.delete(language));
    }
    const settled = () => setLateWordsIn(language);
    pending.then(settled, settled);
  }, [catalogues, language]);
  useEffect(() => {
    if (language === 'en') return;
    if (typeof window.requestIdleCallback !== 'function') {
      const id = window.setTimeout(loadLateWords, 200);
      return () => window.clearTimeout(id);
    }
    const id = window.requestIdleCallback(loadLateWords, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }, [language, loadLateWords]);
  const lateWordsReady = language === 'en' || lateWordsIn === language;
  const value = useMemo(
    () => ({ language, setLanguage, lateWordsReady, loadLateWords }),
    [language, setLanguage, lateWordsReady, loadLateWords],
  );
  const locale = localeOf(language);
  const intl = useMemo(
    () =>
      createIntl(
        {
          locale,
          defaultLocale: 'en-US',
          // Trees and texts mixed (a compiled catalogue's plain texts are trees too; see compiled.ts):
          // react-intl formats both, though its type wants one kind per catalogue.
          messages: messages as Record<MessageId, string>,
          onError: reportIntlError,
        },
        intlCache,
      ),
    [locale, messages],
  );
  // Before the children render: the screen's formatters (lib/intl.ts) format in the same locale, and
  // messages shown from outside render (a server's refusal in a toast) in the same language.
  setFormatLocale(locale);
  setPageMessages({
    format: (id, values) => intl.formatMessage({ id: id as MessageId }, values),
    has: (id) => Object.hasOwn(messages, id),
    english: language === 'en',
  });
  return (
    <LanguageContext.Provider value={value}>
      <RawIntlProvider value={intl}>
        <LocaleProvider locale={locale}>{children}</LocaleProvider>
      </RawIntlProvider>
    </LanguageContext.Provider>
  );
}

/** The page's language and the way to change it. */
export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage needs a LanguageProvider');
  return state;
}
