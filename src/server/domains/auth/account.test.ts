import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES } from '../../../shared/schemas/auth';
import { buildServer } from '../../app';
import { createUser } from '../../demo/factories';
import { messageCodeFields } from '../../platform/http/errors';
import { TooManyRequestsError } from '../../platform/limits/rate-limit';
import { harnessForFile } from '../../test/harness';
import { expectFieldRefused, rejection } from '../../test/rejection';
import { describeDevice } from './device';
import { ACCOUNT_BACKOFF } from './login-throttle';
import { hashSessionToken } from './sessions';

const h = harnessForFile();

const json = { 'content-type': 'application/json' };
const NEW_PASSWORD = 'Challah-braid-9';
const unique = () => `${Math.random().toString(36).slice(2, 10)}@example.com`;

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function sessionIdsOf(userId: string): Promise<string[]> {
  const rows = await h.db.selectFrom('sessions').select('id').where('userId', '=', userId).execute();
  return rows.map((r) => r.id).sort();
}

async function restLogin(email: string, password: string, userAgent?: string) {
  const res = await h.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: userAgent ? { ...json, 'user-agent': userAgent } : json,
    payload: { email, password },
  });
  const cookie = res.cookies.find((c) => c.name === 'simchahub_session');
  return { res, cookie: cookie ? `simchahub_session=${cookie.value}` : null };
}

