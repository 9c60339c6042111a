import { access, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/schemas/auth';
import { MESSAGING_MESSAGES } from '../../../shared/schemas/messages';
import { createUser, createVendor } from '../../demo/factories';
import { ATTACHMENT_CACHE_CONTROL, ATTACHMENT_CSP } from '../../doors/uploads/attachments.routes';
import { messageCodeFields } from '../../platform/http/errors';
import { rowsWhere } from '../../test/fixtures';
import { harnessForFile } from '../../test/harness';
import {
  backdateStored,
  onStore,
  STORE_DRIVERS,
  storedBytes,
  storedExists,
  storedKeys,
  storeOf,
} from '../../test/stores';
import {
  gif,
  type MultipartBody,
  multipartBody,
  PHONE_MARKERS,
  phoneJpeg,
  png,
  withJpegComment,
  withPngChunk,
} from '../../test/uploads';
import { ATTACHMENT_MESSAGES, contentDisposition, displayName } from './attachment-file';
import { linkAttachments, uploadedAttachments } from './attachments.queries';
import { attachmentKey, attachmentQuotaMessage, attachmentsIncomingDir } from './attachments.service';
import { startAttachmentSweeper, sweepOrphanAttachments } from './sweeper';

const h = harnessForFile({ now: () => clock });
let clock = new Date();
const HOUR = 60 * 60 * 1000;

interface Person {
  id: string;
  cookie: string;
}
let family: Person;
let otherFamily: Person;
let owner: Person;
let otherVendor: Person;
let admin: Person;
let vendorId: string;

async function person(role: 'customer' | 'vendor' | 'admin'): Promise<Person> {
  const user = await createUser(h.db, { role });
  return { id: user.id, cookie: await h.cookieFor(user.id) };
}

beforeAll(async () => {
  // The limit of its own is tested below; elsewhere every upload goes through.
  h.deps.config.limits.attachments = { max: 10_000, windowMs: 60_000 };
  family = await person('customer');
  otherFamily = await person('customer');
  owner = await person('vendor');
  otherVendor = await person('vendor');
  admin = await person('admin');
  vendorId = (await createVendor(h.db, { ownerId: owner.id, claimed: true })).id;
});

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);

function fileForm(
  content: Buffer,
  filename: string,
  contentType = 'application/octet-stream',
): MultipartBody {
  return multipartBody([{ field: 'file', content, filename, contentType }]);
}

function post(body: MultipartBody, who: Person | null = family) {
  return h.inject({
    method: 'POST',
    url: '/api/attachments',
    headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
    payload: body.payload,
  });
}

async function upload(content: Buffer, filename: string, who: Person = family, contentType?: string) {
  const res = await post(fileForm(content, filename, contentType), who);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; contentType: string; bytes: number; url: string };
}

function download(id: string, who: Person | null) {
  return h.inject({
    method: 'GET',
    url: `/api/attachments/${id}`,
    headers: who ? { cookie: who.cookie } : {},
  });
}

