import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/schemas/auth';
import { tooLongMessage } from '../../../shared/schemas/common';
import { createUser } from '../../demo/factories';
import { harnessForFile } from '../../test/harness';
import { expectFieldRefused, expectJsonNotFound } from '../../test/rejection';
import { restRoutes } from './routes';

const h = harnessForFile();

const json = { 'content-type': 'application/json' };
const unique = () => `${Math.random().toString(36).slice(2, 10)}@example.com`;

function sessionCookieOf(res: { cookies: { name: string; value: string }[] }) {
  return res.cookies.find((c) => c.name === 'simchahub_session');
}

describe('REST auth contract', () => {
  it('register returns 201 {user} with an HttpOnly SameSite=Lax session cookie', async () => {
    const res = await h.request('POST', '/api/auth/register', null, {
      name: 'Avi',
      email: unique(),
      password: 'Kiddush-cup-7',
      role: 'customer',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['user']);
    expect(body.user).not.toHaveProperty('password');
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(typeof body.user.createdAt).toBe('string');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/simchahub_session=[A-Za-z0-9_-]{43}/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
  });

  it('validation failures are 400 with the spec message and the issues', async () => {
    const res = await h.request('POST', '/api/auth/register', null, {
      name: 'Avi',
      email: unique(),
      password: '123',
    });
    expectFieldRefused(res, 'password', MESSAGES.passwordTooShort);
  });

  it('a taken email is 409, a wrong password 401, both in the one error shape', async () => {
    const user = await createUser(h.db);
    const taken = await h.request('POST', '/api/auth/register', null, {
      name: 'Dup',
      email: user.email,
      password: 'Kiddush-cup-7',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: MESSAGES.emailTaken,
        messageCode: 'auth.emailTaken',
        messageParams: {},
      },
    });

    const wrong = await h.request('POST', '/api/auth/login', null, { email: user.email, password: 'not-it' });
    expect(wrong.statusCode).toBe(401);
    // The English message as the spec gives it, and its code for a client to show it in its reader's language.
    expect(wrong.json()).toEqual({
      error: {
        code: 'UNAUTHORIZED',
        message: MESSAGES.badCredentials,
        messageCode: 'auth.badCredentials',
        messageParams: {},
      },
    });
  });

  it('login, me, profile and logout round-trip on the cookie', async () => {
    const user = await createUser(h.db);
    const login = await h.request('POST', '/api/auth/login', null, {
      email: user.email,
      password: user.password,
    });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookieOf(login);
    expect(cookie).toBeDefined();
    const cookies = { simchahub_session: cookie?.value ?? '' };

    const me = await h.inject({ method: 'GET', url: '/api/auth/me', cookies });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);

    const patched = await h.inject({
      method: 'PATCH',
      url: '/api/profile',
      cookies,
      headers: json,
      payload: { version: me.json().user.version, name: 'Renamed', familyLabel: 'Rest Family' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().user).toMatchObject({ name: 'Renamed', familyLabel: 'Rest Family' });

    const logout = await h.inject({ method: 'POST', url: '/api/auth/logout', cookies });
    expect(logout.statusCode).toBe(200);
    expect(String(logout.headers['set-cookie'])).toMatch(/simchahub_session=;/);

    const after = await h.inject({ method: 'GET', url: '/api/auth/me', cookies });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHORIZED');
  });

  it('the wrong sign-in page is 403 with the hint and sets no cookie', async () => {
    const vendor = await createUser(h.db, { role: 'vendor' });
    const res = await h.request('POST', '/api/auth/login', null, {
      email: vendor.email,
      password: vendor.password,
      portal: 'customer',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(MESSAGES.useVendorLogin);
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('throttled sign-in is 429', async () => {
    const user = await createUser(h.db);
    for (let i = 0; i < 5; i++) {
      await h.request('POST', '/api/auth/login', null, { email: user.email, password: 'bad-pass' });
    }
    const res = await h.request('POST', '/api/auth/login', null, {
      email: user.email,
      password: user.password,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('TOO_MANY_REQUESTS');
  });

  it('a stale or forged cookie is treated as signed out and cleared', async () => {
    const res = await h.request('GET', '/api/auth/me', { sessionCookie: 'simchahub_session=forged' });
    expect(res.statusCode).toBe(401);
    expect(String(res.headers['set-cookie'])).toMatch(/simchahub_session=;/);
  });

  it('unknown /api paths are a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/auth/nothing'],
      ['GET', '/trpc-nope'],
    ] as const) {
      const res = await h.inject({ method, url, headers: json, payload: method === 'POST' ? {} : undefined });
      expectJsonNotFound(res, `${method} ${url}`);
    }
  });

  it('GET never changes state: the documented mutations do not answer GET', async () => {
    const readable = new Set(restRoutes.filter((r) => r.method === 'GET').map((r) => r.path));
    for (const route of restRoutes.filter((r) => r.method !== 'GET' && !readable.has(r.path))) {
      const res = await h.inject({ method: 'GET', url: route.path });
      expect(res.statusCode, `${route.path}`).toBe(404);
    }
    const trpc = await h.inject({ method: 'GET', url: '/trpc/auth.logout' });
    expect(trpc.statusCode).toBe(405);
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await h.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: json,
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('tRPC over HTTP', () => {
  it('carries validation issues and the spec message in the error data', async () => {
    const res = await h.request('POST', '/trpc/auth.register', null, {
      json: { name: '', email: 'x@y.co', password: 'secret1' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.json.message).toBe(MESSAGES.requiredSignUp);
    expect(body.error.json.data.issues).toEqual([
      {
        path: ['name'],
        message: MESSAGES.requiredSignUp,
        messageCode: 'auth.requiredSignUp',
        messageParams: {},
      },
    ]);
    expect(body.error.json.data).toMatchObject({ messageCode: 'auth.requiredSignUp', messageParams: {} });
  });

  it('a wrong password carries the message code in the error data', async () => {
    const user = await createUser(h.db);
    const res = await h.request('POST', '/trpc/auth.login', null, {
      json: { email: user.email, password: 'not-it' },
    });
    expect(res.statusCode).toBe(401);
    const error = res.json().error.json;
    expect(error.message).toBe(MESSAGES.badCredentials);
    expect(error.data).toMatchObject({
      code: 'UNAUTHORIZED',
      messageCode: 'auth.badCredentials',
      messageParams: {},
    });
  });

  it('a too long field carries the code and its parameters, on the error and on its issue', async () => {
    const name = 'x'.repeat(LIMITS.nameMax + 1);
    const message = tooLongMessage('Name', LIMITS.nameMax);
    const coded = { messageCode: 'common.tooLong', messageParams: { label: 'Name', max: LIMITS.nameMax } };
    const trpc = await h.request('POST', '/trpc/auth.register', null, {
      json: { name, email: unique(), password: 'Kiddush-cup-7' },
    });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.json.message).toBe(message);
    expect(trpc.json().error.json.data).toMatchObject(coded);
    expect(trpc.json().error.json.data.issues).toEqual([{ path: ['name'], message, ...coded }]);

    const rest = await h.request('POST', '/api/auth/register', null, {
      name,
      email: unique(),
      password: 'Kiddush-cup-7',
    });
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({
      error: { code: 'BAD_REQUEST', message, ...coded, issues: [{ path: ['name'], message, ...coded }] },
    });
  });

  it('auth.session answers null for a visitor with a 200', async () => {
    const res = await h.inject({ method: 'GET', url: '/trpc/auth.session' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.json).toEqual({ user: null });
  });
});

describe('OpenAPI document', () => {
  it('describes every REST route with its schemas', async () => {
    const res = await h.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const route of restRoutes) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op.operationId).toBe(route.procedure);
    }
    const register = doc.paths['/api/auth/register'].post;
    const bodySchema = register.requestBody.content['application/json'].schema;
    expect(bodySchema.required).toEqual(expect.arrayContaining(['name', 'email', 'password']));
    const user = register.responses['201'].content['application/json'].schema.properties.user;
    expect(user.properties.createdAt).toMatchObject({ type: 'string', format: 'date-time' });
    expect(user.properties).not.toHaveProperty('passwordHash');
    // An input with a default documents its query parameters too, each optional.
    const bookings = doc.paths['/api/bookings'].get.parameters as {
      name: string;
      in: string;
      required?: boolean;
    }[];
    expect(bookings.map((p) => [p.name, p.in, p.required ?? false])).toEqual(
      expect.arrayContaining([
        ['eventId', 'query', false],
        ['upcoming', 'query', false],
        ['status', 'query', false],
      ]),
    );
    expect(doc.paths['/api/upload'].post).toBeDefined();
    expect(doc.paths['/api/health'].get).toBeDefined();
  });
});
