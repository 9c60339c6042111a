/**
 * Rewrites src/client/i18n/untranslated.json: the client modules that still write texts a person
 * reads instead of taking them from the catalogues (src/client/i18n/literal-text.ts). The list only
 * shrinks (literal-text.test.ts); `npx tsx scripts/i18n-untranslated.ts --show <path part>` prints
 * the texts left in matching modules.
 */
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { literalTexts } from '../src/client/i18n/literal-text';

const files = execSync('git ls-files src/client')
  .toString()
  .split('\n')
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.|\/i18n\//.test(f));
const show = process.argv[2] === '--show' ? (process.argv[3] ?? '') : null;
const pending: string[] = [];
let total = 0;
for (const file of files) {
  const found = literalTexts(file, readFileSync(file, 'utf8'));
  if (found.length === 0) continue;
  pending.push(file);
  total += found.length;
  if (show !== null && file.includes(show)) {
    for (const { line, text } of found) console.log(`${file}:${line} ${JSON.stringify(text)}`);
  }
}
if (show === null) {
  writeFileSync('src/client/i18n/untranslated.json', `${JSON.stringify(pending.sort(), null, 2)}\n`);
}
console.log(`${pending.length} modules with ${total} literal texts`);
