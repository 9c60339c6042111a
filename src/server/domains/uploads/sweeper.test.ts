import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, createVendor } from '../../demo/factories';
import { harnessForFile } from '../../test/harness';
import { backdateStored, onStore, STORE_DRIVERS, storedExists, storeOf } from '../../test/stores';
import { imageForm, phoneJpeg, png, postUpload } from '../../test/uploads';
import { startUploadSweeper, sweepOrphanUploads } from './sweeper';
import { imageKey, incomingDir, uploadFileNames } from './upload-files';
import { UPLOAD_URL_COLUMNS } from './uploads.queries';

const h = harnessForFile({ now: () => clock });
let clock = new Date('2026-11-23T12:00:00Z');
let userId: string;
let cookie: string;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  h.deps.config.limits.uploads = { max: 10_000, windowMs: 60_000 };
  const user = await createUser(h.db, { role: 'vendor' });
  userId = user.id;
  cookie = await h.cookieFor(user.id);
});

const idOf = (url: string) => url.slice('/uploads/'.length, -'.webp'.length);

async function uploadOne(): Promise<string> {
  const res = await postUpload(h, imageForm(await png(120, 80)), cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url;
}

const exists = (name: string) => storedExists(h, imageKey(name));

/** A file put in the store without a row, as written `ageMs` ago. */
async function storedWithoutRow(name: string, data: Buffer | string, ageMs: number) {
  await storeOf(h).put(imageKey(name), Buffer.from(data));
  await backdateStored(h, imageKey(name), new Date(clock.getTime() - ageMs));
}

async function allFilesExist(url: string): Promise<boolean> {
  const present = await Promise.all(uploadFileNames(idOf(url)).map(exists));
  return present.every(Boolean);
}

async function noFileExists(url: string): Promise<boolean> {
  const present = await Promise.all(uploadFileNames(idOf(url)).map(exists));
  return !present.some(Boolean);
}

async function hasRow(url: string): Promise<boolean> {
  const row = await h.db.selectFrom('uploads').select('id').where('id', '=', idOf(url)).executeTakeFirst();
  return row !== undefined;
}

/** An image stored before uploads had rows, written `ageMs` ago. */
async function legacyFile(ageMs: number, ext = 'jpg'): Promise<string> {
  const name = `${crypto.randomUUID()}.${ext}`;
  await storedWithoutRow(name, await phoneJpeg(20, 20), ageMs);
  return name;
}

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

describe.each(STORE_DRIVERS)('sweepOrphanUploads (%s store)', (driver) => {
  onStore(h, driver);

  it('deletes only the uploads no row refers to that are over a day old', async () => {
    const onEvent = await uploadOne();
    const asLogo = await uploadOne();
    const asImage = await uploadOne();
    const inGalleryAsVariant = await uploadOne();
    const orphan = await uploadOne();
    await createEvent(h.db, userId, { imageUrl: onEvent });
    const vendor = await createVendor(h.db, { ownerId: userId, claimed: true });
    await h.db
      .updateTable('vendors')
      .set({
        logoUrl: asLogo,
        imageUrl: asImage,
        // A row may hold a variant's URL; the upload is in use all the same.
        galleryImages: ['/images/categories/florists.svg', `/uploads/${idOf(inGalleryAsVariant)}-640.webp`],
      })
      .where('id', '=', vendor.id)
      .execute();

    advance(23 * HOUR);
    const fresh = await uploadOne();
    expect(await sweepOrphanUploads({ db: h.db, config: h.deps.config, now: clock })).toBe(0);
    expect(await allFilesExist(orphan)).toBe(true);

    advance(2 * HOUR);
    const removed = await sweepOrphanUploads({ db: h.db, config: h.deps.config, now: clock });
    expect(removed).toBe(1);
    expect(await noFileExists(orphan)).toBe(true);
    expect(await hasRow(orphan)).toBe(false);
    for (const kept of [onEvent, asLogo, asImage, inGalleryAsVariant, fresh]) {
      expect(await allFilesExist(kept), kept).toBe(true);
      expect(await hasRow(kept), kept).toBe(true);
    }
    const served = await h.inject({ method: 'GET', url: onEvent });
    expect(served.statusCode).toBe(200);
    expect((await h.inject({ method: 'GET', url: orphan })).statusCode).toBe(404);
  });

  it('keeps an image while any row still uses it, whichever row uploaded it', async () => {
    const shared = await uploadOne();
    const first = await createEvent(h.db, userId, { imageUrl: shared });
    const other = await createUser(h.db);
    const second = await createEvent(h.db, other.id, { imageUrl: shared });
    advance(25 * HOUR);

    await h.db.deleteFrom('events').where('id', '=', first.id).execute();
    await sweepOrphanUploads({ db: h.db, config: h.deps.config, now: clock });
    expect(await allFilesExist(shared)).toBe(true);

    await h.db.updateTable('events').set({ imageUrl: null }).where('id', '=', second.id).execute();
    expect(await sweepOrphanUploads({ db: h.db, config: h.deps.config, now: clock })).toBe(1);
    expect(await noFileExists(shared)).toBe(true);
  });

  it('judges files without a row (stored before rows existed) by their age and references', async () => {
    const oldUnused = await legacyFile(25 * HOUR);
    const oldUsed = await legacyFile(25 * HOUR, 'png');
    const recent = await legacyFile(HOUR, 'gif');
    await createEvent(h.db, userId, { imageUrl: `/uploads/${oldUsed}` });
    // A crash between writing the files and committing their row leaves files like these.
    const leftoverId = crypto.randomUUID();
    for (const name of uploadFileNames(leftoverId)) await storedWithoutRow(name, 'x', 30 * HOUR);
    await storedWithoutRow('not-an-upload.txt', 'keep', clock.getTime());

    const removed = await sweepOrphanUploads({ db: h.db, config: h.deps.config, now: () => clock });
    expect(removed).toBe(2);
    expect(await exists(oldUnused)).toBe(false);
    expect(await exists(oldUsed)).toBe(true);
    expect(await exists(recent)).toBe(true);
    expect(await exists('not-an-upload.txt')).toBe(true);
    for (const name of uploadFileNames(leftoverId)) expect(await exists(name)).toBe(false);
  });
});

describe('sweepOrphanUploads on this server', () => {
  it('clears abandoned incoming files after an hour', async () => {
    const stale = path.join(incomingDir(h.deps.config), 'abandoned.part');
    const live = path.join(incomingDir(h.deps.config), 'arriving.part');
    await writeFile(stale, 'x');
    await writeFile(live, 'x');
    const at = new Date(Date.now() - 2 * HOUR);
    await utimes(stale, at, at);
    await sweepOrphanUploads({ db: h.db, config: h.deps.config, now: new Date() });
    expect(await readdir(incomingDir(h.deps.config))).toEqual(['arriving.part']);
  });
});

describe.each(STORE_DRIVERS)('startUploadSweeper (%s store)', (driver) => {
  onStore(h, driver);

  it('sweeps on its own schedule and stops cleanly', async () => {
    const orphan = await uploadOne();
    advance(25 * HOUR);
    const sweeper = startUploadSweeper(
      { db: h.db, config: h.deps.config, now: () => clock },
      { firstRunMs: 0, intervalMs: 50 },
    );
    const deadline = Date.now() + 5000;
    while ((await hasRow(orphan)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await sweeper.stop();
    expect(await hasRow(orphan)).toBe(false);
    expect(await noFileExists(orphan)).toBe(true);
  });
});

describe('columns that hold uploads', () => {
  /** Columns whose names suggest images but that never hold an upload's URL, and why. */
  const NOT_UPLOAD_URLS = new Map([
    [
      'availability_requests.attachments',
      "names, sizes and types of the request's files, with the id of each attachment, never an /uploads/ URL",
    ],
    // Conversation files live in DATA_DIR/attachments with a sweeper of their own (src/server/domains/attachments).
    ['attachments.uploader_id', 'the user who uploaded a conversation file'],
    [
      'quotes.attachment_ids',
      "ids of the conversation files sent with a quote, linked to the quote's message like any other",
    ],
  ]);

  it('lists every column whose name suggests an image, so the sweeper never deletes one in use', async () => {
    const { rows } = await sql<{ table: string; column: string }>`
      SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
      WHERE table_schema = 'public'
        AND column_name ~ '(image|logo|photo|picture|avatar|gallery|upload|attachment|banner|cover)'
      ORDER BY 1, 2`.execute(h.db);
    const listed = new Set(UPLOAD_URL_COLUMNS.map((c) => `${c.table}.${c.column}`));
    const unaccounted = rows
      .map((r) => `${r.table}.${r.column}`)
      .filter((name) => !listed.has(name) && !NOT_UPLOAD_URLS.has(name));
    expect(unaccounted).toEqual([]);
    for (const name of listed) expect(rows.map((r) => `${r.table}.${r.column}`)).toContain(name);
  });
});
