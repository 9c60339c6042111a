import superjson from 'superjson';
import { APP_SCRIPTS_ID, type AppScripts } from '../../../shared/app-scripts';
import { DRAWN_STYLE_ATTRIBUTE, PRERENDERED_STATE_ID, STYLE_KEY } from '../../../shared/constants';
import { FIRST_QUERIES_ID, type FirstQuery } from '../../../shared/first-queries';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  LANGUAGE_PARAM,
  LANGUAGES,
  type Language,
} from '../../../shared/i18n';
import type { Viewport } from '../../../shared/viewport';

/** What a page's <head> tells search engines and link previews. Every value is plain text. */
export interface PageHead {
  /** The whole <title>, "SimchaHub" included. */
  title: string;
  description: string;
  /** Absolute URL of the page as shared (og:url). */
  url: string;
  /** Absolute URL search engines should index the page under; only for public pages. */
  canonical?: string;
  /** Absolute URL of a raster image for previews. */
  image?: string;
  imageAlt?: string;
  /** The image's size in pixels and its type, where known (the pictures the server draws). */
  imageWidth?: number;
  imageHeight?: number;
  imageType?: string;
  /** Kept out of search results (links people share privately, pages that show nothing). */
  noindex?: boolean;
  /** The page shows the app's "not found" (an unknown path, a missing listing): answered 404. */
  missing?: boolean;
  /** The language the page is in (English when not said): <html lang dir>, and its alternates. */
  language?: Language;
}

/** A public page's address in a language: the default's is the page's own, another's has `?lang=`. */
export function languageUrl(url: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${language}`;
}

export const SITE_NAME = 'SimchaHub';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside an element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/** Whitespace collapsed, cut at a word boundary to at most `max` characters with an ellipsis. */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** The tags of one page's head, each value escaped. */
export function headTags(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) {
    // Each language's page is canonical in itself, and names the others (and the default for any
    // other language) as its alternates.
    const language = head.language ?? DEFAULT_LANGUAGE;
    tags.push(`<link rel="canonical" href="${escapeHtml(languageUrl(head.canonical, language))}" />`);
    for (const other of LANGUAGES) {
      tags.push(
        `<link rel="alternate" hreflang="${other}" href="${escapeHtml(languageUrl(head.canonical, other))}" />`,
      );
    }
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(head.canonical)}" />`);
  }
  tags.push(
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', (head.language ?? DEFAULT_LANGUAGE) === 'he' ? 'he_IL' : 'en_US'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
  );
  if (head.image) {
    tags.push(meta('property', 'og:image', head.image));
    if (head.imageType) tags.push(meta('property', 'og:image:type', head.imageType));
    if (head.imageWidth && head.imageHeight) {
      tags.push(
        meta('property', 'og:image:width', String(head.imageWidth)),
        meta('property', 'og:image:height', String(head.imageHeight)),
      );
    }
    if (head.imageAlt) tags.push(meta('property', 'og:image:alt', head.imageAlt));
  }
  tags.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) tags.push(meta('name', 'twitter:image', head.image));
  if (head.image && head.imageAlt) tags.push(meta('name', 'twitter:image:alt', head.imageAlt));
  return tags.join('\n    ');
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** The <html> start tag of the template, whatever attributes it was built with. */
const HTML_START = /<html\b[^>]*>/i;

/** The page's start with <html lang dir> of its language. */
function htmlInLanguage(before: string, language: Language): string {
  return before.replace(HTML_START, `<html lang="${language}" dir="${directionOf(language)}">`);
}

/** The app's entry script and its module preloads, as the build writes them into index.html. */
const ENTRY_SCRIPT =
  /[ \t]*<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*>\s*<\/script>[ \t]*\r?\n?/i;
const MODULE_PRELOAD = /[ \t]*<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>[ \t]*\r?\n?/gi;

/** The stylesheet of Chakra's global styles the browser's build links (vite.config.ts, chakraGlobalCss). */
const CHAKRA_GLOBAL_STYLESHEET =
  /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="[^"]*\/chakra-global-[^"]*\.css"/i;
/** The style elements of Chakra's global styles in a drawn page (src/client/prerender.tsx). */
const DRAWN_GLOBAL_STYLE = new RegExp(
  `<style ${DRAWN_STYLE_ATTRIBUTE}="${STYLE_KEY}-global [^"]*"[^>]*>[\\s\\S]*?<\\/style>`,
  'g',
);

/**
 * What a signed-in page was drawn for (decision 047), and the lazily loaded parts any drawn page
 * contains, on its root element for the browser to hydrate with.
 */
function drawnForAttributes({
  viewport,
  today,
  zone,
  now,
  parts,
}: {
  viewport?: Viewport;
  today?: string;
  zone?: string;
  now?: number;
  parts?: string[];
}): string {
  const attributes: [string, string | number | undefined][] = [
    ['viewport', viewport],
    ['today', today],
    ['zone', zone],
    ['now', now],
    ['parts', parts?.join(' ')],
  ];
  return attributes
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => ` data-${name}="${escapeHtml(String(value))}"`)
    .join('');
}

