import { describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '../../../shared/i18n';
import { MESSAGES } from '../../../shared/schemas/auth';
import { createUser } from '../../demo/factories';
import { harnessForFile } from '../../test/harness';
import { expectFieldRefused, expectRejected } from '../../test/rejection';

const h = harnessForFile();

const unique = () => `lang-${Math.random().toString(36).slice(2, 10)}@example.com`;
const signUp = (extra: Record<string, unknown> = {}) => ({
  name: 'Noa Levi',
  email: unique(),
  password: 'a-long-passphrase-42',
  ...extra,
});

async function storedLanguage(userId: string): Promise<string> {
  const row = await h.db
    .selectFrom('users')
    .select('language')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.language;
}

describe('a new account takes the language of its sign-up', () => {
  it('is English when the request asks for none', async () => {
    const { user } = await h.anonymous().caller.auth.register(signUp());
    expect(user.language).toBe('en');
    expect(await storedLanguage(user.id)).toBe('en');
  });

  it("is the request's language, unless the form names one", async () => {
    const asked = await h.anonymous({ language: 'he' }).caller.auth.register(signUp());
    expect(asked.user.language).toBe('he');
    expect(await storedLanguage(asked.user.id)).toBe('he');
    const named = await h.anonymous({ language: 'he' }).caller.auth.register(signUp({ language: 'en' }));
    expect(named.user.language).toBe('en');
  });

  it('over REST: the lang cookie first, else Accept-Language', async () => {
    const byHeader = await h.request('POST', '/api/auth/register', null, signUp(), {
      'accept-language': 'he-IL,he;q=0.9,en;q=0.8',
    });
    expect(byHeader.statusCode).toBe(201);
    expect(byHeader.json().user.language).toBe('he');

    const byCookie = await h.request('POST', '/api/auth/register', null, signUp(), {
      'accept-language': 'en-US,en;q=0.9',
      cookie: `${LANGUAGE_COOKIE}=he`,
    });
    expect(byCookie.json().user.language).toBe('he');

    // A cookie naming no language of ours is passed over for the header.
    const oddCookie = await h.request('POST', '/api/auth/register', null, signUp(), {
      'accept-language': 'iw',
      cookie: `${LANGUAGE_COOKIE}=fr`,
    });
    expect(oddCookie.json().user.language).toBe('he');

    const spec = await h.request('POST', '/api/auth/register', null, signUp());
    expect(spec.statusCode).toBe(201);
    expect(spec.json().user.language).toBe('en');
  });

  it('refuses a language that is not one of ours', async () => {
    const res = await h.request('POST', '/api/auth/register', null, signUp({ language: 'fr' }));
    expectFieldRefused(res, 'language', MESSAGES.invalidLanguage);
    expect(MESSAGES.invalidLanguage).toBe('Language must be en or he');
  });
});

describe('the profile keeps the language', () => {
  it('profile.update sets it, and me shows it', async () => {
    const party = await h.signedIn('customer');
    expect(party.user.language).toBe('en');
    const { user } = await party.caller.profile.update({ language: 'he' });
    expect(user.language).toBe('he');
    const me = await h.request('GET', '/api/auth/me', { user: party.user });
    expect(me.json().user.language).toBe('he');
    expect(await storedLanguage(party.user.id)).toBe('he');
  });

  it('profile.update refuses another language with a clear message', async () => {
    const party = await h.signedIn('customer');
    await expectRejected(
      party.caller.profile.update({ language: 'fr' as 'he' }),
      'BAD_REQUEST',
      MESSAGES.invalidLanguage,
    );
    expect(await storedLanguage(party.user.id)).toBe('en');
  });

  it('over REST: a spec-shaped PATCH keeps the language; PATCH language changes it; a wrong one is 400', async () => {
    const user = await createUser(h.db, { language: 'he' });
    const who = { user };
    const me = await h.request('GET', '/api/auth/me', who);
    expect(me.statusCode).toBe(200);
    expect(me.json().user.language).toBe('he');

    const spec = await h.request('PATCH', '/api/profile', who, { name: 'Renamed', phone: '050-1234567' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().user).toMatchObject({ name: 'Renamed', language: 'he' });

    const back = await h.request('PATCH', '/api/profile', who, { language: 'en' });
    expect(back.statusCode).toBe(200);
    expect(back.json().user.language).toBe('en');
    expect((await h.request('GET', '/api/auth/me', who)).json().user.language).toBe('en');

    expectFieldRefused(
      await h.request('PATCH', '/api/profile', who, { language: 'english' }),
      'language',
      MESSAGES.invalidLanguage,
    );
    expectFieldRefused(
      await h.request('PATCH', '/api/profile', who, { language: null }),
      'language',
      MESSAGES.invalidLanguage,
    );
    expect(await storedLanguage(user.id)).toBe('en');
  });

  it('the database refuses a language outside the list', async () => {
    const user = await createUser(h.db);
    await expect(
      h.db
        .updateTable('users')
        .set({ language: 'fr' as 'he' })
        .where('id', '=', user.id)
        .execute(),
    ).rejects.toThrow(/users_language_check/);
  });

  it('the OpenAPI document describes it: optional in PATCH /api/profile and register, always in the user', async () => {
    const doc = (await h.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const patch = doc.paths['/api/profile'].patch.requestBody.content['application/json'].schema;
    expect(patch.properties.language).toMatchObject({ enum: ['en', 'he'] });
    expect(patch.required ?? []).not.toContain('language');
    const register = doc.paths['/api/auth/register'].post;
    const body = register.requestBody.content['application/json'].schema;
    expect(body.properties.language).toMatchObject({ enum: ['en', 'he'] });
    expect(body.required).not.toContain('language');
    const me = doc.paths['/api/auth/me'].get.responses['200'].content['application/json'].schema;
    expect(me.properties.user.properties.language).toMatchObject({ enum: ['en', 'he'] });
    expect(me.properties.user.required).toContain('language');
  });
});

describe('mail goes in the recipient language', () => {
  it('a Hebrew user gets a Hebrew reset mail, an English user the English one; the outbox row keeps its language', async () => {
    const hebrew = await createUser(h.db, { language: 'he' });
    const english = await createUser(h.db);
    for (const user of [hebrew, english]) {
      await h.anonymous({ ip: '10.9.9.9' }).caller.auth.requestPasswordReset({ email: user.email });
    }
    const rows = await h.db
      .selectFrom('mailOutbox')
      .select(['toAddress', 'subject', 'htmlBody', 'textBody', 'language'])
      .where('kind', '=', 'password-reset')
      .where('toAddress', 'in', [hebrew.email, english.email])
      .execute();
    const he = rows.find((r) => r.toAddress === hebrew.email);
    const en = rows.find((r) => r.toAddress === english.email);
    expect(he).toMatchObject({ language: 'he', subject: 'איפוס הסיסמה שלכם ב-SimchaHub' });
    expect(he?.htmlBody).toContain('<html lang="he" dir="rtl">');
    expect(he?.textBody).toContain('\u2068Test User\u2069');
    expect(en).toMatchObject({ language: 'en', subject: 'Reset your SimchaHub password' });
    expect(en?.htmlBody).toContain('<html lang="en">');
  });
});