const storedFile = (id: string) => storedBytes(h, attachmentKey(id));
const isStored = (id: string) => storedExists(h, attachmentKey(id));
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function hasRow(id: string): Promise<boolean> {
  return (
    (await h.db.selectFrom('attachments').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

/** A thread between the family and the listing, with one message from `sender`. */
async function threadWithMessage(sender: Person, customerId = family.id) {
  const thread = await h.db
    .insertInto('messageThreads')
    .values({ vendorId, customerId, subject: 'Wedding on 2027-06-13', lastMessageAt: clock })
    .returning('id')
    .executeTakeFirstOrThrow();
  const message = await h.db
    .insertInto('messages')
    .values({
      threadId: thread.id,
      senderId: sender.id,
      receiverId: sender.id === customerId ? owner.id : customerId,
      messageText: 'The floor plan is attached',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { threadId: thread.id, messageId: message.id };
}

async function link(uploaderId: string, ids: string[], target: { threadId: string; messageId: string }) {
  return h.db.transaction().execute((trx) => linkAttachments(trx, { uploaderId, ids, ...target }));
}

describe('POST /api/attachments: accepted files', () => {
  it('keeps a GIF byte for byte, animation and all', async () => {
    const image = await gif(40, 30);
    const body = await upload(image, 'dance.gif');
    expect(body).toMatchObject({ contentType: 'image/gif', bytes: image.length, name: 'dance.gif' });
    expect((await storedFile(body.id)).equals(image)).toBe(true);
  });

  it('re-encodes a PNG as PNG, dropping its text chunks', async () => {
    const image = withPngChunk(await png(60, 40), 'tEXt', Buffer.from('Comment\0SECRET-PNG-NOTE'));
    expect(image.includes('SECRET-PNG-NOTE')).toBe(true);
    const body = await upload(image, 'seating.png');
    expect(body.contentType).toBe('image/png');
    const stored = await storedFile(body.id);
    expect(body.bytes).toBe(stored.length);
    expect(stored.includes('SECRET-PNG-NOTE')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 60, 40]);
  });

  it('re-encodes a phone JPEG as JPEG: upright, with no EXIF, GPS or comment', async () => {
    const photo = withJpegComment(await phoneJpeg(800, 600), Buffer.from('SECRET-JPEG-COMMENT'));
    // The fixture really carries what must go: otherwise this test could not fail.
    expect(photo.includes(PHONE_MARKERS.gpsDatum)).toBe(true);
    expect(photo.includes('SECRET-JPEG-COMMENT')).toBe(true);
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const body = await upload(photo, 'IMG_0042.JPG', family, 'image/jpeg');
    expect(body).toMatchObject({ contentType: 'image/jpeg', name: 'IMG_0042.JPG' });
    const res = await download(body.id, family);
    expect(res.statusCode).toBe(200);
    const served = res.rawPayload;
    expect(served.equals(await storedFile(body.id))).toBe(true);
    for (const marker of [...Object.values(PHONE_MARKERS), 'SECRET-JPEG-COMMENT', 'Exif']) {
      expect(served.includes(marker), marker).toBe(false);
    }
    const meta = await sharp(served).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Turned upright: the sensor's 800 × 600 stands as 600 × 800.
    expect([meta.width, meta.height]).toEqual([600, 800]);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(LIMITS.attachmentBytes - PDF.length, 0x20)]);
    const body = await upload(big, 'big.pdf');
    expect(body.bytes).toBe(LIMITS.attachmentBytes);
  });
});

describe('POST /api/attachments: the type comes from the bytes', () => {
  it('stores a PNG named .pdf as the PNG it is, under a name that says so', async () => {
    const body = await upload(await png(20, 20), 'plan.pdf', family, 'application/pdf');
    expect(body).toMatchObject({ contentType: 'image/png', name: 'plan.png' });
    const res = await download(body.id, family);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
  });

  const NOT_THAT_KIND = "This file's contents are not a JPG, PNG, GIF or PDF, whatever its name says";
  it.each([
    [
      'a text file named .jpg',
      Buffer.from('just some notes, not a photo'),
      'notes.jpg',
      'image/jpeg',
      NOT_THAT_KIND,
    ],
    [
      'an HTML page named .pdf',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'a.pdf',
      'application/pdf',
      NOT_THAT_KIND,
    ],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      'logo.svg',
      'image/svg+xml',
      NOT_THAT_KIND,
    ],
    [
      'a WebP',
      Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'),
      'photo.webp',
      'image/webp',
      NOT_THAT_KIND,
    ],
    [
      'a JPEG header over garbage',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6]),
      'x.jpg',
      'image/jpeg',
      'This image is damaged or incomplete: it could not be read',
    ],
    ['an empty file', Buffer.alloc(0), 'empty.pdf', 'application/pdf', 'The file is empty'],
  ])('refuses %s, saying why', async (_what, content, filename, type, message) => {
    const before = await storedKeys(h, 'attachments/');
    const res = await post(fileForm(content, filename, type));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({ code: 'BAD_REQUEST', message, ...messageCodeFields(message) });
    expect(await storedKeys(h, 'attachments/')).toEqual(before);
    expect(await readdir(attachmentsIncomingDir(h.deps.config))).toEqual([]);
  });

  it('refuses a file over 10 MB with 413, writing at most 10 MB of it', async () => {
    const rowsBefore = await h.db.selectFrom('attachments').select('id').execute();
    const incoming = attachmentsIncomingDir(h.deps.config);
    // Three times the limit: the parser stops writing at 10 MB and the rest is only read.
    const tooBig = Buffer.concat([PDF, Buffer.alloc(3 * LIMITS.attachmentBytes - PDF.length, 0x20)]);
    let largestSeen = 0;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        for (const name of await readdir(incoming)) {
          const info = await stat(path.join(incoming, name)).catch(() => null);
          largestSeen = Math.max(largestSeen, info?.size ?? 0);
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const res = await post(fileForm(tooBig, 'huge.pdf', 'application/pdf'));
    watching = false;
    await watch;
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: ATTACHMENT_MESSAGES.tooLarge,
      ...messageCodeFields(ATTACHMENT_MESSAGES.tooLarge),
    });
    expect(largestSeen).toBeLessThanOrEqual(LIMITS.attachmentBytes);
    expect(await h.db.selectFrom('attachments').select('id').execute()).toHaveLength(rowsBefore.length);
    expect(await readdir(incoming)).toEqual([]);
  });
});

