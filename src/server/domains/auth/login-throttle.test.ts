import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/schemas/auth';
import { buildServer } from '../../app';
import { createUser } from '../../demo/factories';
import { messageCodeFields } from '../../platform/http/errors';
import { TooManyRequestsError } from '../../platform/limits/rate-limit';
import { rowsWhere } from '../../test/fixtures';
import { createHarness, harnessForFile, type Injects } from '../../test/harness';
import { rejection } from '../../test/rejection';
import { ACCOUNT_BACKOFF, accountKey, deleteForgottenBackoff, reserveAccountAttempt } from './login-throttle';
import { passwordVerifications } from './password';

const h = harnessForFile();

const json = { 'content-type': 'application/json' };
const unique = () => `nobody-${Math.random().toString(36).slice(2, 10)}@example.com`;
const MINUTE = 60_000;

function restLogin(server: Injects, email: string, password: string, remoteAddress = '127.0.0.1') {
  return server.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: json,
    payload: { email, password },
    remoteAddress,
  });
}

/** The whole server with a per-address ceiling of `ceiling` failed sign-ins. */
function serverWithAddressCeiling(ceiling: number) {
  return buildServer({
    ...h.deps,
    config: {
      ...h.deps.config,
      limits: { ...h.deps.config.limits, loginFailuresPerAddress: { max: ceiling, windowMs: 15 * MINUTE } },
    },
  });
}

async function addressHits(ip: string): Promise<number> {
  const row = await h.db
    .selectFrom('rateLimits')
    .select('hits')
    .where('key', '=', `login:ip:${ip}`)
    .executeTakeFirst();
  return row?.hits ?? 0;
}

