import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/schemas/auth';
import { createUser } from '../../demo/factories';
import { harnessForFile } from '../../test/harness';
import { rejection } from '../../test/rejection';
import { hashSessionToken } from './sessions';

const h = harnessForFile();

/** Not on the common-passwords list. */
const PASSWORD = 'Kiddush-cup-7';
const unique = () => `${Math.random().toString(36).slice(2, 10)}@example.com`;

describe('register', () => {
  it('creates a customer, signs them in, and never returns the password', async () => {
    const { caller, cookie } = h.anonymous();
    const email = unique();
    const result = await caller.auth.register({
      name: '  Dana Cohen ',
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
    });
    expect(result.user).toMatchObject({ name: 'Dana Cohen', email: email.toUpperCase(), role: 'customer' });
    expect(JSON.stringify(result)).not.toMatch(/Kiddush-cup-7|password|argon/i);
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const row = await h.db
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', result.user.id)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.passwordHash).not.toContain(PASSWORD);

    const session = await h.db
      .selectFrom('sessions')
      .select(['tokenHash', 'userId'])
      .where('tokenHash', '=', hashSessionToken(cookie.value as string))
      .executeTakeFirstOrThrow();
    expect(session.userId).toBe(result.user.id);
    expect(session.tokenHash).not.toBe(cookie.value);
  });

  it('registers a vendor when asked, but never an admin', async () => {
    const vendor = await h
      .anonymous()
      .caller.auth.register({ name: 'V', email: unique(), password: PASSWORD, role: 'vendor' });
    expect(vendor.user.role).toBe('vendor');
    const error = await rejection(
      h
        .anonymous()
        .caller.auth.register({ name: 'A', email: unique(), password: PASSWORD, role: 'admin' as 'vendor' }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('Role must be customer or vendor');
  });

  it.each([
    [{ name: '', email: 'a@b.co', password: PASSWORD }, MESSAGES.requiredSignUp],
    [{ name: 'A', email: '   ', password: PASSWORD }, MESSAGES.requiredSignUp],
    [{ name: 'A', email: 'a@b.co' }, MESSAGES.requiredSignUp],
    [{ name: 'A', email: 'a@b.co', password: '12345' }, MESSAGES.passwordTooShort],
    [{ name: 'A', email: 'not-an-email', password: PASSWORD }, MESSAGES.invalidEmail],
  ])('rejects %j with the spec message', async (input, message) => {
    const error = await rejection(h.anonymous().caller.auth.register(input as never));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(message);
  });

  it('refuses a taken email whatever its case or spacing (409)', async () => {
    const email = unique();
    await h.anonymous().caller.auth.register({ name: 'First', email, password: PASSWORD });
    const error = await rejection(
      h
        .anonymous()
        .caller.auth.register({ name: 'Second', email: ` ${email.toUpperCase()}`, password: PASSWORD }),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(MESSAGES.emailTaken);
  });

  it('joins the family circle of the exact label', async () => {
    const label = `Circle ${Math.random()}`;
    await h
      .anonymous()
      .caller.auth.register({ name: 'A', email: unique(), password: PASSWORD, familyLabel: label });
    await h
      .anonymous()
      .caller.auth.register({ name: 'B', email: unique(), password: PASSWORD, familyLabel: ` ${label} ` });
    await h.anonymous().caller.auth.register({
      name: 'C',
      email: unique(),
      password: PASSWORD,
      familyLabel: label.toUpperCase(),
    });
    const circles = await h.db
      .selectFrom('familyCircles')
      .select(['label', 'memberCount'])
      .where(sql<string>`lower(label)`, '=', label.toLowerCase())
      .orderBy('label')
      .execute();
    // B typed the same label (trimmed) and waits for A's approval; C's label differs (decision 007).
    expect(circles).toEqual(
      expect.arrayContaining([
        { label, memberCount: 1 },
        { label: label.toUpperCase(), memberCount: 1 },
      ]),
    );
  });
});

describe('login', () => {
  it('signs in with a case-insensitive email and issues a new token each time', async () => {
    const user = await createUser(h.db, { email: `Mixed.${unique()}` });
    const first = h.anonymous();
    const a = await first.caller.auth.login({ email: user.email.toLowerCase(), password: user.password });
    const second = h.anonymous();
    await second.caller.auth.login({ email: ` ${user.email.toUpperCase()} `, password: user.password });
    expect(a.user.id).toBe(user.id);
    expect(first.cookie.value).not.toBe(second.cookie.value);
  });

  it('answers a wrong password or an unknown email with the same 401 message', async () => {
    const user = await createUser(h.db);
    const wrong = await rejection(
      h.anonymous({ ip: '10.0.0.1' }).caller.auth.login({ email: user.email, password: 'nope-nope' }),
    );
    const unknown = await rejection(
      h.anonymous({ ip: '10.0.0.1' }).caller.auth.login({ email: unique(), password: 'nope-nope' }),
    );
    for (const error of [wrong, unknown]) {
      expect(error.code).toBe('UNAUTHORIZED');
      expect(error.message).toBe(MESSAGES.badCredentials);
    }
  });

  it('requires email and password', async () => {
    const error = await rejection(h.anonymous().caller.auth.login({ email: '', password: '' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(MESSAGES.requiredSignIn);
  });

  it.each([
    ['customer', 'customer', true],
    ['customer', 'admin', true],
    ['customer', 'vendor', false],
    ['vendor', 'vendor', true],
    ['vendor', 'admin', true],
    ['vendor', 'customer', false],
    ['admin', 'admin', true],
    ['admin', 'customer', false],
  ] as const)('the %s sign-in page with a %s account: allowed=%s', async (portal, role, allowed) => {
    const user = await createUser(h.db, { role });
    const anon = h.anonymous();
    const attempt = anon.caller.auth.login({ email: user.email, password: user.password, portal });
    if (allowed) {
      await expect(attempt).resolves.toMatchObject({ user: { role } });
      expect(anon.cookie.value).toBeTruthy();
    } else {
      const error = await rejection(attempt);
      expect(error.code).toBe('FORBIDDEN');
      expect(error.message).toBe(
        portal === 'customer'
          ? MESSAGES.useVendorLogin
          : portal === 'vendor'
            ? MESSAGES.useCustomerLogin
            : MESSAGES.adminsOnly,
      );
      expect(anon.cookie.value).toBeNull();
      const sessions = await h.db.selectFrom('sessions').select('id').where('userId', '=', user.id).execute();
      expect(sessions).toHaveLength(0);
    }
  });
});

describe('session, me and logout', () => {
  it('session answers null when signed out, me answers 401', async () => {
    const anon = h.anonymous();
    await expect(anon.caller.auth.session()).resolves.toEqual({ user: null });
    expect((await rejection(anon.caller.auth.me())).code).toBe('UNAUTHORIZED');
  });

  it('logout deletes the session and clears the cookie', async () => {
    const { caller, cookie, user } = await h.signedIn('customer');
    await expect(caller.auth.me()).resolves.toMatchObject({ user: { id: user.id } });
    await caller.auth.logout();
    expect(cookie.value).toBe('');
    const sessions = await h.db.selectFrom('sessions').select('id').where('userId', '=', user.id).execute();
    expect(sessions).toHaveLength(0);
  });
});

describe('profile.update', () => {
  it('updates fields and preferences and refuses anonymous callers', async () => {
    const { caller, user: before } = await h.signedIn('customer');
    const { user } = await caller.profile.update({
      version: before.version,
      name: 'Leah Stern',
      phone: ' 555-0100 ',
      hebrewDatesEnabled: false,
      shabbatWarningsEnabled: false,
      emailNotificationsEnabled: false,
    });
    expect(user).toMatchObject({
      name: 'Leah Stern',
      phone: '555-0100',
      hebrewDatesEnabled: false,
      shabbatWarningsEnabled: false,
      emailNotificationsEnabled: false,
      version: before.version + 1,
    });
    const error = await rejection(h.anonymous().caller.profile.update({ version: 1, name: 'X' }));
    expect(error.code).toBe('UNAUTHORIZED');
  });

  it('refuses an email another account has (409) and unknown fields (400)', async () => {
    const other = await createUser(h.db);
    const { caller, user } = await h.signedIn('customer');
    expect(
      (
        await rejection(
          caller.profile.update({
            version: user.version,
            email: other.email.toUpperCase(),
            currentPassword: user.password,
          }),
        )
      ).code,
    ).toBe('CONFLICT');
    expect(
      (await rejection(caller.profile.update({ version: user.version, role: 'admin' } as never))).code,
    ).toBe('BAD_REQUEST');
  });

  it('keeps family circle member counts exact as people join, move and leave', async () => {
    const label = `Fam ${Math.random()}`;
    const other = `Other ${Math.random()}`;
    const count = async (l: string) =>
      (await h.db.selectFrom('familyCircles').select('memberCount').where('label', '=', l).executeTakeFirst())
        ?.memberCount ?? null;

    const a = await h.signedIn('customer');
    const b = await h.signedIn('customer');
    await a.caller.profile.update({ version: await h.versionOf('users', a.user.id), familyLabel: label });
    await b.caller.profile.update({ version: await h.versionOf('users', b.user.id), familyLabel: label });
    // Only active members count: b counts once a approves (decision 007).
    expect(await count(label)).toBe(1);
    await a.caller.family.approve({ userId: b.user.id });
    expect(await count(label)).toBe(2);
    await a.caller.profile.update({ version: await h.versionOf('users', a.user.id), familyLabel: label });
    expect(await count(label)).toBe(2);
    await b.caller.profile.update({ version: await h.versionOf('users', b.user.id), familyLabel: other });
    expect([await count(label), await count(other)]).toEqual([1, 1]);
    await a.caller.profile.update({ version: await h.versionOf('users', a.user.id), familyLabel: '' });
    expect(await count(label)).toBeNull();
  });
});