describe('POST /api/attachments: who and how', () => {
  it('answers 401 to guests and 403 to admins', async () => {
    const guest = await post(fileForm(PDF, 'a.pdf'), null);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error.message).toBe(MESSAGES.notSignedIn);
    const asAdmin = await post(fileForm(PDF, 'a.pdf'), admin);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().error).toEqual({
      code: 'FORBIDDEN',
      message: ATTACHMENT_MESSAGES.adminsCannot,
      ...messageCodeFields(ATTACHMENT_MESSAGES.adminsCannot),
    });
  });

  it('lets vendors attach files too', async () => {
    const body = await upload(PDF, 'quote.pdf', owner);
    expect(await hasRow(body.id)).toBe(true);
  });

  it('says what to send when the body is not a one-file form in the field "file"', async () => {
    const json = await h.inject({
      method: 'POST',
      url: '/api/attachments',
      headers: { cookie: family.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'a.pdf' }),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toBe(ATTACHMENT_MESSAGES.notMultipart);

    const wrongField = await post(multipartBody([{ field: 'image', content: PDF, filename: 'a.pdf' }]));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.message).toBe(ATTACHMENT_MESSAGES.wrongField);

    const two = await post(
      multipartBody([
        { field: 'file', content: PDF, filename: 'a.pdf' },
        { field: 'file', content: PDF, filename: 'b.pdf' },
      ]),
    );
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toBe(ATTACHMENT_MESSAGES.oneFile);
    expect(await readdir(attachmentsIncomingDir(h.deps.config))).toEqual([]);
  });

  it('keeps the name for display only: no path, no control characters, at most 255 characters', async () => {
    const body = await upload(PDF, '..\\..\\etc\\pass\u202Ewd\u0007.pdf');
    expect(body.name).toBe('passwd.pdf');
    const long = await upload(PDF, `${'א'.repeat(300)}.pdf`);
    expect([...long.name]).toHaveLength(255);
    expect(long.name.endsWith('א.pdf')).toBe(true);
    // Stored by id, whatever the name.
    expect(await isStored(body.id)).toBe(true);
  });

  it('answers 429 with Retry-After once the per-minute limit is used up', async () => {
    const saved = h.deps.config.limits.attachments;
    h.deps.config.limits.attachments = { max: 2, windowMs: 60_000 };
    try {
      const hurried = await person('customer');
      expect((await post(fileForm(PDF, 'a.pdf'), hurried)).statusCode).toBe(201);
      expect((await post(fileForm(PDF, 'b.pdf'), hurried)).statusCode).toBe(201);
      const third = await post(fileForm(PDF, 'c.pdf'), hurried);
      expect(third.statusCode).toBe(429);
      expect(third.json().error.message).toMatch(/^You are uploading files too quickly\./);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      h.deps.config.limits.attachments = saved;
    }
  });

  it('does not leak its multipart parser to other routes: JSON bodies still parse there', async () => {
    const res = await h.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'nobody@example.com', password: '' }),
    });
    // Refused by the schema, which only a parsed body reaches.
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues?.length).toBeGreaterThan(0);
  });
});

