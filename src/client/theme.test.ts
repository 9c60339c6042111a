import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { appSystem } from './theme';

/**
 * The theme carries only the recipes of the components in use (theme.ts), and Chakra draws a
 * component whose recipe is missing without any style and without a warning. This reads every
 * name imported from @chakra-ui/react in src/client, finds the component folder Chakra exports it
 * from, collects the recipe keys used there (and in the component folders it builds on), and
 * checks each that Chakra's default theme styles against the system.
 */
// require resolves the CommonJS build (dist/cjs); the ES module build beside it is the one Vite bundles.
const chakraEsm = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')),
  '../esm',
);
const componentsDir = path.join(chakraEsm, 'components');

function namesImportedFromChakra(): Set<string> {
  const root = path.resolve('src/client');
  const names = new Set<string>();
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const match of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0] ?? '';
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** Export name -> component folder, from the package's index (`export { A } from './components/x/...'`). */
function componentFolders(): Map<string, string> {
  const index = readFileSync(path.join(chakraEsm, 'index.js'), 'utf8');
  const folders = new Map<string, string>();
  for (const m of index.matchAll(/export \{([^}]*)\} from '\.\/components\/([^/']+)\//g)) {
    for (const name of (m[1] ?? '').split(',')) folders.set(name.trim(), m[2] ?? '');
  }
  const namespaces = new Map<string, string>();
  for (const m of index.matchAll(/import \* as (\S+) from '\.\/components\/([^/']+)\//g))
    namespaces.set(m[1] ?? '', m[2] ?? '');
  for (const m of index.matchAll(/export \{ (\S+) as (\w+) \};/g)) {
    const folder = namespaces.get(m[1] ?? '');
    if (folder) folders.set(m[2] ?? '', folder);
  }
  return folders;
}

function recipeKeys(folder: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(folder)) return keys;
  seen.add(folder);
  const dir = path.join(componentsDir, folder);
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.js')) continue;
    const source = readFileSync(path.join(dir, file), 'utf8');
    for (const m of source.matchAll(/key: "([\w-]+)"/g)) keys.add(m[1] ?? '');
    for (const m of source.matchAll(/from '\.\.\/([^/']+)\//g))
      for (const key of recipeKeys(m[1] ?? '', seen)) keys.add(key);
  }
  return keys;
}

describe('theme', () => {
  it('has a recipe for every Chakra component the app imports', () => {
    const folders = componentFolders();
    const missing: string[] = [];
    let checked = 0;
    for (const name of namesImportedFromChakra()) {
      const folder = folders.get(name);
      if (!folder) continue; // a function or hook (createSystem, useBreakpointValue), not a component
      for (const key of recipeKeys(folder)) {
        // Some keys (Text's "text") have no recipe in Chakra's own theme either.
        const inDefaults = defaultSystem.getRecipe(key) ?? defaultSystem.getSlotRecipe(key);
        if (!inDefaults) continue;
        checked++;
        if (!appSystem().getRecipe(key) && !appSystem().getSlotRecipe(key))
          missing.push(`${name} needs "${key}"`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('keeps the app palette on top of the defaults', () => {
    expect(appSystem().token('colors.brand.900')).toBe('#1e3a8a');
    expect(appSystem().getRecipe('button')).toBeDefined();
    // A recipe the app does not use is left out of the first chunk.
    expect(appSystem().getSlotRecipe('colorPicker')).toBeUndefined();
  });
});
