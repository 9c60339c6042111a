/**
 * The product's languages (decision 044): English, the spec's own texts, and Hebrew, written right to
 * left. A person's choice is saved in their profile; a visitor's comes from the `lang` cookie the
 * header's switch sets, else from the browser's Accept-Language.
 */
export const LANGUAGES = ['en', 'he'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie that keeps a visitor's (and a signed-in person's) language for pages the server draws. */
export const LANGUAGE_COOKIE = 'lang';

/** How long the browser keeps a chosen language: a year, in seconds. */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The query parameter of a page's language alternates (`?lang=he`), for links and search engines. */
export const LANGUAGE_PARAM = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Which way a language is written. */
export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'he' ? 'rtl' : 'ltr';
}

/** The locale Intl formats a language's dates and numbers in. */
export function localeOf(language: Language): string {
  return language === 'he' ? 'he-IL' : 'en-US';
}

/** Each language's name in itself, for the switch. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', he: 'עברית' };

/**
 * The language an Accept-Language header asks for first among ours (RFC 9110 section 12.5.4: by
 * weight, then by order; `iw` is Hebrew's old code), or the default when it names none of them.
 */
export function negotiateLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  let best: { language: Language; q: number; at: number } | null = null;
  header.split(',').forEach((part, at) => {
    const [range = '', ...params] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0] ?? '';
    const language = primary === 'iw' ? 'he' : primary;
    if (!isLanguage(language)) return;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split('=');
      if (name?.trim().toLowerCase() === 'q') q = Number(value);
    }
    if (!(q > 0) || q > 1) return;
    if (!best || q > best.q) best = { language, q, at };
  });
  return (best as { language: Language } | null)?.language ?? DEFAULT_LANGUAGE;
}
