import { PLACE_SEARCH_LIMIT, type PlaceDto } from '../../../shared/schemas/places';
import { loadTable, type PlaceRow } from './places-table';
import { CITY_ALIASES, COUNTRY_ALIASES, REGIONS } from './region-names';

/** Letters that Unicode decomposition leaves alone but a person types without their mark. */
const PLAIN: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ı: 'i',
  þ: 'th',
  ħ: 'h',
};

/**
 * A name as search compares it: case and diacritics folded (Zürich → zurich, Łódź → lodz), apostrophes
 * and dots dropped (Ra'anana → raanana, St. Louis → st louis), other punctuation a single space.
 * Letters of every script are kept, so a Hebrew query folds to itself.
 */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðıþħ]/g, (letter) => PLAIN[letter] ?? letter)
    .replace(/['’‘`ʻʼ.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/**
 * The places in memory, indexed for prefix search and resolution by name. Built once per process
 * from the generated table (immutable build data, the same on every server).
 */
export class PlaceIndex {
  /** Every place, the most populous first: a smaller index is a larger place. */
  private readonly rows: PlaceRow[];
  /** Each row's folded name. */
  private readonly folded: string[];
  /** Folded names in code-unit order, and the row of each. */
  private readonly keys: string[];
  private readonly keyRows: Int32Array;
  /** Rows by folded name, the most populous first. */
  private readonly byName = new Map<string, number[]>();
  private readonly byId = new Map<number, number>();
  /** A folded country or region name or code → what it names: 'GB' (a country) or 'US/NY' (a region). */
  private readonly qualifiers = new Map<string, Set<string>>();
  /** The other way round: 'GB' or 'US/NY' → its folded names and codes, for "London, On" in the box. */
  private readonly namesOf = new Map<string, string[]>();
  private readonly countryNameCache = new Map<string, string>();

  constructor(rows: readonly PlaceRow[]) {
    this.rows = [...rows].sort((a, b) => b.population - a.population || a.id - b.id);
    this.folded = this.rows.map((row) => foldName(row.name));
    const entries = this.folded.map((key, index) => ({ key, index }));
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index));
    this.keys = entries.map((e) => e.key);
    this.keyRows = Int32Array.from(entries, (e) => e.index);
    this.rows.forEach((row, index) => {
      this.byId.set(row.id, index);
      const key = this.folded[index] as string;
      const same = this.byName.get(key);
      if (same) same.push(index);
      else this.byName.set(key, [index]);
    });
    const countries = new Set(this.rows.map((r) => r.country));
    for (const country of countries) {
      for (const name of [country, this.countryName(country), ...(COUNTRY_ALIASES[country] ?? [])]) {
        this.addQualifier(name, country);
      }
    }
    for (const [country, regions] of Object.entries(REGIONS)) {
      for (const [code, names] of Object.entries(regions)) {
        // Numeric codes ('08' for Ontario) mean nothing to a person who writes a city's name.
        for (const name of /^\d+$/.test(code) ? names : [code, ...names]) {
          this.addQualifier(name, `${country}/${code}`);
        }
      }
    }
  }

  get size(): number {
    return this.rows.length;
  }

  private addQualifier(name: string, target: string): void {
    const key = foldName(name);
    if (!key) return;
    const targets = this.qualifiers.get(key) ?? new Set<string>();
    targets.add(target);
    this.qualifiers.set(key, targets);
    const names = this.namesOf.get(target) ?? [];
    names.push(key);
    this.namesOf.set(target, names);
  }

  private countryName(code: string): string {
    let name = this.countryNameCache.get(code);
    if (name === undefined) {
      name = countryNames.of(code) ?? code;
      this.countryNameCache.set(code, name);
    }
    return name;
  }

  toDto(row: PlaceRow): PlaceDto {
    return {
      id: row.id,
      name: row.name,
      region: REGIONS[row.country]?.[row.regionCode]?.[0] ?? null,
      country: row.country,
      countryName: this.countryName(row.country),
      latitude: row.latitude,
      longitude: row.longitude,
      timeZone: row.timeZone,
    };
  }

  byIdOf(id: number): PlaceRow | null {
    const index = this.byId.get(id);
    return index === undefined ? null : (this.rows[index] ?? null);
  }

  /**
   * Places whose name starts with the query (folded), the most populous first; one place per name,
   * country and region (GeoNames lists some twice, as a town and as a part of a city). Text after a
   * comma narrows to places whose state or country starts with it ("London, On" → Ontario).
   */
  search(query: string, limit = PLACE_SEARCH_LIMIT): PlaceRow[] {
    const comma = query.indexOf(',');
    const prefix = foldName(comma < 0 ? query : query.slice(0, comma));
    if (!prefix) return [];
    const low = this.firstKeyFrom(prefix);
    // Every key that starts with the prefix sorts before the prefix followed by the last code unit.
    const end = this.firstKeyFrom(`${prefix}\uffff`);
    const within = comma < 0 ? '' : foldName(query.slice(comma + 1));
    const targets = within ? this.targetsStartingWith(within) : null;
    const accept = targets
      ? (index: number) => {
          const row = this.rows[index] as PlaceRow;
          return targets.has(row.country) || targets.has(`${row.country}/${row.regionCode}`);
        }
      : () => true;
    // The smallest row indexes (the most populous places) in the range, kept without sorting it all:
    // a one-letter prefix matches some 15,000 names.
    const keep = limit * 3;
    let best: ArrayLike<number> = pickSmallest(this.keyRows, low, end, keep, accept);
    let found = this.distinct(best, limit);
    if (found.length < limit && best.length === keep) {
      best = this.keyRows.slice(low, end).filter(accept).sort();
      found = this.distinct(best, limit);
    }
    return found;
  }

  /** Countries ('GB') and regions ('US/NY') with a name or code that starts with `prefix` (folded). */
  private targetsStartingWith(prefix: string): Set<string> {
    const targets = new Set<string>();
    for (const [target, names] of this.namesOf) {
      if (names.some((name) => name.startsWith(prefix))) targets.add(target);
    }
    return targets;
  }

  /** The first position whose key is not less than `key`. */
  private firstKeyFrom(key: string): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.keys[mid] as string) < key) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The first `limit` rows, one per folded name, country and region. */
  private distinct(indexes: ArrayLike<number>, limit: number): PlaceRow[] {
    const found: PlaceRow[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < indexes.length && found.length < limit; i++) {
      const index = indexes[i] as number;
      const row = this.rows[index] as PlaceRow;
      const same = `${this.folded[index]}\t${row.country}\t${row.regionCode}`;
      if (seen.has(same)) continue;
      seen.add(same);
      found.push(row);
    }
    return found;
  }

  /**
   * The place a free-text city names ("Brooklyn", "Brooklyn, NY", "Teaneck, New Jersey", "London,
   * UK"): the most populous place of that name that lies in every state or country given. A part
   * after the name that names no state or country (a postcode, "NYC") is ignored; one that names
   * another place than every match gives null, as does a name no place has. Callers fall back.
   */
  resolve(text: string): PlaceRow | null {
    const whole = foldName(text);
    if (!whole) return null;
    const exact = this.named(whole)[0];
    if (exact !== undefined) return this.rows[exact] ?? null;
    const parts = text.split(',').map(foldName).filter(Boolean);
    if (parts.length > 1) return this.bestIn(this.named(parts[0] as string), parts.slice(1));
    // "Brooklyn NY", "London UK": the last word or words as the state or country.
    const words = whole.split(' ');
    for (let take = 1; take < words.length && take <= 3; take++) {
      const qualifier = words.slice(-take).join(' ');
      if (!this.qualifiers.has(qualifier)) continue;
      const found = this.bestIn(this.named(words.slice(0, -take).join(' ')), [qualifier]);
      if (found) return found;
    }
    return null;
  }

  /** Rows of a folded name (or of the city it is another name of), the most populous first. */
  private named(key: string): number[] {
    const alias = CITY_ALIASES[key];
    const rows = [
      ...(this.byName.get(key) ?? []),
      ...(alias ? (this.byName.get(foldName(alias)) ?? []) : []),
    ];
    return alias ? rows.sort((a, b) => a - b) : rows;
  }

  private bestIn(candidates: number[], qualifiers: string[]): PlaceRow | null {
    const known = qualifiers.flatMap((q) => {
      const targets = this.qualifiers.get(q);
      return targets ? [targets] : [];
    });
    for (const index of candidates) {
      const row = this.rows[index] as PlaceRow;
      if (
        known.every((targets) => targets.has(row.country) || targets.has(`${row.country}/${row.regionCode}`))
      )
        return row;
    }
    return null;
  }
}

