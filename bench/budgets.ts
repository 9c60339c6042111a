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
import {
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
for (const [name, page] of Object.entries(budgets)) {
  const weight = pageWeight(manifest, page.routeModules);
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
console.log(`\ncatalogue        gzip KB   budget   target`);
for (const [language, module] of Object.entries(catalogues.modules)) {
  const bytes = chunkGzipBytes(manifest, module);
  const max = catalogues.maxGzipKB[language];
  if (max === undefined) throw new Error(`bench/budgets.json has no catalogue budget for ${language}`);
  const ok = bytes <= max * 1000;
  if (!ok) over++;
  console.log(
    `${language.padEnd(16)} ${kb(bytes).padStart(7)} ${ok ? '  ok  ' : ' OVER '}${String(max).padStart(4)}   ${String(catalogues.targetGzipKB).padStart(6)}`,
  );
}
if (over > 0) {
  console.error(`\n${over} page(s) or catalogue(s) over budget (bench/budgets.json).`);
  process.exit(1);
}
console.log('\nEvery page and catalogue within its budget.');
