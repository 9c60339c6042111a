import type { Page } from 'playwright-core';
import { animationsFinished, eventually } from './browser';

/*
 * The layout's measures, shared by the layout journeys (layout.e2e.ts) and the pages drawn in Hebrew
 * (hebrew.e2e.ts).
 */

/** The page at rest: its requests answered, its fonts in, its entrance animations over. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await animationsFinished(page);
  // No skeleton or spinner still standing in for content.
  await eventually(() => page.locator('.chakra-skeleton:visible, .chakra-spinner:visible').count()).toBe(0);
  await page.waitForTimeout(300);
}

/**
 * Every problem with the page's layout as it stands, one readable line each: the page wider than
 * the screen, visible elements past the screen's sides, elements or text past the card they sit in,
 * and e-mail addresses broken over two lines.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const vw = Math.min(window.innerWidth, root.clientWidth);
    if (root.scrollWidth > vw) problems.push(`the page is ${root.scrollWidth}px wide, the screen ${vw}px`);

    const name = (el: Element): string => {
      const parts: string[] = [];
      let node: Element | null = el;
      while (node && node !== document.body && parts.length < 4) {
        let part = node.tagName.toLowerCase();
        const testId = node.getAttribute('data-testid');
        const label = node.getAttribute('aria-label');
        if (node.id && !/^[:«r]/.test(node.id)) part += `#${node.id}`;
        if (testId) part += `[data-testid="${testId}"]`;
        else if (label) part += `[aria-label="${label.slice(0, 40)}"]`;
        parts.unshift(part);
        if (testId || (node.id && !/^[:«r]/.test(node.id))) break;
        node = node.parentElement;
      }
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return `${parts.join(' > ')}${text ? ` "${text}"` : ''}`;
    };

    const styleOf = (el: Element) => getComputedStyle(el);
    /** Present to the eye: rendered, not hidden, with a size, and not a visually hidden (sr-only) label. */
    const shown = (el: Element, rect: DOMRect): boolean => {
      if (rect.width < 1 || rect.height < 1) return false;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const s = styleOf(el);
      if (s.position === 'absolute' && rect.width <= 1 && rect.height <= 1) return false;
      if (s.clip && s.clip !== 'auto' && /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(s.clip))
        return false;
      if (s.clipPath === 'inset(50%)') return false;
      return true;
    };
    const clips = (el: Element): boolean => {
      const s = styleOf(el);
      return s.overflowX !== 'visible' || s.contain.includes('paint');
    };
    /** The nearest ancestor (below `stop`) that clips or scrolls what it holds. */
    const clippedBelow = (el: Element, stop: Element | null): Element | null => {
      for (
        let a = el.parentElement;
        a && a !== stop && a !== document.body && a !== root;
        a = a.parentElement
      ) {
        if (clips(a)) return a;
      }
      return null;
    };
    /** Inside a fixed layer (a toast, a dialog, a drawer): measured against the screen by itself. */
    const all = [...document.body.querySelectorAll('*')].filter(
      (el) => !['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'BR', 'OPTION'].includes(el.tagName),
    );

    // Past the screen's sides: what the page scrolls sideways in is meant to (a strip of cards, tabs).
    for (const el of all) {
      const rect = el.getBoundingClientRect();
      if (!shown(el, rect)) continue;
      if (rect.right <= vw + 1 && rect.left >= -1) continue;
      if (clippedBelow(el, null)) continue;
      problems.push(`${name(el)} spans ${Math.round(rect.left)}..${Math.round(rect.right)} of ${vw}px`);
    }

    // Past its card: the card's own clipping (overflow hidden) hides what would stick out.
    const cards = [...document.querySelectorAll('[data-card], .chakra-card__root')];
    for (const card of cards) {
      const box = card.getBoundingClientRect();
      if (!shown(card, box)) continue;
      if (clips(card)) continue;
      const past = (r: DOMRect) =>
        r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1;
      for (const el of card.querySelectorAll('*')) {
        const rect = el.getBoundingClientRect();
        if (!shown(el, rect) || !past(rect)) continue;
        if (clippedBelow(el, card)) continue;
        if (styleOf(el).position === 'fixed') continue;
        problems.push(`${name(el)} sticks out of its card ${name(card).slice(0, 80)}`);
      }
      // Text that runs past its box (a word too long for it) and out of the card.
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const parent = text.parentElement;
        if (!parent || !text.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        const rect = range.getBoundingClientRect();
        if (!shown(parent, parent.getBoundingClientRect()) || !past(rect)) continue;
        if (clips(parent) || clippedBelow(parent, card)) continue;
        problems.push(
          `text "${text.textContent.trim().slice(0, 50)}" runs out of its card ${name(card).slice(0, 80)}`,
        );
      }
    }

    // An e-mail address reads as one word: never broken over two lines.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const value = text.textContent?.trim() ?? '';
      const email = /[\w.+-]+@[\w-]+(\.[\w-]+)+/.exec(value);
      if (!email || !text.parentElement) continue;
      const start = value.indexOf(email[0]) + (text.textContent?.indexOf(value) ?? 0);
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, start + email[0].length);
      const tops = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
      );
      if (tops.size > 1 && shown(text.parentElement, text.parentElement.getBoundingClientRect()))
        problems.push(
          `the e-mail address ${email[0]} is broken over ${tops.size} lines in ${name(text.parentElement)}`,
        );
    }
    return [...new Set(problems)];
  });
}

