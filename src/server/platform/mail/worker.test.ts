import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../demo/factories';
import { passwordResetMail } from '../../domains/auth/auth.mails';
import { turnOffEmails } from '../../test/fixtures';
import { createHarness, type TestHarness } from '../../test/harness';
import { readMailDir } from './mail-files';
import { enqueueMail } from './outbox';
import { claimDueMail } from './outbox.queries';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-test-server';
import { emlFileName, isPermanentFailure, messageIdFor } from './transport';
import {
  type MailLog,
  type MailWorker,
  type MailWorkerOptions,
  retryDelayMs,
  startMailWorker,
} from './worker';

const MINUTE = 60_000;
const FROM = 'SimchaHub <no-reply@simchahub.test>';

let h: TestHarness;
let clock: Date;
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const servers: TestSmtpServer[] = [];
const workers: MailWorker[] = [];
const mailDirs: string[] = [];

beforeAll(async () => {
  h = await createHarness();
});

afterAll(async () => {
  await h.close();
});

beforeEach(async () => {
  await h.db.deleteFrom('mailOutbox').execute();
  // Ahead of the database clock, so a row queued just now is already due.
  clock = new Date(Date.now() + 1000);
});

afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
  for (const server of servers.splice(0)) await server.close();
  for (const dir of mailDirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function smtp(behaviour: Parameters<typeof startTestSmtpServer>[0] = {}) {
  const server = await startTestSmtpServer(behaviour);
  servers.push(server);
  return server;
}

/** What the workers logged; expected retries and refusals are reported here, not on the console. */
const logged: string[] = [];
const quietLog: MailLog = {
  info: () => {},
  warn: (_details, message) => logged.push(message),
  error: (_details, message) => logged.push(message),
};

/** A worker that only sends when the test says so (runOnce), unless the test asks it to poll. */
function worker(smtpUrl: string | null, options: MailWorkerOptions = {}, log: MailLog = quietLog) {
  const mailDir = path.join(os.tmpdir(), `simchahub-mail-${randomBytes(6).toString('hex')}`);
  mailDirs.push(mailDir);
  const started = startMailWorker(
    { db: h.db, config: { smtpUrl, mailDir, mailFrom: FROM }, now, log },
    { pollIntervalMs: 60 * MINUTE, ...options },
  );
  workers.push(started);
  return { worker: started, mailDir };
}

async function queueReset(to = `reset-${randomBytes(4).toString('hex')}@example.com`, userId?: string) {
  const content = passwordResetMail({
    name: 'Miriam',
    resetUrl: `https://simchahub.test/reset-password#token=${randomBytes(24).toString('base64url')}`,
    validMinutes: 30,
  });
  const id = await enqueueMail(h.db, { kind: 'password-reset', to, userId, notification: false, ...content });
  if (!id) throw new Error('expected the reset mail to be queued');
  return { id, to, ...content };
}

/**
 * A queued mail as a worker that stopped in the middle of the row's attempt number `attempts` leaves
 * it: its lease ran out a second ago.
 */
async function mailLeftSending(attempts: number) {
  const mail = await queueReset();
  await h.db
    .updateTable('mailOutbox')
    .set({ status: 'sending', attempts, lockedUntil: new Date(clock.getTime() - 1000) })
    .where('id', '=', mail.id)
    .execute();
  return mail;
}

async function row(id: string) {
  return h.db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('mail worker over SMTP', () => {
  it('delivers a queued mail with both parts, From, To, Subject and a Message-ID from the outbox id', async () => {
    const server = await smtp();
    const mail = await queueReset('miriam@example.com');
    const { worker: w } = worker(server.url);

    expect(await w.runOnce()).toBe(1);

    expect(server.received).toHaveLength(1);
    const got = server.received[0];
    expect(got?.envelopeTo).toEqual(['miriam@example.com']);
    expect(got?.envelopeFrom).toBe('no-reply@simchahub.test');
    expect(got?.from).toBe(FROM);
    expect(got?.to).toBe('miriam@example.com');
    expect(got?.subject).toBe('Reset your SimchaHub password');
    expect(got?.messageId).toBe(`<${mail.id}@simchahub>`);
    expect(got?.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(got?.text).toBe(mail.text);
    expect(got?.html).toBe(mail.html);

    const stored = await row(mail.id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null, lastError: null });
    expect(stored.sentAt).toEqual(clock);
    // The reset link's token no longer sits in the database once the mail is out.
    expect(stored.textBody).not.toContain('#token=');
    expect(stored.htmlBody).not.toContain('#token=');
    // Already sent: nothing left to do, now or later.
    advance(24 * 60 * MINUTE);
    expect(await w.runOnce()).toBe(0);
    expect(server.received).toHaveLength(1);
  });

  it('retries a temporary refusal (451) after a backoff and then delivers it once', async () => {
    const server = await smtp({ dataReply: (n) => (n === 1 ? 451 : null) });
    const mail = await queueReset();
    const { worker: w } = worker(server.url);
    const firstTry = clock;

    expect(await w.runOnce()).toBe(1);
    expect(server.received).toHaveLength(0);
    let stored = await row(mail.id);
    expect(stored.status).toBe('pending');
    expect(stored.attempts).toBe(1);
    expect(stored.lastError).toMatch(/451/);
    const delay = stored.nextAttemptAt.getTime() - firstTry.getTime();
    expect(delay).toBeGreaterThanOrEqual(30_000);
    expect(delay).toBeLessThanOrEqual(36_000);

    // Not before the backoff has passed.
    advance(20_000);
    expect(await w.runOnce()).toBe(0);
    expect(server.attempts).toBe(1);

    advance(20_000);
    expect(await w.runOnce()).toBe(1);
    expect(server.received.map((m) => m.messageId)).toEqual([messageIdFor(mail.id)]);
    stored = await row(mail.id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('fails a permanent refusal (550) at once, without retrying', async () => {
    const server = await smtp({ rcptReply: () => 550 });
    const mail = await queueReset();
    const { worker: w } = worker(server.url);

    expect(await w.runOnce()).toBe(1);
    const stored = await row(mail.id);
    expect(stored.status).toBe('failed');
    expect(stored.attempts).toBe(1);
    expect(stored.lastError).toMatch(/550/);
    expect(stored.textBody).not.toContain('#token=');

    advance(48 * 60 * MINUTE);
    expect(await w.runOnce()).toBe(0);
    expect(server.attempts).toBe(1);
    expect(server.received).toHaveLength(0);
  });

  it('keeps a mail while the server is down and delivers it once the server is back', async () => {
    const port = await freePort();
    const mail = await queueReset();
    const { worker: w } = worker(`smtp://127.0.0.1:${port}`);

    expect(await w.runOnce()).toBe(1);
    let stored = await row(mail.id);
    expect(stored.status).toBe('pending');
    expect(stored.lastError).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);

    advance(45_000);
    expect(await w.runOnce()).toBe(1);
    stored = await row(mail.id);
    expect(stored).toMatchObject({ status: 'pending', attempts: 2 });
    // The second delay is about four times the first.
    expect(stored.nextAttemptAt.getTime() - clock.getTime()).toBeGreaterThanOrEqual(2 * MINUTE);

    const server = await smtp({ port });
    advance(3 * MINUTE);
    expect(await w.runOnce()).toBe(1);
    expect(server.received.map((m) => m.messageId)).toEqual([messageIdFor(mail.id)]);
    expect(await row(mail.id)).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('gives up as failed after the last attempt of a mail that keeps failing temporarily', async () => {
    const server = await smtp({ rcptReply: () => 421 });
    const mail = await queueReset();
    const { worker: w } = worker(server.url, { maxAttempts: 3 });

    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await w.runOnce()).toBe(1);
      advance(60 * MINUTE);
    }
    const stored = await row(mail.id);
    expect(stored.status).toBe('failed');
    expect(stored.attempts).toBe(3);
    expect(stored.lastError).toMatch(/^Gave up after 3 attempts: .*421/);
    expect(await w.runOnce()).toBe(0);
    expect(server.attempts).toBe(3);
  });

  it('two workers polling one database deliver each of 20 mails exactly once', async () => {
    const server = await smtp({ dataDelayMs: 15 });
    const queued = [];
    for (let i = 0; i < 20; i++) queued.push(await queueReset(`guest${i}@example.com`));
    const sentBy: Array<string[]> = [[], []];
    const problems: string[] = [];
    const logFor = (index: number): MailLog => ({
      info: (details) => sentBy[index]?.push((details as { outboxId: string }).outboxId),
      warn: (details, message) => problems.push(`${message}: ${JSON.stringify(details)}`),
      error: (details, message) => problems.push(`${message}: ${JSON.stringify(details)}`),
    });
    const options = { pollIntervalMs: 5, batchSize: 3 };
    const a = worker(server.url, options, logFor(0)).worker;
    const b = worker(server.url, options, logFor(1)).worker;

    const deadline = Date.now() + 15_000;
    while (server.received.length < 20 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all([a.stop(), b.stop()]);

    expect(problems).toEqual([]);
    const ids = server.received.map((m) => m.messageId).sort();
    expect(ids).toEqual(queued.map((m) => messageIdFor(m.id)).sort());
    expect(new Set(server.received.map((m) => m.envelopeTo[0])).size).toBe(20);
    expect(sentBy[0]?.length).toBeGreaterThan(0);
    expect(sentBy[1]?.length).toBeGreaterThan(0);
    expect((sentBy[0]?.length ?? 0) + (sentBy[1]?.length ?? 0)).toBe(20);
    const statuses = await h.db.selectFrom('mailOutbox').select(['status', 'attempts']).execute();
    expect(statuses.every((s) => s.status === 'sent' && s.attempts === 1)).toBe(true);
  });

  it('two workers claiming at the same moment never take the same row', async () => {
    for (let i = 0; i < 20; i++) await queueReset(`race${i}@example.com`);
    const claims = await Promise.all(
      Array.from({ length: 6 }, () =>
        claimDueMail(h.db, { now: clock, limit: 4, leaseMs: 10 * MINUTE, maxAttempts: 8 }),
      ),
    );
    const ids = claims.flat().map((c) => c.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
  });

  it('after a crash between sending and recording, a restarted worker sends the mail once, when the lease ends', async () => {
    const server = await smtp();
    const mail = await queueReset();
    // The crashed worker claimed the row (and may have sent it) but never recorded the outcome.
    const [claim] = await claimDueMail(h.db, { now: clock, limit: 10, leaseMs: 10 * MINUTE, maxAttempts: 8 });
    expect(claim?.id).toBe(mail.id);

    const { worker: restarted } = worker(server.url);
    expect(await restarted.runOnce()).toBe(0);
    advance(9 * MINUTE);
    expect(await restarted.runOnce()).toBe(0);
    expect(server.attempts).toBe(0);

    advance(2 * MINUTE);
    expect(await restarted.runOnce()).toBe(1);
    expect(await restarted.runOnce()).toBe(0);
    expect(server.received.map((m) => m.messageId)).toEqual([messageIdFor(mail.id)]);
    expect(await row(mail.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends a row left in sending with an expired lease exactly once after a restart', async () => {
    const server = await smtp();
    const mail = await mailLeftSending(1);
    const { worker: a } = worker(server.url);
    const { worker: b } = worker(server.url);

    const handled = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(handled.sort()).toEqual([0, 1]);
    expect(server.received).toHaveLength(1);
    expect(await row(mail.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives up a row whose last attempt never finished instead of sending it forever', async () => {
    const server = await smtp();
    const mail = await mailLeftSending(8);
    const { worker: w } = worker(server.url);
    expect(await w.runOnce()).toBe(0);
    expect(server.attempts).toBe(0);
    const stored = await row(mail.id);
    expect(stored.status).toBe('failed');
    expect(stored.lastError).toMatch(/Gave up after 8 attempts/);
  });

  it('stop() lets the send in flight finish and be recorded, then polls no more', async () => {
    const server = await smtp({ dataDelayMs: 300 });
    const first = await queueReset();
    const { worker: w } = worker(server.url);

    const running = w.runOnce();
    while (server.attempts === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await w.stop();

    expect(await running).toBe(1);
    expect(await row(first.id)).toMatchObject({ status: 'sent' });
    expect(server.received).toHaveLength(1);

    await queueReset();
    expect(await w.runOnce()).toBe(0);
    expect(server.attempts).toBe(1);
  });

  it('polls on its own at the configured interval', async () => {
    const server = await smtp();
    const mail = await queueReset();
    worker(server.url, { pollIntervalMs: 20 });
    const deadline = Date.now() + 5000;
    while (server.received.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(server.received.map((m) => m.messageId)).toEqual([messageIdFor(mail.id)]);
  });
});

describe('notifications', () => {
  async function queueNotification(userId: string, to: string) {
    return enqueueMail(h.db, {
      kind: 'new-message',
      to,
      userId,
      notification: true,
      subject: 'New message on SimchaHub',
      text: 'You have a new message.',
      html: '<p>You have a new message.</p>',
    });
  }

  it('skips a notification for a user who turned notifications off after it was queued; a reset still goes', async () => {
    const server = await smtp();
    const user = await createUser(h.db);
    const notification = await queueNotification(user.id, user.email);
    if (!notification) throw new Error('expected the notification to be queued');
    const reset = await queueReset(user.email, user.id);
    await turnOffEmails(h.db, user.id);

    const { worker: w } = worker(server.url);
    await w.runOnce();

    expect(server.received.map((m) => m.subject)).toEqual(['Reset your SimchaHub password']);
    expect(await row(notification)).toMatchObject({ status: 'skipped', sentAt: null });
    expect(await row(reset.id)).toMatchObject({ status: 'sent' });
    advance(24 * 60 * MINUTE);
    expect(await w.runOnce()).toBe(0);
    expect(server.attempts).toBe(1);
  });

  it('sends a notification to a user who keeps notifications on', async () => {
    const server = await smtp();
    const user = await createUser(h.db);
    const id = await queueNotification(user.id, user.email);
    const { worker: w } = worker(server.url);
    expect(await w.runOnce()).toBe(1);
    expect(server.received.map((m) => m.to)).toEqual([user.email]);
    expect(await row(id ?? '')).toMatchObject({ status: 'sent', notification: true });
  });
});

describe('mail worker without SMTP_URL (.eml files)', () => {
  it('writes each mail as a parseable .eml file named by when it was queued, its kind and id', async () => {
    const mail = await queueReset('dana@example.com');
    const { worker: w, mailDir } = worker(null);
    expect(w.description).toContain(mailDir);

    expect(await w.runOnce()).toBe(1);

    const stored = await row(mail.id);
    expect(stored.status).toBe('sent');
    const files = await readdir(mailDir);
    expect(files).toEqual([emlFileName(stored)]);
    expect(files[0]).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[\\d-]+\\.\\d{3}Z-password-reset-${mail.id}\\.eml$`),
    );

    const [read] = await readMailDir(mailDir);
    expect(read).toMatchObject({
      from: FROM,
      to: 'dana@example.com',
      subject: 'Reset your SimchaHub password',
      messageId: messageIdFor(mail.id),
      text: mail.text,
      html: mail.html,
    });
    expect(read?.headers['content-type']).toMatch(/^multipart\/alternative/);
  });

  it('keeps non-ASCII subjects and bodies intact', async () => {
    const subject = 'Mazal tov! מזל טוב — your simcha on SimchaHub';
    const text = `${'שלום '.repeat(30)}\nLine two with an emoji 🎉 and a long link https://simchahub.test/${'x'.repeat(90)}\n`;
    const id = await enqueueMail(h.db, {
      kind: 'new-message',
      to: 'dana@example.com',
      notification: false,
      subject,
      text,
      html: `<p>${text}</p>`,
    });
    const { worker: w, mailDir } = worker(null);
    expect(await w.runOnce()).toBe(1);
    const [read] = await readMailDir(mailDir);
    expect(read).toMatchObject({ subject, text, html: `<p>${text}</p>`, messageId: messageIdFor(id ?? '') });
  });

  it('sending the same row again replaces its file instead of adding a second one', async () => {
    const mail = await queueReset();
    const { worker: w, mailDir } = worker(null);
    expect(await w.runOnce()).toBe(1);
    // As after a crash between writing the file and recording it.
    await h.db
      .updateTable('mailOutbox')
      .set({ status: 'sending', sentAt: null, lockedUntil: new Date(clock.getTime() - 1) })
      .where('id', '=', mail.id)
      .execute();
    expect(await w.runOnce()).toBe(1);
    const files = await readdir(mailDir);
    expect(files).toHaveLength(1);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('keeping finished mail', () => {
  it('deletes sent, failed and skipped rows after 30 days and keeps everything else', async () => {
    const old = new Date(clock.getTime() - 31 * 24 * 60 * MINUTE);
    const recent = new Date(clock.getTime() - 29 * 24 * 60 * MINUTE);
    const base = { kind: 'test', toAddress: 'x@example.com', subject: 's', textBody: 't', htmlBody: 'h' };
    const rows = await h.db
      .insertInto('mailOutbox')
      .values([
        { ...base, subject: 'old sent', status: 'sent', sentAt: old, createdAt: old },
        { ...base, subject: 'old failed', status: 'failed', createdAt: old },
        { ...base, subject: 'old skipped', status: 'skipped', createdAt: old },
        { ...base, subject: 'recent sent', status: 'sent', sentAt: recent, createdAt: recent },
        {
          ...base,
          subject: 'old pending',
          createdAt: old,
          nextAttemptAt: new Date(clock.getTime() + MINUTE),
        },
      ])
      .returning('id')
      .execute();
    expect(rows).toHaveLength(5);
    const { worker: w } = worker(null);
    expect(await w.runOnce()).toBe(0);
    const left = await h.db.selectFrom('mailOutbox').select('subject').orderBy('subject').execute();
    expect(left.map((r) => r.subject)).toEqual(['old pending', 'recent sent']);
  });
});

describe('failure classification and backoff', () => {
  it('treats 5xx replies and bad envelopes as permanent, everything else as temporary', () => {
    expect(isPermanentFailure({ responseCode: 550 })).toBe(true);
    expect(isPermanentFailure({ responseCode: 554, code: 'EMESSAGE' })).toBe(true);
    expect(isPermanentFailure({ responseCode: 503 })).toBe(false);
    expect(isPermanentFailure({ responseCode: 451, code: 'EENVELOPE' })).toBe(false);
    expect(isPermanentFailure({ responseCode: 421 })).toBe(false);
    expect(isPermanentFailure({ code: 'EENVELOPE' })).toBe(true);
    expect(isPermanentFailure({ code: 'ECONNECTION' })).toBe(false);
    expect(isPermanentFailure(Object.assign(new Error('disk full'), { code: 'ENOSPC' }))).toBe(false);
  });

  it('grows the delay four times per attempt, with up to a fifth of jitter, capped', () => {
    const settings = { retryBaseMs: 30_000, retryMaxMs: 60 * MINUTE };
    const expected = [30_000, 2 * MINUTE, 8 * MINUTE, 32 * MINUTE, 60 * MINUTE, 60 * MINUTE];
    for (const [index, base] of expected.entries()) {
      for (let i = 0; i < 20; i++) {
        const delay = retryDelayMs(index + 1, settings);
        expect(delay).toBeGreaterThanOrEqual(base);
        expect(delay).toBeLessThanOrEqual(base * 1.2);
      }
    }
  });
});
