import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { namespacesUsed } from './i18n/namespace-usage';
import { CORE_NAMESPACES, LATE_NAMESPACES, type Namespace } from './i18n/namespaces';
import { SCREEN_NAMESPACES, type Screen } from './screens';

const core = new Set<Namespace>(CORE_NAMESPACES);
const sorted = (names: Iterable<Namespace>) => [...names].sort();

describe('the words each screen loads with its code (screens.ts)', () => {
  it('the first chunk, and what it loads lazily besides the screens, shows only the core namespaces', () => {
    expect(sorted(namespacesUsed('main.tsx')).filter((n) => !core.has(n))).toEqual([]);
  });

  it('the late namespaces are shown by no screen (only by the server-message machinery)', () => {
    for (const screen of Object.keys(SCREEN_NAMESPACES)) {
      for (const late of LATE_NAMESPACES) expect(namespacesUsed(screen).has(late), screen).toBe(false);
    }
  });

  it.each(Object.keys(SCREEN_NAMESPACES) as Screen[])('%s loads exactly what it shows', (screen) => {
    const shown = sorted([...namespacesUsed(screen)].filter((n) => !core.has(n)));
    expect(
      sorted(SCREEN_NAMESPACES[screen]),
      `screens.ts: '${screen}': ${JSON.stringify(shown).replaceAll(',', ', ')}`,
    ).toEqual(shown);
  });

  it('lists every page and layout routes.tsx loads lazily, and no file that is gone', () => {
    const pages = readdirSync('src/client/features', { withFileTypes: true })
      .filter((dir) => dir.isDirectory() && dir.name !== 'not-found')
      .flatMap((dir) =>
        readdirSync(path.join('src/client/features', dir.name))
          // The info pages' frame (info-page.tsx) is a part of the info pages, not one.
          .filter((file) => file.endsWith('-page.tsx') && file !== 'info-page.tsx')
          .map((file) => `features/${dir.name}/${file}`),
      );
    const listed = Object.keys(SCREEN_NAMESPACES);
    for (const page of pages) expect(listed, page).toContain(page);
    for (const screen of listed) expect(existsSync(path.join('src/client', screen)), screen).toBe(true);
  });
});

describe('namespacesUsed', () => {
  it('finds message ids in strings, JSX ids and template heads, and term() as the terms namespace', () => {
    const used = namespacesUsed('features/calendar/calendar-page.tsx');
    expect(used.has('calendar')).toBe(true);
    expect(used.has('common')).toBe(true);
  });

  it('follows lazily loaded code only when asked', () => {
    // The events page loads the guest list's tab lazily.
    expect(namespacesUsed('features/events/events-page.tsx').has('guests')).toBe(true);
    expect(namespacesUsed('features/events/events-page.tsx', { lazy: false }).has('guests')).toBe(false);
  });
});
