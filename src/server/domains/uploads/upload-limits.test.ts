import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../../shared/upload-images';
import { createEvent, createUser } from '../../demo/factories';
import { messageCodeFields } from '../../platform/http/errors';
import { harnessForFile } from '../../test/harness';
import { onStore, STORE_DRIVERS, storedExists, storedKeys } from '../../test/stores';
import { imageForm, png, postUpload } from '../../test/uploads';
import { encodeUpload } from './process-image';
import { StorageRefusedError } from './quota';
import { quotaMessage, storeUpload } from './upload.service';
import { uploadKeys } from './upload-files';

const h = harnessForFile({ now: () => clock });
let clock = new Date('2026-11-23T12:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function newUploader() {
  const user = await createUser(h.db);
  return { id: user.id, cookie: await h.cookieFor(user.id) };
}

async function writeTemp(content: Buffer): Promise<string> {
  // Under the data directory, which the harness deletes.
  const file = path.join(
    h.deps.config.dataDir,
    `fixture-${Date.now()}-${Math.random().toString(16).slice(2)}`,
  );
  await writeFile(file, content);
  return file;
}

const idOf = (url: string) => url.slice('/uploads/'.length, -'.webp'.length);

describe('upload rate', () => {
  it('answers the 31st upload in a minute with 429 and Retry-After, and lets the user go on after it', async () => {
    const { cookie } = await newUploader();
    expect(h.deps.config.limits.uploads).toEqual({ max: 30, windowMs: MINUTE });
    const image = await png(32, 32);
    for (let i = 0; i < 30; i++) {
      const res = await postUpload(h, imageForm(image), cookie);
      expect(res.statusCode, `upload ${i + 1}: ${res.body}`).toBe(201);
    }
    const refused = await postUpload(h, imageForm(image), cookie);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      error: {
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(
          /^You are uploading images too quickly\. Please try again in \d+ seconds?\.$/,
        ),
        messageCode: 'http.retryInSeconds',
        messageParams: { message: 'You are uploading images too quickly.', seconds: expect.any(Number) },
      },
    });

    // Another user is not held back by this one.
    const other = await newUploader();
    expect((await postUpload(h, imageForm(image), other.cookie)).statusCode).toBe(201);

    clock = new Date(clock.getTime() + MINUTE + 1000);
    expect((await postUpload(h, imageForm(image), cookie)).statusCode).toBe(201);
  });
});

describe('storage quota', () => {
  it('states the default quota in the message', () => {
    expect(h.deps.config.uploadQuotaBytes).toBe(200 * 1024 * 1024);
    expect(quotaMessage(h.deps.config.uploadQuotaBytes)).toBe(
      'You have used your 200 MB of image storage. Delete unused images and try again.',
    );
  });

  it('holds when the stores themselves overlap, as on several server processes', async () => {
    const { id } = await newUploader();
    const files = await encodeUpload(await writeTemp(await png(300, 200)));
    const bytes = files.reduce((sum, f) => sum + f.data.length, 0);
    const saved = h.deps.config.uploadQuotaBytes;
    h.deps.config.uploadQuotaBytes = Math.floor(3.5 * bytes);
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, () => storeUpload(h.deps, id, files)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      for (const r of results) {
        if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(StorageRefusedError);
      }
      const rows = await h.db.selectFrom('uploads').select('bytes').where('userId', '=', id).execute();
      expect(rows).toHaveLength(3);
    } finally {
      h.deps.config.uploadQuotaBytes = saved;
    }
  });

  it('refuses a full account before reading the body, and counts only its own uploads', async () => {
    const full = await newUploader();
    const image = await png(64, 64);
    expect((await postUpload(h, imageForm(image), full.cookie)).statusCode).toBe(201);
    const saved = h.deps.config.uploadQuotaBytes;
    h.deps.config.uploadQuotaBytes = 1;
    try {
      // Not even multipart: a full account is told so before anything is read.
      const res = await h.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { cookie: full.cookie, 'content-type': 'multipart/form-data; boundary=x' },
        payload: 'never read',
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe(quotaMessage(1));
    } finally {
      h.deps.config.uploadQuotaBytes = saved;
    }
    const other = await newUploader();
    expect((await postUpload(h, imageForm(image), other.cookie)).statusCode).toBe(201);
  });

  it('is not spent by refused files', async () => {
    const { id, cookie } = await newUploader();
    const res = await postUpload(h, imageForm(Buffer.from('<html></html>')), cookie);
    expect(res.json().error.message).toBe(UPLOAD_MESSAGES.notAnImage);
    const rows = await h.db.selectFrom('uploads').select('id').where('userId', '=', id).execute();
    expect(rows).toEqual([]);
  });
});

