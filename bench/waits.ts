/**
 * The server's share of five waits people felt (issue 33): a wrong-password sign-in, an image
 * upload, a save of the vendor's listing, an ownership claim, and the admin's Vendors list. Each
 * is asked over HTTP of a listening server built as main.ts builds it, on the demo data, the way
 * the browser asks (tRPC for the app's calls, multipart for the upload, with the session cookie).
 * Timed: the server's time for the request (Fastify's elapsed time at onResponse) and the client's
 * wall time; for the upload also its steps (the encode alone), for the sign-in the argon2 check
 * alone. One warm-up, then RUNS runs (median, min-max).
 *
 *   npm run bench:waits
 *   RUNS (default 7), BENCH_ADMIN_URL (PostgreSQL to make a scratch database in; default
 *   postgres://postgres@127.0.0.1:5432/postgres; `none`: PGlite only), PHOTO (a JPEG to upload;
 *   default: a 12-megapixel JPEG made here, about 3.4 MB, with EXIF and GPS blocks)
 *
 * What the browser adds (rendering, the requests before and after) is measured apart; see
 * RESULTS.md. Writes bench/results/waits.json.
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import sharp from 'sharp';
import { createUser } from '../src/server/demo/factories';
import { seedDemoData } from '../src/server/demo/seed';
import { hashPassword, verifyPassword } from '../src/server/domains/auth/password';
import { encodeUpload } from '../src/server/domains/uploads/process-image';
import { createPgliteDb, createPostgresDb, type DbHandle } from '../src/server/platform/db/create-db';
import { benchSession, embeddedServer, withScratchDatabase } from './lib/embedded-server';

const RUNS = Number(process.env.RUNS ?? 7);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCRATCH = 'waits_bench';
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const PHOTO = path.join(os.tmpdir(), 'simchahub-bench-photo.jpg');

/** A 12-megapixel photo-like JPEG with EXIF and GPS, as a phone sends it. */
async function makePhoto(): Promise<string> {
  if (process.env.PHOTO) return process.env.PHOTO;
  const noise = await sharp({
    create: {
      width: 1008,
      height: 756,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const jpeg = await sharp(noise)
    .resize(4032, 3024, { kernel: 'cubic' })
    .jpeg({ quality: 75 })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'X' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 45/1 0/1' },
    })
    .toBuffer();
  await writeFile(PHOTO, jpeg);
  return PHOTO;
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return {
    median: Math.round(median * 10) / 10,
    min: Math.round(sorted[0] ?? 0),
    max: Math.round(sorted[sorted.length - 1] ?? 0),
  };
}

async function bench(label: string, handle: DbHandle, photo: Buffer) {
  const { app, db, close } = await embeddedServer({
    handle,
    configure: (config) => {
      config.limits.uploads = { max: 1_000_000, windowMs: 60_000 };
      config.limits.claims = { max: 1_000_000, windowMs: 60_000 };
      config.limits.loginFailuresPerAddress = { max: 1_000_000, windowMs: 60_000 };
    },
  });
  await seedDemoData(db);
  const serverMs: number[] = [];
  app.addHook('onResponse', async (_req, reply) => {
    serverMs.push(reply.elapsedTime);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const cookieOf = async (email: string) => {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return (await benchSession(db, user.id)).cookie;
  };
  const vendorCookie = await cookieOf('vendor@simchahub.com');
  const adminCookie = await cookieOf('admin@simchahub.com');
  // A vendor of its own for the claims, so the demo vendor's list stays as it was.
  const claimant = await createUser(db, { name: 'Bench Claimant', role: 'vendor' });
  const claimantCookie = await cookieOf(claimant.email);

  /** One request: the server's time and the client's. */
  async function request(url: string, init: RequestInit, expected: number) {
    serverMs.length = 0;
    const started = performance.now();
    const res = await fetch(`${base}${url}`, { ...init, headers: { origin: base, ...init.headers } });
    const body = await res.text();
    const client = performance.now() - started;
    if (res.status !== expected) throw new Error(`${url}: ${res.status} ${body.slice(0, 300)}`);
    for (let i = 0; i < 100 && serverMs.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    return { server: serverMs[0] ?? Number.NaN, client, body };
  }
  const trpcBody = (input: unknown) => JSON.stringify({ 0: { json: input } });

  async function timed(run: (i: number) => Promise<{ server: number; client: number }>) {
    const server: number[] = [];
    const client: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const r = await run(i);
      if (i === 0) continue; // warm-up
      server.push(r.server);
      client.push(r.client);
    }
    return { runs: RUNS, serverMs: stats(server), clientMs: stats(client) };
  }

  // 1. A wrong password for an existing account (each run a fresh account: five failures back off).
  const wrongPassword = await timed(async (i) => {
    const email = `bench.wrong.${label}.${i}.${Date.now()}@example.com`;
    await createUser(db, { name: 'Bench Wrong', email });
    return request(
      '/trpc/auth.login?batch=1',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: trpcBody({ email, password: 'not-the-password-1' }),
      },
      401,
    );
  });
  const hash = await hashPassword('bench-password-1');
  const argon2: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await verifyPassword(hash, 'wrong-password-1');
    argon2.push(performance.now() - started);
  }

  // 2. The upload, and the encode alone (the same file, read from disk).
  const upload = await timed(async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    return request('/api/upload', { method: 'POST', body: form, headers: { cookie: vendorCookie } }, 201);
  });
  const encode: number[] = [];
  const photoPath = path.join(os.tmpdir(), `simchahub-bench-encode-${label}.jpg`);
  await writeFile(photoPath, photo);
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    await encodeUpload(photoPath);
    if (i > 0) encode.push(performance.now() - started);
  }

  // 3. The listing's save from the dashboard form (one field changed, with its version).
  const listing = await db
    .selectFrom('vendors')
    .innerJoin('users', 'users.id', 'vendors.ownerId')
    .select(['vendors.id', 'vendors.version'])
    .where('users.email', '=', 'vendor@simchahub.com')
    .executeTakeFirstOrThrow();
  let version = listing.version;
  const listingSave = await timed(async (i) => {
    const r = await request(
      '/trpc/vendors.updateMyProfile?batch=1',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: vendorCookie },
        body: trpcBody({
          vendorId: listing.id,
          version,
          description: `Twenty years of weddings, bar and bat mitzvahs (save ${label} ${i}).`,
        }),
      },
      200,
    );
    version += 1;
    return r;
  });

  // 4. A claim on an unclaimed listing (each run another listing).
  const unclaimed = await db
    .selectFrom('vendors')
    .select('id')
    .where('ownerId', 'is', null)
    .orderBy('id')
    .limit(RUNS + 1)
    .execute();
  const claimSubmit = await timed(async (i) =>
    request(
      '/trpc/claims.submit?batch=1',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: claimantCookie },
        body: trpcBody({
          vendorId: unclaimed[i]?.id,
          businessName: 'Bench Business',
          businessDescription: 'We have run this business for twelve years.',
          businessAddress: '12 Cedar Lane, Teaneck, NJ',
          businessPhone: '201-555-0199',
          businessEmail: 'owner@example.com',
          ownershipProof: 'Business registration no. 4471, in the owner’s name.',
          idempotencyKey: crypto.randomUUID(),
        }),
      },
      200,
    ),
  );

  // 5. The admin's Vendors tab: its first page, as the tab asks for it.
  const adminVendors = await timed(async () =>
    request(
      `/trpc/admin.vendors.list?batch=1&input=${encodeURIComponent(trpcBody({ page: 1 }))}`,
      { headers: { cookie: adminCookie } },
      200,
    ),
  );

  const version_ = (await sql<{ v: string }>`select version() as v`.execute(db)).rows[0]?.v ?? null;
  await close();
  const result = {
    database: version_,
    wrongPassword: { ...wrongPassword, argon2VerifyMs: stats(argon2) },
    upload: { ...upload, photoBytes: photo.length, encodeMs: stats(encode) },
    listingSave,
    claimSubmit,
    adminVendors,
  };
  for (const [name, c] of Object.entries(result)) {
    if (typeof c === 'object' && c && 'serverMs' in c)
      console.log(`${label}: ${name}: server median ${c.serverMs.median} ms, client ${c.clientMs.median} ms`);
  }
  return result;
}

async function main() {
  const load = { before: os.loadavg() };
  const photo = await readFile(await makePhoto());
  const databases: Record<string, unknown> = {};
  databases.pglite = await bench('PGlite', await createPgliteDb(null), photo);
  if (ADMIN_URL !== 'none') {
    databases.postgres = await withScratchDatabase(ADMIN_URL, SCRATCH, (url) =>
      bench('PostgreSQL', createPostgresDb(url, { max: 10 }), photo),
    );
  }
  return {
    date: new Date().toISOString(),
    machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version },
    loadAverage: { before: load.before, after: os.loadavg() },
    databases,
  };
}

const result = await main();
await writeFile(path.join(root, 'bench', 'results', 'waits.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result.loadAverage));
