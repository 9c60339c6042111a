/**
 * A food listing's supervision (issue 29, decision 038): the agencies, levels and flags it is stated
 * with, and the words of the marketplace's `kashrut=` filter. Plain constants, with no zod, so the
 * browser's forms and menus can import them cheaply.
 */

/**
 * The stored categories that may state kashrut: the food categories of the vocabulary
 * (src/shared/categories.ts). It has no bakers or confectioners yet; when it gets them, they belong
 * here too.
 */
export const KASHRUT_CATEGORIES = ['Caterers', 'Venues'] as const;

export function mayStateKashrut(category: string): boolean {
  return (KASHRUT_CATEGORIES as readonly string[]).includes(category);
}

/**
 * The common agencies, each once: Star-K is the Vaad HaKashrus of Baltimore, so it is not listed
 * again under that name. Anything else is 'other' with its name. Each label is the agency's own
 * usual English name; rows hold the codes, so a label can be corrected without touching them. The
 * database refuses other codes (migration 2026-11-29T0740_kashrut holds a copy of this list).
 */
export const KASHRUT_AGENCIES = [
  { code: 'ou', label: 'OU (Orthodox Union)' },
  { code: 'ok', label: 'OK Kosher Certification' },
  { code: 'star-k', label: 'Star-K' },
  { code: 'kof-k', label: 'Kof-K' },
  // The Chicago council writes itself cRc, which also keeps it apart from the Central Rabbinical
  // Congress of New York, whose hechsher is a CRC too.
  { code: 'crc', label: 'cRc (Chicago Rabbinical Council)' },
  { code: 'cor', label: 'COR (Kashruth Council of Canada)' },
  { code: 'kehilla', label: 'Kehilla Kosher (Los Angeles)' },
  { code: 'ksa', label: 'KSA (Kosher Supervision of America)' },
  { code: 'vaad-flatbush', label: 'Vaad Harabonim of Flatbush' },
  { code: 'vaad-queens', label: 'Vaad Harabonim of Queens' },
  { code: 'rabbanut', label: 'Israeli Chief Rabbinate (Rabbanut)' },
  { code: 'badatz-eidah', label: 'Badatz Eidah HaChareidis' },
  { code: 'badatz-beit-yosef', label: 'Badatz Beit Yosef' },
  { code: 'badatz-landau', label: 'Badatz of Rav Landau (Bnei Brak)' },
  { code: 'other', label: 'Other' },
] as const;
export type KashrutAgency = (typeof KASHRUT_AGENCIES)[number]['code'];
export const KASHRUT_AGENCY_CODES = KASHRUT_AGENCIES.map((a) => a.code) as [
  KashrutAgency,
  ...KashrutAgency[],
];

export const KASHRUT_LEVELS = [
  { value: 'meat', label: 'Meat' },
  { value: 'dairy', label: 'Dairy' },
  { value: 'pareve', label: 'Pareve' },
] as const;
export type KashrutLevel = (typeof KASHRUT_LEVELS)[number]['value'];
export const KASHRUT_LEVEL_VALUES = KASHRUT_LEVELS.map((l) => l.value) as [KashrutLevel, ...KashrutLevel[]];

/** The flags: the field name, the filter word and the label. */
export const KASHRUT_FLAGS = [
  { field: 'chalavYisrael', word: 'chalav-yisrael', label: 'Chalav Yisrael' },
  { field: 'pasYisrael', word: 'pas-yisrael', label: 'Pas Yisrael' },
  { field: 'glatt', word: 'glatt', label: 'Glatt' },
  { field: 'mehadrin', word: 'mehadrin', label: 'Mehadrin' },
  { field: 'shomerShabbat', word: 'shomer-shabbat', label: 'Shomer Shabbat' },
] as const;
export type KashrutFlagField = (typeof KASHRUT_FLAGS)[number]['field'];
export type KashrutFlagWord = (typeof KASHRUT_FLAGS)[number]['word'];

/**
 * The words of `kashrut=` (repeat the parameter for several): an agency code, a level or a flag.
 * 'other' is not a filter word: it names no agency a family could rely on.
 */
export const KASHRUT_FILTER_WORDS = [
  ...KASHRUT_AGENCY_CODES.filter((c) => c !== 'other'),
  ...KASHRUT_LEVEL_VALUES,
  ...KASHRUT_FLAGS.map((f) => f.word),
] as [string, ...string[]];

/** What a `kashrut=` list asks for: any of the agencies, any of the levels, and every flag. */
export interface KashrutFilter {
  agencies: string[];
  levels: string[];
  flags: KashrutFlagField[];
}

export function kashrutFilterOf(words: readonly string[] | undefined): KashrutFilter | undefined {
  if (!words || words.length === 0) return undefined;
  const set = new Set(words);
  return {
    agencies: KASHRUT_AGENCY_CODES.filter((c) => set.has(c)),
    levels: KASHRUT_LEVEL_VALUES.filter((l) => set.has(l)),
    flags: KASHRUT_FLAGS.filter((f) => set.has(f.word)).map((f) => f.field),
  };
}

export function agencyLabel(code: string, other: string | null): string {
  if (code === 'other') return other ?? 'Other';
  return KASHRUT_AGENCIES.find((a) => a.code === code)?.label ?? code;
}

/** Days before expiry the owner is told that the certificate runs out. */
export const KASHRUT_NOTICE_DAYS = 30;