describe.each(STORE_DRIVERS)('POST /api/attachments: stored and counted (%s store)', (driver) => {
  onStore(h, driver);

  it('keeps a PDF byte for byte, and serves it back as a download', async () => {
    const body = await upload(PDF, 'floor plan.pdf', family, 'application/pdf');
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'floor plan.pdf',
      contentType: 'application/pdf',
      bytes: PDF.length,
      url: `/api/attachments/${body.id}`,
    });
    expect((await storedFile(body.id)).equals(PDF)).toBe(true);
    const res = await download(body.id, family);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(PDF.length));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="floor plan.pdf"; filename*=UTF-8''floor%20plan.pdf`,
    );
  });

  it('keeps each user within the attachment quota, freeing their unsent files over a day old first', async () => {
    const saved = h.deps.config.attachmentQuotaBytes;
    h.deps.config.attachmentQuotaBytes = PDF.length * 2;
    try {
      const saver = await person('customer');
      const first = await upload(PDF, 'a.pdf', saver);
      await upload(PDF, 'b.pdf', saver);
      const full = await post(fileForm(PDF, 'c.pdf'), saver);
      expect(full.statusCode).toBe(413);
      expect(full.json().error).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: attachmentQuotaMessage(h.deps.config.attachmentQuotaBytes),
        ...messageCodeFields(attachmentQuotaMessage(h.deps.config.attachmentQuotaBytes)),
      });
      // A day later the unsent files make room again.
      const dayAgo = new Date(clock.getTime() - 25 * HOUR);
      await sql`UPDATE attachments SET created_at = ${dayAgo} WHERE id = ${first.id}`.execute(h.db);
      const third = await upload(PDF, 'c.pdf', saver);
      expect(await hasRow(first.id)).toBe(false);
      expect(await isStored(first.id)).toBe(false);
      expect(await hasRow(third.id)).toBe(true);
    } finally {
      h.deps.config.attachmentQuotaBytes = saved;
    }
  });

  it('never lets concurrent uploads of one user pass the quota together', async () => {
    const saved = h.deps.config.attachmentQuotaBytes;
    h.deps.config.attachmentQuotaBytes = PDF.length * 3;
    try {
      const eager = await person('vendor');
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => post(fileForm(PDF, `${i}.pdf`), eager)),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 413, 413, 413]);
      const rows = await rowsWhere(h.db, 'attachments', { uploaderId: eager.id });
      expect(rows.reduce((sum, r) => sum + r.bytes, 0)).toBe(PDF.length * 3);
    } finally {
      h.deps.config.attachmentQuotaBytes = saved;
    }
  });
});

describe.each(STORE_DRIVERS)('GET /api/attachments/:id (%s store)', (driver) => {
  onStore(h, driver);

  it('serves an unsent file to its uploader only', async () => {
    const { id } = await upload(PDF, 'plan.pdf');
    expect((await download(id, family)).statusCode).toBe(200);
    for (const who of [otherFamily, owner, otherVendor, admin]) {
      const res = await download(id, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({
        code: 'NOT_FOUND',
        message: ATTACHMENT_MESSAGES.notFound,
        ...messageCodeFields(ATTACHMENT_MESSAGES.notFound),
      });
    }
    expect((await download(id, null)).statusCode).toBe(401);
  });

  it("serves a sent file to the thread's two parties only, following the listing's current owner", async () => {
    const { id } = await upload(PDF, 'plan.pdf');
    const thread = await threadWithMessage(family);
    await link(family.id, [id], thread);
    expect((await download(id, family)).statusCode).toBe(200);
    expect((await download(id, owner)).statusCode).toBe(200);
    for (const who of [otherFamily, otherVendor, admin])
      expect((await download(id, who)).statusCode).toBe(404);
    expect((await download(id, null)).statusCode).toBe(401);

    // The listing changes hands: the new owner reads the thread's files, the former one no longer does.
    await h.db.updateTable('vendors').set({ ownerId: otherVendor.id }).where('id', '=', vendorId).execute();
    try {
      expect((await download(id, otherVendor)).statusCode).toBe(200);
      expect((await download(id, owner)).statusCode).toBe(404);
      expect((await download(id, family)).statusCode).toBe(200);
    } finally {
      await h.db.updateTable('vendors').set({ ownerId: owner.id }).where('id', '=', vendorId).execute();
    }
  });

  it("serves a vendor's file to the family once sent", async () => {
    const { id } = await upload(PDF, 'quote.pdf', owner);
    expect((await download(id, family)).statusCode).toBe(404);
    await link(owner.id, [id], await threadWithMessage(owner));
    expect((await download(id, family)).statusCode).toBe(200);
    expect((await download(id, otherFamily)).statusCode).toBe(404);
  });

  it('answers 404 for unknown and malformed ids, and for a row whose file is gone', async () => {
    expect((await download('00000000-0000-4000-8000-000000000000', family)).statusCode).toBe(404);
    expect((await download('not-a-uuid', family)).statusCode).toBe(404);
    expect((await download('..%2F..%2Fetc%2Fpasswd', family)).statusCode).toBe(404);
    const { id } = await upload(PDF, 'gone.pdf');
    await storeOf(h).delete([attachmentKey(id)]);
    expect((await download(id, family)).statusCode).toBe(404);
  });

  it('sends headers that keep the browser from running or sniffing the file, and private caching', async () => {
    const name = 'תוכנית אולם 100% (כלה).png';
    const { id } = await upload(await png(10, 10), name);
    const res = await download(id, family);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Exactly ours: the app-wide policy of the security plugin does not add a second one.
    expect(res.headers['content-security-policy']).toBe(ATTACHMENT_CSP);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['cache-control']).toBe(ATTACHMENT_CACHE_CONTROL);
    expect(res.headers['cache-control']).toMatch(/^private, /);
    const disposition = res.headers['content-disposition'] as string;
    expect(disposition).toBe(contentDisposition('inline', name));
    expect(disposition).toMatch(
      /^inline; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%!#$&+\-.^_`|~]+$/,
    );
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe(name);
    expect(disposition).toContain('filename="______ ____ 100_ (___).png"');
  });
});

