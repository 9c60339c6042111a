/**
 * Writes the places table (src/server/domains/places/places-table.ts) to generated/places.tsv, or to
 * the path given. Run by `npm run build:places`, by postinstall and before `vite build`.
 */
import { defaultTablePath, writeTable } from '../src/server/domains/places/places-table';

const file = process.argv[2] ?? defaultTablePath();
const started = performance.now();
const rows = writeTable(file);
console.log(
  `places: ${rows.length} places written to ${file} in ${Math.round(performance.now() - started)} ms`,
);