/** JSON inside a script element: '<' escaped, so that no text in it can end the element. */
function scriptJson(json: string): string {
  return json.replace(/</g, '\\u003c');
}

/** The template's text split where a page's head tags go. */
interface Halves {
  before: string;
  after: string;
}

/**
 * The built index.html split around its head's page-specific part: its own <title> and description
 * are taken out, and each answer puts its tags where the title was. Parsed once per server start.
 *
 * With `bootScript` (the build's src/client/boot.ts), a page drawn by the server names that script
 * instead of the app's entry and preloads: the boot script adds them once the page has painted
 * (decision 025). Pages the app fills keep the entry as built.
 */
export class HtmlTemplate {
  readonly #page: Halves;
  readonly #drawn: (Halves & { scripts: AppScripts; boot: string }) | null;
  /** The build links Chakra's global styles: a drawn page leaves its own copy of them out. */
  readonly #globalStylesheet: boolean;

  constructor(html: string, options: { bootScript?: string } = {}) {
    const title = /[ \t]*<title>[\s\S]*?<\/title>[ \t]*\r?\n?/i.exec(html);
    let rest = html;
    let at: number;
    if (title) {
      at = title.index;
      rest = html.slice(0, at) + html.slice(at + title[0].length);
    } else {
      at = rest.search(/<\/head>/i);
      // A page without a head element: its tags still go before the body, after any doctype.
      if (at < 0) at = /^\s*<!doctype[^>]*>\s*/i.exec(rest)?.[0].length ?? 0;
    }
    const description = /[ \t]*<meta\s+name=["']description["'][^>]*>[ \t]*\r?\n?/i;
    this.#page = {
      before: rest.slice(0, at).replace(description, ''),
      after: rest.slice(at).replace(description, ''),
    };

    this.#globalStylesheet = CHAKRA_GLOBAL_STYLESHEET.test(html);
    const entry = ENTRY_SCRIPT.exec(html)?.[1];
    if (!options.bootScript || !entry) {
      this.#drawn = null;
      return;
    }
    const preload = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1] as string);
    const withoutScripts = (text: string) => text.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
    this.#drawn = {
      before: withoutScripts(this.#page.before),
      after: withoutScripts(this.#page.after),
      scripts: { entry, preload },
      boot: options.bootScript,
    };
  }

  /**
   * The page with `head`'s tags; with `prerendered`, its markup inside the root element, its style
   * elements at the end of the head and, before the markup, the data it was drawn from (JSON, with
   * '<' escaped so it cannot end the script).
   */
  render(
    head: PageHead,
    prerendered?: {
      html: string;
      state: string;
      styles?: string;
      firstQueries?: FirstQuery[];
      viewport?: Viewport;
      today?: string;
      zone?: string;
      now?: number;
      parts?: string[];
    },
  ): string {
    const halves = (prerendered && this.#drawn) || this.#page;
    const indent = /\n$/.test(halves.before) ? '    ' : '';
    let after = halves.after;
    if (prerendered) {
      const styles = this.#globalStylesheet
        ? (prerendered.styles ?? '').replace(DRAWN_GLOBAL_STYLE, '')
        : (prerendered.styles ?? '');
      const headEnd = /<\/head>/i;
      const stylesInHead = styles !== '' && headEnd.test(after);
      if (stylesInHead) after = after.replace(headEnd, () => `  ${styles}\n  </head>`);
      const elements = [
        ...(styles !== '' && !stylesInHead ? [styles] : []),
        `<script type="application/json" id="${PRERENDERED_STATE_ID}">${scriptJson(prerendered.state)}</script>`,
        ...(prerendered.firstQueries?.length
          ? [
              `<script type="application/json" id="${FIRST_QUERIES_ID}">${scriptJson(superjson.stringify(prerendered.firstQueries))}</script>`,
            ]
          : []),
        `<div id="root"${drawnForAttributes(prerendered)}>${prerendered.html}</div>`,
      ];
      if (this.#drawn) {
        elements.push(
          `<script type="application/json" id="${APP_SCRIPTS_ID}">${scriptJson(JSON.stringify(this.#drawn.scripts))}</script>`,
          `<script type="module" src="${escapeHtml(this.#drawn.boot)}"></script>`,
        );
      }
      after = after.replace(ROOT_ELEMENT, () => elements.join('\n    '));
    }
    return `${htmlInLanguage(halves.before, head.language ?? DEFAULT_LANGUAGE)}${indent}${headTags(head)}\n${after}`;
  }
}
