import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app';
import { createEvent, createUser } from './demo/factories';
import { sweepOrphanAttachments } from './domains/attachments/sweeper';
import { sweepOrphanUploads } from './domains/uploads/sweeper';
import type { StorageSettings } from './platform/env';
import type { FileStore } from './platform/storage/file-store';
import { createFileStore } from './platform/storage/stores';
import type { AppDeps } from './platform/trpc/context';
import { harnessForFile } from './test/harness';
import { startTestS3, type TestS3 } from './test/s3';
import { imageForm, multipartBody, phoneJpeg, postUpload } from './test/uploads';

/**
 * Two servers on one database, each with a disk of its own, as behind a load balancer (decision
 * 039): with the `postgres` store, or the `s3` store on one bucket (an S3-protocol server this test
 * starts), what one stores the other serves, and neither's sweeper deletes what the other has just
 * stored. (PGlite here; PostgreSQL with TEST_DATABASE_URL.)
 */
const h = harnessForFile();
const DAY = 24 * 60 * 60 * 1000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Server {
  app: FastifyInstance;
  deps: AppDeps & { files: FileStore };
}

const dirs: string[] = [];
const apps: FastifyInstance[] = [];
let s3: TestS3;

/** A server as main.ts makes one: its own DATA_DIR, its own store object, the shared database. */
async function server(driver: StorageSettings['driver']): Promise<Server> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-shared-'));
  dirs.push(dir);
  const storage: StorageSettings = {
    driver,
    root: dir,
    explicit: true,
    ...(driver === 's3' ? { s3: s3.settings('shared/') } : {}),
  };
  const config = { ...h.deps.config, dataDir: dir, uploadsDir: path.join(dir, 'uploads'), storage };
  const deps = { ...h.deps, config, files: createFileStore(storage, h.db) };
  const app = await buildServer(deps);
  apps.push(app);
  return { app, deps };
}

let a: Server;
let b: Server;
let cookie: string;
let userId: string;

beforeAll(async () => {
  h.deps.config.limits.uploads = { max: 10_000, windowMs: 60_000 };
  h.deps.config.limits.attachments = { max: 10_000, windowMs: 60_000 };
  s3 = await startTestS3();
  const user = await createUser(h.db, { role: 'customer', emailConfirmed: true });
  userId = user.id;
  cookie = await h.cookieFor(user.id);
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  await s3?.close();
});

async function uploadImage(through: Server): Promise<string> {
  const res = await postUpload(through.app, imageForm(await phoneJpeg(400, 300)), cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url;
}

async function uploadAttachment(through: Server): Promise<string> {
  const body = multipartBody([
    { field: 'file', content: PDF, filename: 'plan.pdf', contentType: 'application/pdf' },
  ]);
  const res = await through.app.inject({
    method: 'POST',
    url: '/api/attachments',
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const get = (through: Server, url: string, who = cookie) =>
  through.app.inject({ method: 'GET', url, headers: who ? { cookie: who } : {} });

describe.each(['postgres', 's3'] as const)('two servers sharing the %s store', (driver) => {
  beforeAll(async () => {
    [a, b] = [await server(driver), await server(driver)];
  });

  it('serves through one server an image uploaded through the other, variants and caching alike', async () => {
    const url = await uploadImage(a);
    for (const name of [url, url.replace('.webp', '-640.webp'), url.replace('.webp', '-320.webp')]) {
      const [fromA, fromB] = [await get(a, name, ''), await get(b, name, '')];
      expect(fromB.statusCode, name).toBe(200);
      expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
      expect(fromB.headers['content-type']).toBe('image/webp');
      expect(fromB.headers['content-length']).toBe(String(fromA.rawPayload.length));
      expect(fromB.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // Nothing of it is on either server's disk.
    expect(await a.deps.files.exists(`images${url.slice('/uploads'.length)}`)).toBe(true);
    expect(a.deps.files.driver).toBe(driver);
  });

  it('serves an attachment through the other server to its uploader only', async () => {
    const id = await uploadAttachment(a);
    const mine = await get(b, `/api/attachments/${id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect(mine.headers['cache-control']).toBe('private, max-age=300');
    const stranger = await createUser(h.db, { role: 'customer' });
    expect((await get(b, `/api/attachments/${id}`, await h.cookieFor(stranger.id))).statusCode).toBe(404);
    expect((await get(b, `/api/attachments/${id}`, '')).statusCode).toBe(401);
  });

  it("does not sweep the other server's fresh files, and sweeps old ones by the same rules", async () => {
    const fresh = await uploadImage(a);
    const used = await uploadImage(a);
    await createEvent(h.db, userId, { imageUrl: used });
    const unsent = await uploadAttachment(a);
    // Files a crash on server A left without a row, just now.
    const strayImage = `images/${randomUUID()}.webp`;
    const strayAttachment = `attachments/${randomUUID()}`;
    await a.deps.files.put(strayImage, await phoneJpeg(10, 10));
    await a.deps.files.put(strayAttachment, PDF);

    // Server B sweeps now: everything of A's is within its day of grace.
    const sweepB = (now: Date) => ({ db: h.db, config: b.deps.config, files: b.deps.files, now });
    expect(await sweepOrphanUploads(sweepB(new Date()))).toBe(0);
    expect(await sweepOrphanAttachments(sweepB(new Date()))).toBe(0);
    for (const url of [fresh, used]) expect((await get(b, url, '')).statusCode).toBe(200);
    expect((await get(b, `/api/attachments/${unsent}`)).statusCode).toBe(200);
    expect(await b.deps.files.exists(strayImage)).toBe(true);
    expect(await b.deps.files.exists(strayAttachment)).toBe(true);

    // Two days on, B sweeps what nothing uses, wherever it was stored, and keeps what a row uses.
    const later = new Date(Date.now() + 2 * DAY);
    expect(await sweepOrphanUploads(sweepB(later))).toBeGreaterThanOrEqual(2);
    expect(await sweepOrphanAttachments(sweepB(later))).toBeGreaterThanOrEqual(2);
    expect((await get(a, fresh, '')).statusCode).toBe(404);
    expect((await get(a, used, '')).statusCode).toBe(200);
    expect((await get(a, used.replace('.webp', '-1280.webp'), '')).statusCode).toBe(200);
    expect((await get(a, `/api/attachments/${unsent}`)).statusCode).toBe(404);
    expect(await a.deps.files.exists(strayImage)).toBe(false);
    expect(await a.deps.files.exists(strayAttachment)).toBe(false);
  });
});

describe('two servers each with the fs store (one server only)', () => {
  it('cannot serve through one what was uploaded through the other: why postgres is the default with DATABASE_URL', async () => {
    const [c, d] = [await server('fs'), await server('fs')];
    const url = await uploadImage(c);
    expect((await get(c, url, '')).statusCode).toBe(200);
    expect((await get(d, url, '')).statusCode).toBe(404);
  });
});
