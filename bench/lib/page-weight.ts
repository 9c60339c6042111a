import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's build manifest (dist/client-manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageWeight {
  /** Every file the page needs before its first paint, in load order (entry first). */
  files: string[];
  jsBytes: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
}

const gzipCache = new Map<string, number>();

/** Gzip size at zlib's default level, the one a server compressing on the fly uses. */
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file)).length;
    gzipCache.set(file, size);
  }
  return size;
}

export function readManifest(distDir = 'dist'): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, 'client-manifest.json'), 'utf8')) as Manifest;
}

/**
 * What a page needs before it paints, read from the manifest: the entry (index.html's script) and
 * its static imports, plus each route module the router loads for the page with its own static
 * imports. Dynamic imports inside those (dialogs, confetti, QR codes) load later and are not counted.
 * Throws when a route module is not a lazily loaded chunk of the build, so a renamed file or a route
 * that stopped being lazy cannot pass unnoticed.
 */
export function pageWeight(manifest: Manifest, routeModules: string[], distDir = 'dist'): PageWeight {
  // The app's entry is index.html's script (the build's other entry is the drawn pages' boot script).
  const entryKey = manifest['index.html']?.isEntry
    ? 'index.html'
    : Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk');
  const reachableLazily = new Set<string>();
  const walkDynamic = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const d of chunk?.dynamicImports ?? []) reachableLazily.add(d);
    for (const i of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) walkDynamic(i, seen);
  };
  walkDynamic(entryKey);

  const keys: string[] = [];
  const visit = (key: string) => {
    if (keys.includes(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no ${key}`);
    keys.push(key);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(entryKey);
  for (const module of routeModules) {
    const chunk = manifest[module];
    if (!chunk?.isDynamicEntry || !reachableLazily.has(module))
      throw new Error(`${module} is not a lazily loaded chunk of this build`);
    visit(module);
  }

  const files = keys.map((key) => (manifest[key] as ManifestChunk).file);
  const css = [...new Set(keys.flatMap((key) => manifest[key]?.css ?? []))];
  const client = path.join(distDir, 'client');
  let jsBytes = 0;
  let jsGzipBytes = 0;
  for (const file of files) {
    jsBytes += readFileSync(path.join(client, file)).length;
    jsGzipBytes += gzipSize(path.join(client, file));
  }
  const cssGzipBytes = css.reduce((sum, file) => sum + gzipSize(path.join(client, file)), 0);
  return { files: [...files, ...css], jsBytes, jsGzipBytes, cssGzipBytes };
}

export interface BudgetPage {
  path: string;
  routeModules: string[];
  maxJsGzipKB: number;
  /**
   * Drawn by the server for visitors (src/server/doors/pages/page-prerender.ts): the page paints from its HTML before
   * any script; its JavaScript (still held to maxJsGzipKB) only makes it interactive.
   */
  prerendered?: boolean;
  /** The goal, where it sets one (maxJsGzipKB may be a ratchet above it). */
  targetJsGzipKB?: number;
}

export function readBudgets(file = 'bench/budgets.json'): Record<string, BudgetPage> {
  return (JSON.parse(readFileSync(file, 'utf8')) as { pages: Record<string, BudgetPage> }).pages;
}

/** The catalogues' limit: the most gzip KB of messages a page loads in one language before it paints. */
export interface CatalogueBudget {
  maxGzipKB: number;
}

export function readCatalogueBudget(file = 'bench/budgets.json'): CatalogueBudget {
  return (JSON.parse(readFileSync(file, 'utf8')) as { catalogues: CatalogueBudget }).catalogues;
}

/** The manifest's key of a namespace's chunk in a language. */
export function catalogueModule(language: string, namespace: string): string {
  return `src/client/i18n/messages/${language}/${namespace}.json`;
}

/** Gzip bytes of a lazily loaded module's own chunk (a catalogue namespace: one JSON module). */
export function chunkGzipBytes(manifest: Manifest, module: string, distDir = 'dist'): number {
  const chunk = manifest[module];
  if (!chunk?.isDynamicEntry) throw new Error(`${module} is not a lazily loaded chunk of this build`);
  return gzipSize(path.join(distDir, 'client', chunk.file));
}
