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
