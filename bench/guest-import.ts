/**
 * Guest list import benchmark, against the target of issue 31 (a 1,000-row file imported in one
 * request in under 2 s on the server): POST /api/events/{id}/guests/import over HTTP to a listening
 * server (multipart, as the browser sends it), each run into a fresh list of its own, so every run
 * writes 1,000 guests in ~500 households with their invitations to the main event and a sub-event.
 * Timed: the server's time for the request (Fastify's elapsed time at onResponse) and the client's
 * wall time; also the preview (`?dryRun=true`) of the same file, and one 10,000-row import.
 *
 *   npm run bench:guest-import
 *   RUNS (per case; default 7, after one warm-up), BENCH_ADMIN_URL (PostgreSQL to make a scratch
 *   database in; default postgres://postgres@127.0.0.1:5432/postgres; `none`: PGlite only)
 *
 * Runs on the embedded database (PGlite, in its own thread, as the default install) and on
 * PostgreSQL. Writes bench/results/guest-import.json.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { buildServer } from '../src/server/app';
import { createEvent, createUser } from '../src/server/demo/factories';
import { MarketplaceCache } from '../src/server/domains/vendors/marketplace-cache';
import { createPgliteDb, createPostgresDb, type DbHandle } from '../src/server/platform/db/create-db';
import { migrateToLatest } from '../src/server/platform/db/migrate';
import { loadConfig } from '../src/server/platform/env';
import { LiveHub, liveSourceFor } from '../src/server/platform/live/hub';
import { benchSession, withScratchDatabase } from './lib/embedded-server';

const RUNS = Number(process.env.RUNS ?? 7);
const TARGET_MS = 2000;
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCRATCH = 'simchahub_bench_guests';

const FIRST = [
  'Avraham',
  'Sarah',
  'Yitzchak',
  'Rivka',
  'Yaakov',
  'Leah',
  'Rachel',
  'Moshe',
  'Miriam',
  'Dovid',
  'Chana',
  'Shmuel',
  'Esther',
  'Yosef',
  'Devorah',
  'Eli',
  'Tova',
  'Noa',
  'Ari',
  'Dina',
];
const LAST = [
  'Cohen',
  'Levy',
  'Katz',
  'Goldberg',
  'Friedman',
  'Stern',
  'Klein',
  'Weiss',
  'Gold',
  'Adler',
  'Schwartz',
  'Rosen',
  'Feldman',
  'Kaplan',
  'Berger',
  'Shapiro',
  'Mizrahi',
  'Peretz',
  'Azoulay',
  'Lévy',
];
const SIDES = ['Bride’s family', 'Groom’s family', 'Friends', 'Colleagues'];
const MEALS = ['Meat', 'Dairy', 'Fish', 'Vegetarian', 'Vegan', "Children's", ''];

/** A plausible list: two guests per household, each named, with e-mail, phone, side, meal and table. */
export function guestFile(rows: number): string {
  const lines = ['Name,Email,Phone,Household,Side,Tags,Meal,Dietary,Table,Plus-ones'];
  for (let i = 0; i < rows; i++) {
    const family = `${LAST[Math.floor(i / 2) % LAST.length]}`;
    const name = `${FIRST[i % FIRST.length]} ${family} ${Math.floor(i / 2)}`;
    lines.push(
      [
        name,
        `guest${i}@example.com`,
        `+1 (201) 555-${String(i % 10000).padStart(4, '0')}`,
        `"${family} household ${Math.floor(i / 2)}"`,
        SIDES[i % SIDES.length],
        i % 5 === 0 ? 'Shul; Cousins' : '',
        MEALS[i % MEALS.length],
        i % 11 === 0 ? '"No nuts, no sesame"' : '',
        String(1 + (Math.floor(i / 2) % 60)),
        i % 2 === 0 ? '1' : '',
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const m =
    sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return Math.round(m * 10) / 10;
}

async function bench(label: string, handle: DbHandle) {
  await migrateToLatest(handle.db);
  const live = new LiveHub(liveSourceFor(handle, { info: () => {}, warn: () => {} }));
  await live.start();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', MAX_EVENT_LOOP_DELAY_MS: '0', DATA_DIR: os.tmpdir() }),
    logLevel: 'silent' as const,
    clientDir: '/nonexistent-client-build',
  };
  config.limits.uploads = { max: 1_000_000, windowMs: 60_000 };
  const db = handle.db;
  const app = await buildServer({
    db,
    config,
    marketplace: new MarketplaceCache(),
    now: () => new Date(),
    live,
  });
  const serverMs: number[] = [];
  app.addHook('onResponse', async (_req, reply) => {
    serverMs.push(reply.elapsedTime);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const user = await createUser(db, { name: 'Bench Family' });
  const { cookie } = await benchSession(db, user.id);

  /** One request; the server's time and the client's. */
  async function post(eventId: string, file: string, query: string) {
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/csv' }), 'guests.csv');
    serverMs.length = 0;
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/events/${eventId}/guests/import${query}`, {
      method: 'POST',
      body: form,
      headers: { cookie },
    });
    const body = (await res.json()) as Record<string, unknown>;
    const client = performance.now() - started;
    if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(body)}`);
    // onResponse runs after the body is sent: wait for it.
    for (let i = 0; i < 100 && serverMs.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    return { server: serverMs[0] ?? Number.NaN, client, body };
  }

  async function newList() {
    const main = await createEvent(db, user.id, { title: 'Bench Wedding', type: 'Wedding' });
    const sub = await createEvent(db, user.id, { title: 'Sheva Brachot', type: 'Sheva Brachot' });
    await db.updateTable('events').set({ parentEventId: main.id }).where('id', '=', sub.id).execute();
    return { main: main.id, sub: sub.id };
  }

  async function timed(runs: number, file: string, query: (list: { main: string; sub: string }) => string) {
    const server: number[] = [];
    const client: number[] = [];
    let answer: Record<string, unknown> = {};
    for (let i = 0; i <= runs; i++) {
      const list = await newList();
      const r = await post(list.main, file, query(list));
      answer = r.body;
      if (i === 0) continue; // warm-up
      server.push(r.server);
      client.push(r.client);
    }
    return {
      runs,
      serverMs: {
        median: median(server),
        min: Math.round(Math.min(...server)),
        max: Math.round(Math.max(...server)),
      },
      clientMs: {
        median: median(client),
        min: Math.round(Math.min(...client)),
        max: Math.round(Math.max(...client)),
      },
      answer:
        'rows' in answer
          ? { guests: answer.guests, households: answer.households, errors: answer.errors }
          : answer,
    };
  }

  const file1k = guestFile(1000);
  const file10k = guestFile(10_000);
  const cases = {
    'import 1,000 rows (main event + 1 sub-event)': await timed(RUNS, file1k, (l) => `?invitedTo=${l.sub}`),
    'preview 1,000 rows (dryRun)': await timed(RUNS, file1k, () => '?dryRun=true'),
    'import 10,000 rows (main event)': await timed(1, file10k, () => ''),
  };
  for (const [name, c] of Object.entries(cases)) {
    console.log(
      `${label}: ${name}: server median ${c.serverMs.median} ms (${c.serverMs.min}-${c.serverMs.max}), client ${c.clientMs.median} ms`,
    );
  }
  const version = (await sql<{ v: string }>`select version() as v`.execute(db)).rows[0]?.v ?? null;
  await app.close();
  await live.stop();
  await db.destroy();
  return {
    database: version,
    fileBytes: { '1k': Buffer.byteLength(file1k), '10k': Buffer.byteLength(file10k) },
    cases,
  };
}

async function main() {
  const load = { before: os.loadavg()[0] };
  const databases: Record<string, unknown> = {};
  databases.pglite = await bench('PGlite', await createPgliteDb(null));
  if (ADMIN_URL !== 'none') {
    databases.postgres = await withScratchDatabase(ADMIN_URL, SCRATCH, (url) =>
      bench('PostgreSQL', createPostgresDb(url, { max: 10 })),
    );
  }
  return {
    date: new Date().toISOString(),
    machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version },
    loadAverage: { before: load.before, after: os.loadavg()[0] },
    targetMs: TARGET_MS,
    databases,
  };
}

const result = await main();
console.log(JSON.stringify(result, null, 2));
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
await writeFile(
  path.join(root, 'bench', 'results', 'guest-import.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