describe('change password', () => {
  it('needs the current password, ends every other session of the user and keeps this one', async () => {
    const me = await h.signedIn('customer');
    const otherDevice = await h.cookieFor(me.user.id);
    const thirdDevice = await h.cookieFor(me.user.id);
    const someoneElse = await h.signedIn('customer');
    const current = me.caller;
    const currentSessionId = (await current.auth.sessions()).sessions.find((s) => s.current)?.id;
    expect((await sessionIdsOf(me.user.id)).length).toBe(3);

    const wrong = await rejection(
      current.auth.changePassword({ currentPassword: 'not-my-password', newPassword: NEW_PASSWORD }),
    );
    expect(wrong.code).toBe('BAD_REQUEST');
    expect(wrong.message).toBe(ACCOUNT_MESSAGES.currentPasswordIncorrect);
    expect((await sessionIdsOf(me.user.id)).length).toBe(3);

    await expect(
      current.auth.changePassword({ currentPassword: me.user.password, newPassword: NEW_PASSWORD }),
    ).resolves.toEqual({ ok: true });

    expect(await sessionIdsOf(me.user.id)).toEqual([currentSessionId]);
    expect((await sessionIdsOf(someoneElse.user.id)).length).toBe(1);
    await expect(current.auth.me()).resolves.toMatchObject({ user: { id: me.user.id } });
    for (const cookie of [otherDevice, thirdDevice]) {
      const res = await h.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(res.statusCode).toBe(401);
    }
    expect((await restLogin(me.user.email, me.user.password)).res.statusCode).toBe(401);
    expect((await restLogin(me.user.email, NEW_PASSWORD)).res.statusCode).toBe(200);
  });

  it('works over REST (POST /api/auth/password) with field-level errors', async () => {
    const user = await createUser(h.db);
    const mine = await h.cookieFor(user.id);
    const other = await h.cookieFor(user.id);
    const post = (payload: Record<string, unknown>) =>
      h.inject({ method: 'POST', url: '/api/auth/password', headers: { ...json, cookie: mine }, payload });

    const wrong = await post({ currentPassword: 'nope-nope', newPassword: NEW_PASSWORD });
    expectFieldRefused(wrong, 'currentPassword', ACCOUNT_MESSAGES.currentPasswordIncorrect);
    const short = await post({ currentPassword: user.password, newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.issues).toEqual([
      {
        path: ['newPassword'],
        message: MESSAGES.passwordTooShort,
        ...messageCodeFields(MESSAGES.passwordTooShort),
      },
    ]);

    const ok = await post({ currentPassword: user.password, newPassword: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect(
      (await h.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: mine } })).statusCode,
    ).toBe(200);
    expect(
      (await h.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: other } })).statusCode,
    ).toBe(401);
    const anonymous = await h.request('POST', '/api/auth/password', null, {
      currentPassword: 'a-b-c-d',
      newPassword: NEW_PASSWORD,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('cannot be used to guess the password: wrong current passwords back off like sign-ins', async () => {
    const me = await h.signedIn('customer');
    for (let i = 0; i < ACCOUNT_BACKOFF.freeAttempts; i++) {
      const error = await rejection(
        me.caller.auth.changePassword({ currentPassword: `guess-${i}-x`, newPassword: NEW_PASSWORD }),
      );
      expect(error.message).toBe(ACCOUNT_MESSAGES.currentPasswordIncorrect);
    }
    const blocked = await rejection(
      me.caller.auth.changePassword({ currentPassword: me.user.password, newPassword: NEW_PASSWORD }),
    );
    expect(blocked).toBeInstanceOf(TooManyRequestsError);
    // The same account counter as sign-in: guessing here also holds sign-in back.
    const login = await rejection(
      h
        .anonymous({ ip: '10.11.0.1' })
        .caller.auth.login({ email: me.user.email, password: me.user.password }),
    );
    expect(login.code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('changing the email', () => {
  it('needs the current password; other fields do not', async () => {
    const me = await h.signedIn('customer');
    const newEmail = unique();

    const named = await me.caller.profile.update({ version: me.user.version, name: 'Just A Name' });
    expect(named.user).toMatchObject({ name: 'Just A Name', version: me.user.version + 1 });
    // Other capitals of the same address are no change of address: no password needed.
    const { user: recased } = await me.caller.profile.update({
      version: named.user.version,
      email: me.user.email.toUpperCase(),
    });

    const missing = await rejection(
      me.caller.profile.update({ version: recased.version, email: newEmail, name: 'Changed' }),
    );
    expect(missing.code).toBe('BAD_REQUEST');
    expect(missing.message).toBe(ACCOUNT_MESSAGES.currentPasswordForEmail);
    const wrong = await rejection(
      me.caller.profile.update({
        version: recased.version,
        email: newEmail,
        currentPassword: 'definitely-wrong',
      }),
    );
    expect(wrong.code).toBe('BAD_REQUEST');
    expect(wrong.message).toBe(ACCOUNT_MESSAGES.currentPasswordIncorrect);
    const unchanged = await h.db
      .selectFrom('users')
      .select(['email', 'name'])
      .where('id', '=', me.user.id)
      .executeTakeFirstOrThrow();
    expect(unchanged).toEqual({ email: me.user.email.toUpperCase(), name: 'Just A Name' });

    const { user } = await me.caller.profile.update({
      version: recased.version,
      email: newEmail,
      currentPassword: me.user.password,
    });
    expect(user.email).toBe(newEmail);
  });

  it('answers REST PATCH /api/profile with the field named', async () => {
    const user = await createUser(h.db);
    const cookie = await h.cookieFor(user.id);
    const patch = (payload: Record<string, unknown>) =>
      h.inject({ method: 'PATCH', url: '/api/profile', headers: { ...json, cookie }, payload });
    const newEmail = unique();

    const missing = await patch({ version: user.version, email: newEmail });
    expectFieldRefused(missing, 'currentPassword', ACCOUNT_MESSAGES.currentPasswordForEmail);
    const wrong = await patch({ version: user.version, email: newEmail, currentPassword: 'wrong-one' });
    expect(wrong.json().error.issues).toEqual([
      {
        path: ['currentPassword'],
        message: ACCOUNT_MESSAGES.currentPasswordIncorrect,
        ...messageCodeFields(ACCOUNT_MESSAGES.currentPasswordIncorrect),
      },
    ]);
    const ok = await patch({
      version: user.version,
      email: newEmail,
      currentPassword: user.password,
      phone: '555-0101',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ email: newEmail, phone: '555-0101', version: user.version + 1 });
  });
});

describe('sessions list', () => {
  it('shows each live session with a readable device, marks this one, and signs out the others', async () => {
    const user = await createUser(h.db);
    const mac = await restLogin(user.email, user.password, CHROME_MAC);
    const windows = await restLogin(user.email, user.password, FIREFOX_WINDOWS);
    if (!mac.cookie || !windows.cookie) throw new Error('no session cookie');

    const list = await h.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: { cookie: mac.cookie },
    });
    expect(list.statusCode).toBe(200);
    const { sessions } = list.json() as {
      sessions: Array<{
        id: string;
        device: string;
        ipAddress: string | null;
        createdAt: string;
        lastSeenAt: string;
        current: boolean;
      }>;
    };
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ device: 'Chrome on macOS', current: true, ipAddress: '127.0.0.1' });
    expect(sessions[1]).toMatchObject({ device: 'Firefox on Windows', current: false });
    for (const s of sessions) {
      expect(Number.isNaN(Date.parse(s.createdAt))).toBe(false);
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
      expect(Object.keys(s).sort()).toEqual([
        'createdAt',
        'current',
        'device',
        'id',
        'ipAddress',
        'lastSeenAt',
      ]);
    }

    const ended = await h.inject({
      method: 'POST',
      url: '/api/auth/sessions/sign-out-others',
      headers: { cookie: mac.cookie },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });
    expect(
      (await h.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: windows.cookie } }))
        .statusCode,
    ).toBe(401);
    const after = await h.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: { cookie: mac.cookie },
    });
    expect(after.json().sessions.map((s: { device: string }) => s.device)).toEqual(['Chrome on macOS']);
    const token = mac.cookie.split('=')[1] as string;
    const row = await h.db
      .selectFrom('sessions')
      .select('userId')
      .where('tokenHash', '=', hashSessionToken(token))
      .executeTakeFirst();
    expect(row?.userId).toBe(user.id);
  });

  it('never lists another user’s sessions, nor expired ones', async () => {
    const me = await h.signedIn('customer');
    await h.signedIn('customer');
    await h.db
      .insertInto('sessions')
      .values({
        tokenHash: 'f'.repeat(64),
        userId: me.user.id,
        expiresAt: new Date(Date.now() - 1000),
        userAgent: CHROME_MAC,
        ipAddress: '10.0.0.9',
      })
      .execute();
    const { sessions } = await me.caller.auth.sessions();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.current).toBe(true);
    await expect(me.caller.auth.signOutOtherSessions()).resolves.toEqual({ ended: 0 });
    expect((await rejection(h.anonymous().caller.auth.sessions())).code).toBe('UNAUTHORIZED');
  });

  it.each([
    [CHROME_MAC, 'Chrome on macOS'],
    [FIREFOX_WINDOWS, 'Firefox on Windows'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari on macOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      'Headless Chrome on Linux',
    ],
    ['curl/8.5.0', 'curl'],
    [null, 'Unknown device'],
    ['', 'Unknown device'],
  ])('names %s as %s', (ua, name) => {
    expect(describeDevice(ua)).toBe(name);
  });
});

