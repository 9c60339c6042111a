import type { Language } from '../../shared/i18n';
import { type CompiledMessages, intlMessages } from './compiled';
import type enMessages from './en';
import { CORE_NAMESPACES, type Namespace } from './namespaces';

/**
 * Every message the client shows, by id (`<namespace>.<name>`): the English catalogue's keys, which
 * every other catalogue must have too (catalogues.test.ts).
 */
export type MessageId = keyof typeof enMessages;
/** A catalogue as react-intl takes it (compiled by the build, or as written; see compiled.ts). */
export type Messages = CompiledMessages;

declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

/**
 * Where a LanguageProvider takes its messages from: in the browser, the namespaces loaded so far
 * (each its own chunk, loaded with the screens that show it); on the server and in tests, whole
 * catalogues at hand.
 */
export interface Catalogues {
  /** The messages of `language` at hand: the same object until more arrive. */
  messagesOf(language: Language): Messages;
  /**
   * Loads `namespaces` in `language`; without them, every namespace asked for so far (in any
   * language), so that switching languages keeps every screen already opened in words.
   */
  load(language: Language, namespaces?: readonly Namespace[]): Promise<void>;
  subscribe(listener: () => void): () => void;
}

/** Whole catalogues, nothing to load: the server drawing pages, and tests. */
export function fixedCatalogues(catalogues: Record<Language, Record<string, unknown>>): Catalogues {
  const messages = {
    en: intlMessages(catalogues.en),
    he: intlMessages(catalogues.he),
  } satisfies Record<Language, Messages>;
  return {
    messagesOf: (language) => messages[language],
    load: () => Promise.resolve(),
    subscribe: () => () => undefined,
  };
}

/** One chunk per language and namespace (vite.config.ts compiles each file's messages). */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./messages/*/*.json');

/** The browser's catalogues: namespaces arrive as screens need them. */
function loadingCatalogues(): Catalogues {
  const loaded = new Map<string, Messages>();
  const loading = new Map<string, Promise<void>>();
  const asked = new Set<Namespace>(CORE_NAMESPACES);
  const merged = new Map<Language, Messages>();
  const listeners = new Set<() => void>();

  const loadOne = (language: Language, namespace: Namespace): Promise<void> => {
    const key = `${language}/${namespace}`;
    if (loaded.has(key)) return Promise.resolve();
    let pending = loading.get(key);
    if (!pending) {
      const file = files[`./messages/${key}.json`];
      if (!file) return Promise.reject(new Error(`No catalogue messages/${key}.json`));
      pending = file().then(
        (module) => {
          loaded.set(key, intlMessages(module.default));
          loading.delete(key);
          merged.delete(language);
          for (const listener of listeners) listener();
        },
        (error: unknown) => {
          // Offline for a moment: a later screen asks again.
          loading.delete(key);
          throw error;
        },
      );
      loading.set(key, pending);
    }
    return pending;
  };

  return {
    messagesOf(language) {
      let messages = merged.get(language);
      if (!messages) {
        messages = {};
        for (const [key, part] of loaded) if (key.startsWith(`${language}/`)) Object.assign(messages, part);
        merged.set(language, messages);
      }
      return messages;
    },
    async load(language, namespaces) {
      for (const namespace of namespaces ?? []) asked.add(namespace);
      await Promise.all([...(namespaces ?? asked)].map((namespace) => loadOne(language, namespace)));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The browser's catalogues (one for the page's life). */
export const browserCatalogues: Catalogues = loadingCatalogues();
