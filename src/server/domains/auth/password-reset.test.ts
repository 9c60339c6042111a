import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../shared/schemas/auth';
import { createUser } from '../../demo/factories';
import { messageCodeFields } from '../../platform/http/errors';
import { rowsWhere } from '../../test/fixtures';
import { harnessForFile } from '../../test/harness';
import { expectFieldRefused, rejection } from '../../test/rejection';
import { deleteDeadResetTokens, insertResetToken } from './account.queries';
import { ACCOUNT_BACKOFF } from './login-throttle';

let now = Date.parse('2026-06-01T08:00:00Z');
const h = harnessForFile({ now: () => new Date(now) });

const json = { 'content-type': 'application/json' };
const NEW_PASSWORD = 'Havdalah-candle-4';
const MINUTE = 60_000;
const unique = () => `nobody-${Math.random().toString(36).slice(2, 10)}@example.com`;

function post(url: string, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  return h.inject({ method: 'POST', url, headers: json, payload, remoteAddress });
}

async function resetMailsTo(email: string) {
  return h.db
    .selectFrom('mailOutbox')
    .select(['kind', 'userId', 'toAddress', 'subject', 'textBody', 'htmlBody', 'notification'])
    .where('toAddress', '=', email)
    .orderBy('createdAt')
    .execute();
}