describe('sign-up limit per address', () => {
  it('defaults to 60 an hour', () => {
    expect(h.deps.config.limits.signupPerAddress).toEqual({ max: 60, windowMs: 60 * 60_000 });
  });

  it('answers 429 with Retry-After past the limit, for that address only', async () => {
    const server = await buildServer({
      ...h.deps,
      config: {
        ...h.deps.config,
        limits: { ...h.deps.config.limits, signupPerAddress: { max: 3, windowMs: 60 * 60_000 } },
      },
    });
    try {
      const signUp = (remoteAddress: string) =>
        server.inject({
          method: 'POST',
          url: '/api/auth/register',
          headers: json,
          payload: { name: 'Nechama', email: unique(), password: NEW_PASSWORD },
          remoteAddress,
        });
      for (let i = 0; i < 3; i++) expect((await signUp('10.12.0.1')).statusCode).toBe(201);
      const refused = await signUp('10.12.0.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect(refused.json().error).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many accounts were created from this network. Please try again in 60 minutes.',
        messageCode: 'http.retryInMinutes',
        messageParams: { message: ACCOUNT_MESSAGES.signUpTooMany, minutes: 60 },
      });
      expect((await signUp('10.12.0.2')).statusCode).toBe(201);
    } finally {
      await server.close();
    }
  });
});