describe('sign-in throttling under concurrency', () => {
  it('answers 40 simultaneous wrong passwords (REST) with at most 6 checks and 429s with Retry-After', async () => {
    const user = await createUser(h.db);
    const before = passwordVerifications();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => restLogin(h, user.email, `wrong-guess-${i}`, '10.40.0.1')),
    );
    const checks = passwordVerifications() - before;
    expect(checks).toBeLessThanOrEqual(6);
    expect(checks).toBeGreaterThanOrEqual(1);

    const unauthorized = responses.filter((r) => r.statusCode === 401);
    const limited = responses.filter((r) => r.statusCode === 429);
    expect(unauthorized).toHaveLength(checks);
    expect(unauthorized.length + limited.length).toBe(40);
    for (const res of limited) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().error).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(res.json().error.message).toMatch(
        /^Too many failed sign-in attempts\. Please try again in \d+ (seconds?|minutes?)\.$/,
      );
    }
    // Refused guesses were given back to the address: only the real checks count against it.
    expect(await addressHits('10.40.0.1')).toBe(checks);
  });

  it('holds the same way for one tRPC batch of 40 sign-ins', async () => {
    const user = await createUser(h.db);
    const calls = Array.from({ length: 40 }, () => 'auth.login').join(',');
    const body = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [
        String(i),
        { json: { email: user.email, password: `nope-${i}` } },
      ]),
    );
    const before = passwordVerifications();
    const res = await h.inject({
      method: 'POST',
      url: `/trpc/${calls}?batch=1`,
      headers: json,
      payload: body,
      remoteAddress: '10.40.0.2',
    });
    const checks = passwordVerifications() - before;
    expect(checks).toBeLessThanOrEqual(6);
    expect(checks).toBeGreaterThanOrEqual(1);

    const results = res.json() as Array<{ error?: { json: { data: { code: string } } } }>;
    expect(results).toHaveLength(40);
    const codes = results.map((r) => r.error?.json.data.code);
    expect(codes.filter((c) => c === 'UNAUTHORIZED')).toHaveLength(checks);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(40 - checks);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('per-account backoff', () => {
  it('grows after five failures, refuses even the right password meanwhile, and always ends', async () => {
    let now = Date.parse('2026-05-01T09:00:00Z');
    const timed = await createHarness({ now: () => new Date(now) });
    try {
      const user = await createUser(timed.db);
      const attempt = (password: string, ip: string) =>
        timed.anonymous({ ip }).caller.auth.login({ email: user.email, password });

      for (let i = 0; i < ACCOUNT_BACKOFF.freeAttempts; i++) {
        expect((await rejection(attempt('wrong-pass', `10.5.0.${i}`))).code).toBe('UNAUTHORIZED');
      }

      const waits: number[] = [];
      for (let round = 0; round < 8; round++) {
        // Blocked from any address, whatever the password, until the wait is over.
        const blocked = await rejection(attempt(user.password, '10.5.1.1'));
        expect(blocked).toBeInstanceOf(TooManyRequestsError);
        const seconds = (blocked as TooManyRequestsError).retryAfterSeconds;
        waits.push(seconds);
        now += seconds * 1000 - 1000;
        expect((await rejection(attempt(user.password, '10.5.1.2'))).code).toBe('TOO_MANY_REQUESTS');
        now += 1000;
        expect((await rejection(attempt('still-wrong', '10.5.1.3'))).code).toBe('UNAUTHORIZED');
      }
      expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
      expect((await rejection(attempt(user.password, '10.5.1.4'))).message).toBe(
        'Too many failed sign-in attempts. Please try again in 15 minutes.',
      );

      now += 15 * MINUTE;
      await expect(attempt(user.password, '10.5.1.5')).resolves.toMatchObject({ user: { id: user.id } });
      // A success clears the account: five free attempts again.
      for (let i = 0; i < ACCOUNT_BACKOFF.freeAttempts; i++) {
        expect((await rejection(attempt('wrong-again', '10.5.2.1'))).code).toBe('UNAUTHORIZED');
      }
      expect((await rejection(attempt('wrong-again', '10.5.2.1'))).code).toBe('TOO_MANY_REQUESTS');

      // A quiet hour forgets the failures too.
      now += ACCOUNT_BACKOFF.forgetAfterMs;
      for (let i = 0; i < ACCOUNT_BACKOFF.freeAttempts; i++) {
        expect((await rejection(attempt('after-quiet', '10.5.3.1'))).code).toBe('UNAUTHORIZED');
      }
      expect((await rejection(attempt(user.password, '10.5.3.1'))).code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await timed.close();
    }
  });

  it('keys the account by its email whatever the case, and stores no address in clear', async () => {
    const user = await createUser(h.db);
    for (let i = 0; i < ACCOUNT_BACKOFF.freeAttempts; i++) {
      await rejection(
        h
          .anonymous({ ip: '10.6.0.1' })
          .caller.auth.login({ email: user.email.toUpperCase(), password: 'x-x-x' }),
      );
    }
    const error = await rejection(
      h.anonymous({ ip: '10.6.0.2' }).caller.auth.login({ email: user.email, password: user.password }),
    );
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    const rows = await h.db.selectFrom('loginBackoff').select('key').execute();
    expect(rows.map((r) => r.key)).toContain(accountKey(user.email));
    expect(JSON.stringify(rows)).not.toContain(user.email.split('@')[0]);
  });
});

describe('per-address ceiling', () => {
  it('defaults to 100 failures in 15 minutes', () => {
    expect(h.deps.config.limits.loginFailuresPerAddress).toEqual({ max: 100, windowMs: 15 * MINUTE });
  });

  it('is not used up by a hammered account or by successes, but stops failures spread over many accounts', async () => {
    const ceiling = 10;
    const server = await serverWithAddressCeiling(ceiling);
    try {
      const wifi = '10.7.0.1';
      const victim = await createUser(h.db);
      // An attacker on the family's network hammers one account: 60 guesses, most refused by its backoff.
      const hammer = await Promise.all(
        Array.from({ length: 60 }, (_, i) => restLogin(server, victim.email, `guess-${i}`, wifi)),
      );
      expect(hammer.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(6);

      // The rest of the family signs in, many times over: successes cost the address nothing.
      const family = await Promise.all(Array.from({ length: 3 }, () => createUser(h.db)));
      for (let round = 0; round < 5; round++) {
        for (const member of family) {
          expect((await restLogin(server, member.email, member.password, wifi)).statusCode).toBe(200);
        }
      }
      // A typo or two from a family member still gets a plain 401, and then they are in.
      const [first] = family;
      if (!first) throw new Error('no family');
      expect((await restLogin(server, first.email, 'typo-typo', wifi)).statusCode).toBe(401);
      expect((await restLogin(server, first.email, first.password, wifi)).statusCode).toBe(200);

      // Failures spread over many accounts are what the ceiling is for.
      const spray = '10.7.0.2';
      const statuses: number[] = [];
      for (let i = 0; i < ceiling + 2; i++) {
        statuses.push((await restLogin(server, unique(), 'Spring2026!', spray)).statusCode);
      }
      expect(statuses.slice(0, ceiling)).toEqual(Array(ceiling).fill(401));
      expect(statuses.slice(ceiling)).toEqual([429, 429]);
      const refused = await restLogin(server, first.email, first.password, spray);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // ...and only at that address.
      expect((await restLogin(server, first.email, first.password, '10.7.0.3')).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('unknown email and wrong password', () => {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] as number;
  };

  it('get the same answer, the same bookkeeping and comparable time', async () => {
    const users = await Promise.all(Array.from({ length: 16 }, () => createUser(h.db)));
    const timeOf = async (email: string, ip: string) => {
      const started = performance.now();
      const res = await restLogin(h, email, 'Not-the-password-1', ip);
      return { ms: performance.now() - started, res };
    };
    // Warm both paths (the dummy hash is made on first use).
    await timeOf(unique(), '10.8.0.1');
    await timeOf((users.pop() as { email: string }).email, '10.8.0.1');

    const wrong: number[] = [];
    const unknown: number[] = [];
    for (const [i, user] of users.entries()) {
      const ip = `10.8.1.${i}`;
      const a = await timeOf(user.email, ip);
      const b = await timeOf(unique(), ip);
      for (const { res } of [a, b]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          error: {
            code: 'UNAUTHORIZED',
            message: MESSAGES.badCredentials,
            ...messageCodeFields(MESSAGES.badCredentials),
          },
        });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    const ratio = median(unknown) / median(wrong);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('both count against the account key, known or not', async () => {
    const email = unique();
    for (let i = 0; i < ACCOUNT_BACKOFF.freeAttempts; i++) {
      expect((await restLogin(h, email, 'whatever-1', '10.9.0.1')).statusCode).toBe(401);
    }
    expect((await restLogin(h, email, 'whatever-1', '10.9.0.1')).statusCode).toBe(429);
  });
});

describe('sweeping', () => {
  it('drops only accounts that have been quiet long enough to be forgotten', async () => {
    const at = Date.parse('2026-02-01T00:00:00Z');
    await reserveAccountAttempt(h.db, 'account:sweep-old', new Date(at));
    await reserveAccountAttempt(h.db, 'account:sweep-recent', new Date(at + ACCOUNT_BACKOFF.forgetAfterMs));
    await deleteForgottenBackoff(h.db, new Date(at + ACCOUNT_BACKOFF.forgetAfterMs + 1));
    const keys = (
      await h.db.selectFrom('loginBackoff').select('key').where('key', 'like', 'account:sweep-%').execute()
    ).map((r) => r.key);
    expect(keys).toEqual(['account:sweep-recent']);
  });
});

describe('known browsers', () => {
  it('pass the address ceiling that strangers filled, as does a signed-in owner confirming their password', async () => {
    const ceiling = 5;
    const server = await serverWithAddressCeiling(ceiling);
    try {
      const shul = '10.61.0.1';
      const owner = await createUser(h.db);
      // The owner signed in from this browser before: it holds the known-device cookie.
      const first = await restLogin(server, owner.email, owner.password, shul);
      expect(first.statusCode).toBe(200);
      const device = first.cookies.find((c) => c.name === 'simchahub_device')?.value;
      const session = first.cookies.find((c) => c.name === 'simchahub_session')?.value;
      expect(device && session).toBeTruthy();
      // Someone on the same network sprays guesses over unknown e-mails until the address is shut.
      for (let i = 0; i <= ceiling; i++) await restLogin(server, unique(), 'Spring2026!', shul);
      expect((await restLogin(server, unique(), 'Spring2026!', shul)).statusCode).toBe(429);
      // A stranger's browser there is refused even with the right password...
      expect((await restLogin(server, owner.email, owner.password, shul)).statusCode).toBe(429);
      // ...the owner's known browser is not,
      const known = await server.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...json, cookie: `simchahub_device=${device}` },
        payload: { email: owner.email, password: owner.password },
        remoteAddress: shul,
      });
      expect(known.statusCode).toBe(200);
      // ...and, signed in, they can still change their password.
      const changed = await server.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: { ...json, cookie: `simchahub_session=${session}` },
        payload: { currentPassword: owner.password, newPassword: 'Havdalah-candle-4' },
        remoteAddress: shul,
      });
      expect(changed.statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('keep the owner signing in while someone elsewhere guesses the password', async () => {
    const user = await createUser(h.db);
    // The owner signs in once from their browser, which is remembered.
    const first = h.anonymous({ ip: '10.77.0.1' });
    await first.caller.auth.login({ email: user.email, password: user.password });
    const deviceToken = first.device.value;
    expect(deviceToken).toMatch(/^[\w-]{43}$/);

    // A guesser elsewhere fills the account's backoff.
    for (let i = 0; i < 6; i++) {
      await h
        .anonymous({ ip: '10.77.0.66' })
        .caller.auth.login({ email: user.email, password: `guess-${i}` })
        .catch(() => undefined);
    }
    const elsewhere = await rejection(
      h.anonymous({ ip: '10.77.0.2' }).caller.auth.login({ email: user.email, password: user.password }),
    );
    expect(elsewhere.code).toBe('TOO_MANY_REQUESTS');

    // The remembered browser still gets in, and keeps its cookie.
    const owner = h.anonymous({ ip: '10.77.0.1', device: deviceToken });
    await expect(
      owner.caller.auth.login({ email: user.email, password: user.password }),
    ).resolves.toMatchObject({
      user: { id: user.id },
    });
    expect(owner.device.value).toBe(deviceToken);
    // Its success does not clear the guesser's backoff.
    expect(
      (
        await rejection(
          h.anonymous({ ip: '10.77.0.66' }).caller.auth.login({ email: user.email, password: 'x1' }),
        )
      ).code,
    ).toBe('TOO_MANY_REQUESTS');
  });

  it('still back off on their own, and a cookie from another account counts for nothing', async () => {
    const user = await createUser(h.db);
    const other = await createUser(h.db);
    const signedIn = h.anonymous({ ip: '10.78.0.1' });
    await signedIn.caller.auth.login({ email: other.email, password: other.password });
    const otherDevice = signedIn.device.value;

    const known = h.anonymous({ ip: '10.78.0.1' });
    await known.caller.auth.login({ email: user.email, password: user.password });
    const before = passwordVerifications();
    const tries = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        h
          .anonymous({ ip: '10.78.0.1', device: known.device.value })
          .caller.auth.login({ email: user.email, password: `wrong-${i}` }),
      ),
    );
    expect(passwordVerifications() - before).toBeLessThanOrEqual(6);
    expect(
      tries.filter((t) => t.status === 'rejected' && t.reason.code === 'TOO_MANY_REQUESTS').length,
    ).toBeGreaterThan(10);
    // Another account's cookie does not open a second allowance for this one.
    await h
      .anonymous({ ip: '10.78.0.9' })
      .caller.auth.login({ email: user.email, password: 'shared-1' })
      .catch(() => undefined);
    for (let i = 0; i < 5; i++) {
      await h
        .anonymous({ ip: '10.78.0.9' })
        .caller.auth.login({ email: user.email, password: `shared-${i + 2}` })
        .catch(() => undefined);
    }
    const borrowed = await rejection(
      h
        .anonymous({ ip: '10.78.0.9', device: otherDevice })
        .caller.auth.login({ email: user.email, password: user.password }),
    );
    expect(borrowed.code).toBe('TOO_MANY_REQUESTS');
  });

  it('set the cookie on REST sign-in as HttpOnly and long-lived', async () => {
    const user = await createUser(h.db);
    const res = await restLogin(h, user.email, user.password, '10.79.0.1');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'simchahub_device');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(new Date(cookie?.expires ?? 0).getTime() - Date.now()).toBeGreaterThan(300 * 24 * 60 * 60 * 1000);
    const stored = await rowsWhere(h.db, 'knownDevices', { userId: user.id });
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(cookie?.value);
  });
});