/** The token as a person would get it: from the link in the text part of the queued mail. */
async function latestTokenFor(email: string): Promise<string> {
  const mails = await resetMailsTo(email);
  const text = mails.at(-1)?.textBody ?? '';
  const match = text.match(/\/reset-password#token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

async function liveSessions(userId: string): Promise<number> {
  const rows = await h.db.selectFrom('sessions').select('id').where('userId', '=', userId).execute();
  return rows.length;
}

describe('password reset by mail', () => {
  it('retires the links sent to an address once the account moves to another, and tells the old one', async () => {
    const me = await h.signedIn('customer', { name: 'Bracha Levi' });
    const oldEmail = me.user.email;
    expect((await post('/api/auth/password-reset', { email: oldEmail })).statusCode).toBe(200);
    const token = await latestTokenFor(oldEmail);

    const newEmail = unique();
    await me.caller.profile.update({
      version: me.user.version,
      email: newEmail,
      currentPassword: me.user.password,
    });

    const refused = await post('/api/auth/password-reset/confirm', { token, newPassword: NEW_PASSWORD });
    expect(refused.statusCode).toBe(400);
    const [, told] = await resetMailsTo(oldEmail);
    expect(told).toMatchObject({ kind: 'email-changed', userId: me.user.id, notification: false });
    expect(told?.textBody).toContain(newEmail);
    expect(told?.textBody).not.toMatch(/https?:\/\//);
    // The new address gets its own links, which work.
    expect((await post('/api/auth/password-reset', { email: newEmail })).statusCode).toBe(200);
    const fresh = await latestTokenFor(newEmail);
    expect(
      (await post('/api/auth/password-reset/confirm', { token: fresh, newPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('works end to end through the outbox: link in the mail, new password, every session ended, single use', async () => {
    const user = await createUser(h.db, { name: 'Bracha Levi' });
    const browser = await h.cookieFor(user.id);
    await h.cookieFor(user.id);
    expect(await liveSessions(user.id)).toBe(2);

    const asked = await post('/api/auth/password-reset', { email: ` ${user.email.toUpperCase()} ` });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ ok: true });

    const [mail, ...more] = await resetMailsTo(user.email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({
      kind: 'password-reset',
      userId: user.id,
      subject: 'Reset your SimchaHub password',
      notification: false,
    });
    expect(mail?.textBody).toContain('Bracha Levi');
    expect(mail?.textBody).toContain(`${h.deps.config.appUrl}/reset-password#token=`);
    const token = await latestTokenFor(user.email);
    expect(mail?.htmlBody).toContain(token);
    // Only the token's hash is stored.
    const stored = await rowsWhere(h.db, 'passwordResetTokens', { userId: user.id });
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]?.expiresAt.getTime()).toBe(now + 30 * MINUTE);

    // A common password is refused without using the link up.
    const weak = await post('/api/auth/password-reset/confirm', { token, newPassword: 'Simcha123' });
    expectFieldRefused(weak, 'newPassword', ACCOUNT_MESSAGES.passwordTooCommon);

    const done = await post('/api/auth/password-reset/confirm', { token, newPassword: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true });
    expect(done.cookies.find((c) => c.name === 'simchahub_session')).toBeUndefined();
    expect(await liveSessions(user.id)).toBe(0);
    expect(
      (await h.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: browser } })).statusCode,
    ).toBe(401);

    const again = await post('/api/auth/password-reset/confirm', { token, newPassword: 'Another-one-77' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'BAD_REQUEST',
      message: ACCOUNT_MESSAGES.resetLinkInvalid,
      ...messageCodeFields(ACCOUNT_MESSAGES.resetLinkInvalid),
    });

    expect((await post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(
      401,
    );
    expect((await post('/api/auth/login', { email: user.email, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('answers an unknown address exactly like a known one, and mails nobody', async () => {
    const user = await createUser(h.db);
    const email = unique();
    const known = await post('/api/auth/password-reset', { email: user.email });
    const unknown = await post('/api/auth/password-reset', { email });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    expect(await resetMailsTo(email)).toHaveLength(0);
    expect(await resetMailsTo(user.email)).toHaveLength(1);
  });

  it('expires after 30 minutes', async () => {
    const user = await createUser(h.db);
    await post('/api/auth/password-reset', { email: user.email });
    const early = await latestTokenFor(user.email);
    now += 29 * MINUTE;
    await expect(
      h.anonymous().caller.auth.confirmPasswordReset({ token: early, newPassword: NEW_PASSWORD }),
    ).resolves.toEqual({ ok: true });

    const other = await createUser(h.db);
    await post('/api/auth/password-reset', { email: other.email });
    const late = await latestTokenFor(other.email);
    now += 30 * MINUTE + 1000;
    const error = await rejection(
      h.anonymous().caller.auth.confirmPasswordReset({ token: late, newPassword: NEW_PASSWORD }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);
    expect((await post('/api/auth/login', { email: other.email, password: other.password })).statusCode).toBe(
      200,
    );
  });

  it('kills every other outstanding link of the user when one is used', async () => {
    const user = await createUser(h.db);
    await post('/api/auth/password-reset', { email: user.email });
    const first = await latestTokenFor(user.email);
    now += MINUTE;
    await post('/api/auth/password-reset', { email: user.email });
    const second = await latestTokenFor(user.email);
    expect(second).not.toBe(first);

    await h.anonymous().caller.auth.confirmPasswordReset({ token: second, newPassword: NEW_PASSWORD });
    const error = await rejection(
      h.anonymous().caller.auth.confirmPasswordReset({ token: first, newPassword: 'Yet-another-55' }),
    );
    expect(error.message).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);
  });

  it('lets exactly one of two racing confirmations through', async () => {
    const user = await createUser(h.db);
    await post('/api/auth/password-reset', { email: user.email });
    const token = await latestTokenFor(user.email);
    const results = await Promise.allSettled([
      h.anonymous().caller.auth.confirmPasswordReset({ token, newPassword: 'Racing-first-1' }),
      h.anonymous().caller.auth.confirmPasswordReset({ token, newPassword: 'Racing-second-2' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses made-up tokens', async () => {
    for (const token of ['x', 'A'.repeat(43), 'not a token at all']) {
      const res = await post('/api/auth/password-reset/confirm', { token, newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);
    }
  });

  it('mails one account at most 5 times an hour, still answering ok', async () => {
    const user = await createUser(h.db);
    for (let i = 0; i < 8; i++) {
      const res = await post('/api/auth/password-reset', { email: user.email }, '10.20.0.1');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await resetMailsTo(user.email)).toHaveLength(5);
    now += 61 * MINUTE;
    await post('/api/auth/password-reset', { email: user.email }, '10.20.0.1');
    expect(await resetMailsTo(user.email)).toHaveLength(6);
  });

  it('limits requests per address with a 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await post('/api/auth/password-reset', { email: unique() }, '10.21.0.1')).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const res = await post('/api/auth/password-reset', { email: unique() }, '10.21.0.1');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets the mailbox owner in at once, however many failed guesses came before', async () => {
    const user = await createUser(h.db);
    for (let i = 0; i < ACCOUNT_BACKOFF.freeAttempts; i++) {
      await post('/api/auth/login', { email: user.email, password: `guess-${i}-y` }, '10.22.0.1');
    }
    expect((await post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(
      429,
    );
    await post('/api/auth/password-reset', { email: user.email });
    const token = await latestTokenFor(user.email);
    await post('/api/auth/password-reset/confirm', { token, newPassword: NEW_PASSWORD });
    expect((await post('/api/auth/login', { email: user.email, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });
});

describe('sweeping reset links', () => {
  it('drops links a day after they expired or were used, and keeps the rest', async () => {
    const user = await createUser(h.db);
    const t = Date.parse('2030-01-01T00:00:00Z');
    const DAY = 24 * 60 * MINUTE;
    const make = async (name: string, expiresAt: number) => {
      await insertResetToken(h.db, {
        userId: user.id,
        tokenHash: createHash('sha256').update(name).digest('hex'),
        expiresAt: new Date(expiresAt),
        now: new Date(expiresAt - 30 * MINUTE),
      });
      return createHash('sha256').update(name).digest('hex');
    };
    const old = await make('old', t - DAY - 1);
    const recent = await make('recent', t - MINUTE);
    const usedLongAgo = await make('used', t + 10 * MINUTE);
    await h.db
      .updateTable('passwordResetTokens')
      .set({ usedAt: new Date(t - DAY - 1) })
      .where('tokenHash', '=', usedLongAgo)
      .execute();
    await deleteDeadResetTokens(h.db, new Date(t));
    const left = await rowsWhere(h.db, 'passwordResetTokens', { userId: user.id });
    expect(left.map((r) => r.tokenHash)).toEqual([recent]);
    expect(left.map((r) => r.tokenHash)).not.toContain(old);
  });
});
