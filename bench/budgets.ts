/**
 * Page budgets, checked in CI after `vite build`: for each page of bench/budgets.json, the gzip size
 * of the JavaScript it needs before its first paint (entry chunk, its static imports, the page's
 * route modules and theirs; see lib/page-weight.ts), against the page's budget. Exits 1 when a page
 * is over. Deterministic: it reads the build, not a browser. A page marked `prerendered` (the landing
 * page, drawn by the server) paints before any script; its JavaScript is still held to its budget,
 * as what makes it interactive.
 *
 *   npx vite build && npm run bench:budgets
 *   BUDGETS_VERBOSE=1 lists each page's files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CORE_NAMESPACES, LATE_NAMESPACES, type Namespace } from '../src/client/i18n/namespaces';
import { SCREEN_NAMESPACES, type Screen } from '../src/client/screens';
import { LANGUAGES } from '../src/shared/i18n';
import {
  catalogueModule,
  chunkGzipBytes,
  pageWeight,
  readBudgets,
  readCatalogueBudget,
  readManifest,
} from './lib/page-weight';

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

const manifest = readManifest();
const budgets = readBudgets();
let over = 0;
console.log('page             JS before paint (gzip KB)   budget   target   raw KB   files');
/** The namespaces a page loads before it paints: the core ones and its screens' (src/client/screens.ts). */
function pageNamespaces(routeModules: string[]): Namespace[] {
  const namespaces = new Set<Namespace>(CORE_NAMESPACES);
  for (const module of routeModules) {
    const screen = module.replace(/^src\/client\//, '') as Screen;
    const own = SCREEN_NAMESPACES[screen];
    if (!own) throw new Error(`${module} is not a screen of src/client/screens.ts`);
    for (const namespace of own) namespaces.add(namespace);
  }
  return [...namespaces];
}

for (const [name, page] of Object.entries(budgets)) {
  // The page's English words are part of what it needs before it paints (English: the default).
  const english = pageNamespaces(page.routeModules).map((namespace) => catalogueModule('en', namespace));
  const weight = pageWeight(manifest, [...page.routeModules, ...english]);
  const ok = weight.jsGzipBytes <= page.maxJsGzipKB * 1000;
  if (!ok) over++;
  // A page the server draws paints before any script: its JavaScript is what makes it interactive.
  const beforePaint = page.prerendered ? '0.0' : kb(weight.jsGzipBytes);
  const note = page.prerendered
    ? `   (drawn by the server; ${kb(weight.jsGzipBytes)} KB to interactive)`
    : '';
  console.log(
    `${name.padEnd(16)} ${beforePaint.padStart(8)} ${ok ? '  ok  ' : ' OVER '}${' '.repeat(13)}${String(page.maxJsGzipKB).padStart(6)}   ${String(page.targetJsGzipKB ?? '-').padStart(6)}   ${kb(weight.jsBytes).padStart(6)}   ${weight.files.length}${note}`,
  );
  if (process.env.BUDGETS_VERBOSE) {
    for (const file of weight.files) {
      const bytes = readFileSync(path.join('dist/client', file));
      console.log(`    ${kb(gzipSync(bytes).length).padStart(6)}  ${file}`);
    }
  }
}
const catalogues = readCatalogueBudget();
console.log(
  `\ncatalogue before paint (gzip KB)  ${LANGUAGES.map((l) => l.padStart(6)).join('')}   budget   namespaces`,
);
for (const [name, page] of Object.entries(budgets)) {
  const namespaces = pageNamespaces(page.routeModules);
  const sizes = LANGUAGES.map((language) =>
    namespaces.reduce(
      (sum, namespace) => sum + chunkGzipBytes(manifest, catalogueModule(language, namespace)),
      0,
    ),
  );
  const ok = sizes.every((bytes) => bytes <= catalogues.maxGzipKB * 1000);
  if (!ok) over++;
  console.log(
    `${name.padEnd(32)} ${sizes.map((bytes) => kb(bytes).padStart(6)).join('')} ${ok ? '  ok  ' : ' OVER '}${String(catalogues.maxGzipKB).padStart(4)}   ${namespaces.join(', ')}`,
  );
}
// Every other screen too, with the heavier of the two layouts around it (the signed-in one).
const layout = 'src/client/components/app-layout.tsx';
const heaviest = Object.keys(SCREEN_NAMESPACES)
  .filter((screen) => !screen.startsWith('components/'))
  .map((screen) => {
    const namespaces = pageNamespaces([layout, `src/client/${screen}`]);
    const sizes = LANGUAGES.map((language) =>
      namespaces.reduce(
        (sum, namespace) => sum + chunkGzipBytes(manifest, catalogueModule(language, namespace)),
        0,
      ),
    );
    return { screen, sizes };
  })
  .sort((a, b) => Math.max(...b.sizes) - Math.max(...a.sizes));
for (const { screen, sizes } of heaviest) {
  if (sizes.some((bytes) => bytes > catalogues.maxGzipKB * 1000)) {
    over++;
    console.log(
      `${screen.padEnd(32)} ${sizes.map((bytes) => kb(bytes).padStart(6)).join('')}  OVER ${catalogues.maxGzipKB}`,
    );
  }
}
const [top] = heaviest;
if (top)
  console.log(
    `heaviest screen: ${top.screen} ${top.sizes.map(kb).join(' / ')} KB (${LANGUAGES.join(' / ')})`,
  );
for (const language of LANGUAGES.filter((l) => l !== 'en')) {
  const late = LATE_NAMESPACES.reduce(
    (sum, namespace) => sum + chunkGzipBytes(manifest, catalogueModule(language, namespace)),
    0,
  );
  console.log(`after paint, ${language} only: ${LATE_NAMESPACES.join(', ')} ${kb(late)} KB`);
}
if (over > 0) {
  console.error(`\n${over} page(s) or catalogue(s) over budget (bench/budgets.json).`);
  process.exit(1);
}
console.log('\nEvery page and catalogue within its budget.');