describe.each(STORE_DRIVERS)('storage quota, through the store (%s store)', (driver) => {
  onStore(h, driver);

  it('holds under concurrent uploads: exactly as many as fit are stored', async () => {
    const { id, cookie } = await newUploader();
    const image = await png(300, 200);
    const first = await postUpload(h, imageForm(image), cookie);
    expect(first.statusCode, first.body).toBe(201);
    const { bytes } = await h.db
      .selectFrom('uploads')
      .select('bytes')
      .where('userId', '=', id)
      .executeTakeFirstOrThrow();

    const saved = h.deps.config.uploadQuotaBytes;
    // Room for the first upload and two more of the same image, not three.
    h.deps.config.uploadQuotaBytes = Math.floor(3.5 * bytes);
    try {
      const results = await Promise.all(
        Array.from({ length: 8 }, () => postUpload(h, imageForm(image), cookie)),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 201, 413, 413, 413, 413, 413, 413]);
      for (const refused of results.filter((r) => r.statusCode === 413)) {
        expect(refused.json()).toEqual({
          error: {
            code: 'PAYLOAD_TOO_LARGE',
            message: quotaMessage(h.deps.config.uploadQuotaBytes),
            ...messageCodeFields(quotaMessage(h.deps.config.uploadQuotaBytes)),
          },
        });
      }
      const rows = await h.db.selectFrom('uploads').select('bytes').where('userId', '=', id).execute();
      expect(rows).toHaveLength(3);
      expect(rows.reduce((sum, r) => sum + r.bytes, 0)).toBeLessThanOrEqual(h.deps.config.uploadQuotaBytes);
      // Nothing of a refused upload stays in the store: three uploads, four files each.
      const mine = (await storedKeys(h, 'images/')).filter((k) =>
        [first, ...results].some((r) => r.statusCode === 201 && k.startsWith(`images/${idOf(r.json().url)}`)),
      );
      expect(mine).toHaveLength(12);
    } finally {
      h.deps.config.uploadQuotaBytes = saved;
    }
  });

  it('frees images the user no longer uses, a day after upload, when the quota is reached', async () => {
    const { id, cookie } = await newUploader();
    const image = await png(300, 200);
    const used = (await postUpload(h, imageForm(image), cookie)).json().url as string;
    const unused = (await postUpload(h, imageForm(image), cookie)).json().url as string;
    await createEvent(h.db, id, { imageUrl: used });
    const rows = await h.db.selectFrom('uploads').select('bytes').where('userId', '=', id).execute();
    const saved = h.deps.config.uploadQuotaBytes;
    h.deps.config.uploadQuotaBytes = rows.reduce((sum, r) => sum + r.bytes, 0) + 10;
    try {
      // Both are younger than a day: the unused one may still be waiting for its form to be saved.
      const early = await postUpload(h, imageForm(image), cookie);
      expect(early.statusCode).toBe(413);

      clock = new Date(clock.getTime() + DAY + MINUTE);
      const later = await postUpload(h, imageForm(image), cookie);
      expect(later.statusCode, later.body).toBe(201);
      for (const key of uploadKeys(idOf(unused))) expect(await storedExists(h, key)).toBe(false);
      for (const key of uploadKeys(idOf(used))) expect(await storedExists(h, key)).toBe(true);
      expect((await h.inject({ method: 'GET', url: unused })).statusCode).toBe(404);
      expect((await h.inject({ method: 'GET', url: used })).statusCode).toBe(200);
    } finally {
      h.deps.config.uploadQuotaBytes = saved;
    }
  });
});