describe('linkAttachments', () => {
  it("links the uploader's unsent files to a message and returns them in order", async () => {
    const a = await upload(PDF, 'a.pdf');
    const b = await upload(await png(10, 10), 'b.png');
    const thread = await threadWithMessage(family);
    const linked = await link(family.id, [b.id, a.id], thread);
    expect(linked.map((x) => x.id)).toEqual([b.id, a.id]);
    expect(linked[0]).toEqual({
      id: b.id,
      name: 'b.png',
      contentType: 'image/png',
      bytes: b.bytes,
      url: b.url,
    });
    const rows = await uploadedAttachments(h.db, family.id, [a.id, b.id]);
    expect(rows.map((r) => [r.id, r.threadId, r.messageId])).toEqual([
      [a.id, thread.threadId, thread.messageId],
      [b.id, thread.threadId, thread.messageId],
    ]);
  });

  it("refuses someone else's upload, an already sent one and an unknown id, linking none of the list", async () => {
    const mine = await upload(PDF, 'mine.pdf');
    const theirs = await upload(PDF, 'theirs.pdf', otherFamily);
    const sent = await upload(PDF, 'sent.pdf');
    await link(family.id, [sent.id], await threadWithMessage(family));
    const thread = await threadWithMessage(family);
    for (const ids of [
      [mine.id, theirs.id],
      [mine.id, sent.id],
      [mine.id, '00000000-0000-4000-8000-000000000000'],
      ['not-a-uuid'],
    ]) {
      await expect(link(family.id, ids, thread)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: MESSAGING_MESSAGES.attachmentNotFound,
      });
    }
    // The transaction rolled back: the caller's own file is still unsent, and nobody else reads it.
    const [row] = await uploadedAttachments(h.db, family.id, [mine.id]);
    expect(row?.messageId).toBeNull();
    expect((await download(mine.id, owner)).statusCode).toBe(404);
    expect(await uploadedAttachments(h.db, family.id, [theirs.id])).toEqual([]);
  });

  it('lets only one of two sends racing for the same file have it', async () => {
    const file = await upload(PDF, 'race.pdf');
    const [one, two] = [await threadWithMessage(family), await threadWithMessage(family)];
    const results = await Promise.allSettled([
      link(family.id, [file.id], one),
      link(family.id, [file.id], two),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
  });
});

describe.each(STORE_DRIVERS)('the sweeper (%s store)', (driver) => {
  onStore(h, driver);

  it('deletes unsent files over a day old, row and file, and files without a row of that age', async () => {
    const stale = await upload(PDF, 'stale.pdf');
    const sent = await upload(PDF, 'sent.pdf');
    await link(family.id, [sent.id], await threadWithMessage(family));
    // Files without a row (a crash between moving the file and committing): judged by age on disk.
    const orphanOld = crypto.randomUUID();
    const orphanNew = crypto.randomUUID();
    await storeOf(h).put(attachmentKey(orphanOld), PDF);
    await storeOf(h).put(attachmentKey(orphanNew), PDF);
    const incomingOld = path.join(attachmentsIncomingDir(h.deps.config), `${crypto.randomUUID()}.part`);
    await writeFile(incomingOld, PDF);

    clock = new Date(clock.getTime() + 25 * HOUR);
    const fresh = await upload(PDF, 'fresh.pdf');
    const old = new Date(clock.getTime() - 25 * HOUR);
    await backdateStored(h, attachmentKey(orphanOld), old);
    await utimes(incomingOld, old, old);
    const recent = new Date(clock.getTime() - HOUR);
    for (const id of [orphanNew, fresh.id, sent.id]) await backdateStored(h, attachmentKey(id), recent);

    const removed = await sweepOrphanAttachments({ db: h.db, config: h.deps.config, now: clock });
    expect(removed).toBeGreaterThanOrEqual(2);
    expect(await hasRow(stale.id)).toBe(false);
    expect(await isStored(stale.id)).toBe(false);
    expect(await isStored(orphanOld)).toBe(false);
    expect(await exists(incomingOld)).toBe(false);
    for (const id of [sent.id, fresh.id]) {
      expect(await hasRow(id)).toBe(true);
      expect(await isStored(id)).toBe(true);
    }
    expect(await isStored(orphanNew)).toBe(true);
    expect((await download(sent.id, owner)).statusCode).toBe(200);
    // Linking a swept upload tells the sender to upload it again.
    await expect(link(family.id, [stale.id], await threadWithMessage(family))).rejects.toMatchObject({
      message: MESSAGING_MESSAGES.attachmentNotFound,
    });
    expect(await sweepOrphanAttachments({ db: h.db, config: h.deps.config, now: clock })).toBe(0);
  });

  it('runs on its own and stops cleanly', async () => {
    const stale = await upload(PDF, 'stale.pdf');
    clock = new Date(clock.getTime() + 25 * HOUR);
    const logged: string[] = [];
    const sweeper = startAttachmentSweeper(
      {
        db: h.db,
        config: h.deps.config,
        now: () => clock,
        log: { info: (_o, m) => logged.push(m), error: (_o, m) => logged.push(`error: ${m}`) },
      },
      { firstRunMs: 1, intervalMs: 60_000 },
    );
    await expect.poll(() => hasRow(stale.id), { timeout: 5000 }).toBe(false);
    await sweeper.stop();
    expect(logged).toContain('deleted attachments never sent');
  });
});

describe('displayName and contentDisposition', () => {
  it.each([
    ['plan.pdf', 'application/pdf', 'plan.pdf'],
    ['/home/me/plan.pdf', 'application/pdf', 'plan.pdf'],
    ['C:\\Users\\me\\plan.PDF', 'application/pdf', 'plan.PDF'],
    ['photo.pdf', 'image/jpeg', 'photo.jpg'],
    ['IMG_1234', 'image/jpeg', 'IMG_1234.jpg'],
    ['report.v2', 'image/png', 'report.v2.png'],
    ['', 'image/gif', 'attachment.gif'],
    ['..', 'application/pdf', 'attachment.pdf'],
    ['.pdf', 'application/pdf', 'pdf.pdf'],
    ['line\r\nbreak\t.pdf', 'application/pdf', 'linebreak.pdf'],
    ['evil\u202Efdp.exe', 'application/pdf', 'evilfdp.exe.pdf'],
  ] as const)('%j as %s is shown as %j', (raw, type, shown) => {
    expect(displayName(raw, type)).toBe(shown);
  });

  it('encodes every character outside RFC 5987 attr-char', () => {
    expect(contentDisposition('attachment', "it's (final) *v2*.pdf")).toBe(
      `attachment; filename="it's (final) *v2*.pdf"; filename*=UTF-8''it%27s%20%28final%29%20%2Av2%2A.pdf`,
    );
    expect(contentDisposition('attachment', 'a"b\\c.pdf')).toBe(
      `attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`,
    );
    expect(contentDisposition('inline', 'Café.png')).toBe(
      `inline; filename="Cafe.png"; filename*=UTF-8''Caf%C3%A9.png`,
    );
  });
});
