/**
 * The words of the marketplace's `kashrut=` parameter, as a plain list for the marketplace page,
 * which reads them from the address before the filter's own chunk loads. The same list as
 * KASHRUT_FILTER_WORDS (src/shared/kashrut.ts; kashrut-filter-words.test.ts holds them together).
 */
export const KASHRUT_WORDS: readonly string[] = [
  'ou',
  'ok',
  'star-k',
  'kof-k',
  'crc',
  'cor',
  'kehilla',
  'ksa',
  'vaad-flatbush',
  'vaad-queens',
  'rabbanut',
  'badatz-eidah',
  'badatz-beit-yosef',
  'badatz-landau',
  'meat',
  'dairy',
  'pareve',
  'chalav-yisrael',
  'pas-yisrael',
  'glatt',
  'mehadrin',
  'shomer-shabbat',
];

/**
 * Each word as short as a filter button can say it ('OU', 'Chalav Yisrael'): the agencies' common
 * short names, where the filter dialog gives their full ones (KASHRUT_AGENCIES).
 */
export const KASHRUT_WORD_LABELS: Readonly<Record<string, string>> = {
  ou: 'OU',
  ok: 'OK',
  'star-k': 'Star-K',
  'kof-k': 'Kof-K',
  crc: 'CRC',
  cor: 'COR',
  kehilla: 'Kehilla',
  ksa: 'KSA',
  'vaad-flatbush': 'Vaad of Flatbush',
  'vaad-queens': 'Vaad of Queens',
  rabbanut: 'Rabbanut',
  'badatz-eidah': 'Badatz Eidah HaChareidis',
  'badatz-beit-yosef': 'Badatz Beit Yosef',
  'badatz-landau': 'Badatz Rav Landau',
  meat: 'Meat',
  dairy: 'Dairy',
  pareve: 'Pareve',
  'chalav-yisrael': 'Chalav Yisrael',
  'pas-yisrael': 'Pas Yisrael',
  glatt: 'Glatt',
  mehadrin: 'Mehadrin',
  'shomer-shabbat': 'Shomer Shabbat',
};

/** The marketplace's kashrut button: 'Kashrut', 'Kashrut: OU', or 'Kashrut: 2 filters'. */
export function kashrutButtonLabel(words: readonly string[]): string {
  const [only] = words;
  if (only === undefined) return 'Kashrut';
  if (words.length === 1) return `Kashrut: ${KASHRUT_WORD_LABELS[only] ?? only}`;
  return `Kashrut: ${words.length} filters`;
}