/**
 * What a page drawn in a right-to-left language must not show, one readable line each: `<html>`
 * without its lang and dir, a visible block of text aligned to the left (a `left` where `start` was
 * meant), and a visible text made only of Latin letters outside `<bdi>` (the mark of a name, an
 * address or a business's own words) that is not the brand, an e-mail address, a web address or a
 * language's own name: a text left untranslated.
 */
export async function rightToLeftProblems(page: Page, language: string): Promise<string[]> {
  return page.evaluate((language) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.lang !== language) problems.push(`<html lang="${root.lang}">, not ${language}`);
    if (root.dir !== 'rtl') problems.push(`<html dir="${root.dir}">, not rtl`);
    const shown = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      el.getBoundingClientRect().width > 1 &&
      getComputedStyle(el).clipPath !== 'inset(50%)';
    /** The element's tags up to 3 levels, and the nearest landmark that names it (test id, label, id). */
    const where = (el: Element) => {
      const parts: string[] = [];
      for (let node: Element | null = el; node && parts.length < 3; node = node.parentElement) {
        parts.unshift(node.tagName.toLowerCase());
      }
      for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
        const testId = node.getAttribute('data-testid');
        const label = node.getAttribute('aria-label');
        const named = testId
          ? `[data-testid="${testId}"]`
          : label
            ? `[aria-label="${label.slice(0, 30)}"]`
            : '';
        if (named) return `${parts.join(' > ')} within ${node.tagName.toLowerCase()}${named}`;
      }
      return parts.join(' > ');
    };

    // Left-aligned text: a block that holds text of its own, set to `left` (logical `start` reads right).
    for (const el of document.body.querySelectorAll(
      'p, li, dd, dt, td, th, h1, h2, h3, h4, h5, h6, label, div, span',
    )) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!own || !shown(el)) continue;
      const style = getComputedStyle(el);
      if (style.display.startsWith('inline')) continue;
      if (style.textAlign === 'left' && style.direction === 'rtl') {
        problems.push(`left-aligned text "${el.textContent?.trim().slice(0, 40)}" in ${where(el)}`);
      }
    }

    // Latin-only texts outside <bdi>: names and addresses are isolated, the product's words translated.
    const LATIN = /\p{Script=Latin}/u;
    const HEBREW = /\p{Script=Hebrew}/u;
    const ALLOWED = [
      /^SimchaHub$/,
      /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/, // an e-mail address
      /^(https?:\/\/)?[\w-]+(\.[\w-]+)+(:\d+)?(\/\S*)?$/, // a web address
      /^English$/, // the language switch names English in English
    ];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const value = text.textContent?.replace(/[\u2066-\u2069]/g, '').trim() ?? '';
      const parent = text.parentElement;
      if (!value || !parent || !LATIN.test(value) || HEBREW.test(value)) continue;
      // <bdi> (a name in a line), dir="auto" (a person's own words, read in their own direction),
      // another language's lang, translate="no", or an avatar (the initials of a name).
      const own =
        'bdi, [dir="auto"], [lang]:not([lang="he"]):not(html), [translate="no"], [data-scope="avatar"]';
      // A textarea's text is its first value, a person's own words (a drawn form's field has it in
      // its markup; the app's own render sets only the value).
      if (parent.closest(`${own}, script, style, noscript, textarea`)) continue;
      if (!shown(parent)) continue;
      if (ALLOWED.some((allowed) => allowed.test(value))) continue;
      problems.push(`untranslated "${value.slice(0, 60)}" in ${where(parent)}`);
    }
    return [...new Set(problems)];
  }, language);
}