/** The `count` smallest accepted values of values[from..to), ascending. */
function pickSmallest(
  values: Int32Array,
  from: number,
  to: number,
  count: number,
  accept: (value: number) => boolean,
): number[] {
  const best: number[] = [];
  for (let i = from; i < to; i++) {
    const value = values[i] as number;
    if (best.length === count && value >= (best[count - 1] as number)) continue;
    if (!accept(value)) continue;
    let at = best.length;
    while (at > 0 && (best[at - 1] as number) > value) at--;
    best.splice(at, 0, value);
    if (best.length > count) best.pop();
  }
  return best;
}

let shared: PlaceIndex | undefined;

/** This process's places, read (or first generated) on first use. */
export function places(): PlaceIndex {
  shared ??= new PlaceIndex(loadTable());
  return shared;
}

export function searchPlaces(query: string): { places: PlaceDto[] } {
  const index = places();
  return { places: index.search(query).map((row) => index.toDto(row)) };
}

/** The place a free-text city names, or null (see PlaceIndex.resolve). */
export function resolvePlace(text: string): PlaceDto | null {
  const index = places();
  const row = index.resolve(text);
  return row ? index.toDto(row) : null;
}

export function placeById(id: number): PlaceDto | null {
  const index = places();
  const row = index.byIdOf(id);
  return row ? index.toDto(row) : null;
}
