import superjson from 'superjson';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTask, createVendor } from '../demo/factories';
import { messageCodeFields } from '../platform/http/errors';
import { TOO_DEEP_MESSAGE } from '../platform/http/input-depth';
import { type HttpMethod, harnessForFile, type Party } from './harness';
import { rejection } from './rejection';

/**
 * Bad input answers 400 with a sentence naming the problem, on REST, on /trpc and through
 * createCaller alike; each of these answered 500 (or silently changed the data) before.
 */

const h = harnessForFile();
let customer: Party;
let eventId: string;
let taskId: string;
let vendorId: string;

beforeAll(async () => {
  customer = await h.signedIn('customer');
  eventId = (await createEvent(h.db, customer.user.id)).id;
  taskId = (await createTask(h.db, eventId)).id;
  vendorId = (await createVendor(h.db)).id;
});

/** A JSON request as the customer, or with another session cookie. */
const rest = (method: HttpMethod, url: string, payload?: unknown, cookie?: string) =>
  h.request(method, url, cookie === undefined ? customer : { sessionCookie: cookie }, payload);

/** One tRPC call over HTTP as the browser makes it: superjson, GET for queries, POST for mutations. */
async function trpc(type: 'query' | 'mutation', path: string, input: unknown) {
  const cookie = await h.cookieFor(customer.user.id);
  const encoded = superjson.stringify(input);
  const res =
    type === 'query'
      ? await h.inject({
          method: 'GET',
          url: `/trpc/${path}?input=${encodeURIComponent(encoded)}`,
          headers: { cookie },
        })
      : await h.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { cookie, 'content-type': 'application/json' },
          payload: encoded,
        });
  const body = res.json() as { error?: { json: { message: string; data: { code: string } } } };
  return { status: res.statusCode, error: body.error?.json };
}

function expect400(res: { statusCode: number; json(): unknown }, message: string) {
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({
    status: 400,
    body: { error: { code: 'BAD_REQUEST', message } },
  });
}

/** A GET of `url` as the customer answers 400 with `message`. */
async function expectGet400(url: string, message: string) {
  expect400(await rest('GET', url), message);
}

async function expectTrpc400(type: 'query' | 'mutation', path: string, input: unknown, message: string) {
  expect(await trpc(type, path, input)).toMatchObject({
    status: 400,
    error: { message, data: { code: 'BAD_REQUEST' } },
  });
}

describe('NUL bytes and lone surrogates', () => {
  const unstorable = ['a\u0000b', 'a\uD800b', '\uDC00', 'x\uDBFF'];

  it('are refused in every kind of text field, naming the field', async () => {
    for (const bad of unstorable) {
      expect400(
        await rest('POST', '/api/events', { title: bad, date: '2027-05-01' }),
        'Title contains characters that cannot be stored',
      );
      expect400(
        await rest('POST', '/api/events', { title: 'Party', date: '2027-05-01', notes: bad }),
        'Notes contains characters that cannot be stored',
      );
      expect400(
        await rest('PATCH', `/api/tasks/${taskId}`, { version: 1, description: bad }),
        'Description contains characters that cannot be stored',
      );
      expect400(
        await rest('PATCH', '/api/profile', { version: 1, name: bad }),
        'Name contains characters that cannot be stored',
      );
      expect400(
        await rest('POST', `/api/vendors/${vendorId}/request-availability`, {
          eventType: 'Wedding',
          date: '2027-05-01',
          message: 'Are you free?',
          attachments: [{ name: `plan${bad}.pdf`, size: 100, type: 'application/pdf' }],
        }),
        'Attachment name contains characters that cannot be stored',
      );
      expect400(
        await rest('POST', `/api/vendors/${vendorId}/request-availability`, {
          eventType: 'Wedding',
          date: '2027-05-01',
          message: bad,
        }),
        'Message contains characters that cannot be stored',
      );
      expect400(
        await rest('POST', '/api/auth/register', {
          name: 'Avi',
          email: 'avi-nul@example.com',
          password: `secret${bad}`,
        }),
        'Password contains characters that cannot be stored',
      );
    }
  });

  it('are refused in query strings too (a URL can carry a NUL, not a lone surrogate)', async () => {
    await expectGet400('/api/vendors?search=caf%00e', 'Search contains characters that cannot be stored');
    await expectGet400('/api/vendors/suggestions?q=%00', 'Search contains characters that cannot be stored');
  });

  it('are refused on /trpc and through createCaller with the same message', async () => {
    await expectTrpc400(
      'mutation',
      'events.create',
      { title: 'Party', date: new Date('2027-05-01T00:00:00Z'), venue: 'Hall\u0000' },
      'Venue contains characters that cannot be stored',
    );
    await expectTrpc400(
      'query',
      'vendors.suggestions',
      { q: 'caf\uD800' },
      'Search contains characters that cannot be stored',
    );
    const error = await rejection(
      customer.caller.memos.create({ id: eventId, title: 'Memo', content: 'a\uDFFFb' }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('Content contains characters that cannot be stored');
  });

  it('while whole surrogate pairs (emoji) are stored exactly as sent', async () => {
    const title = 'Mazel tov \u{1F389} \u{1F942}';
    const res = await rest('POST', '/api/events', { title, date: '2027-05-01' });
    expect(res.statusCode).toBe(201);
    const read = await rest('GET', `/api/events/${res.json().id}`);
    expect(read.json().title).toBe(title);
  });
});

describe('dates', () => {
  it('that do not exist are refused, not rolled over to the next month', async () => {
    expect400(
      await rest('POST', '/api/events', { title: 'Party', date: '2027-02-30' }),
      'Date must be a real calendar date: 2027-02-30 does not exist',
    );
    expect400(
      await rest('POST', `/api/events/${eventId}/tasks`, { title: 'Call', dueDate: '2027-04-31' }),
      'Due date must be a real calendar date: 2027-04-31 does not exist',
    );
    expect400(
      await rest('POST', `/api/events/${eventId}/deposits`, {
        vendorName: 'Hall',
        amount: '10',
        dueDate: '2100-02-29',
      }),
      'Due date must be a real calendar date: 2100-02-29 does not exist',
    );
    expect400(
      await rest('POST', `/api/vendors/${vendorId}/request-availability`, {
        eventType: 'Wedding',
        date: '2027-02-30',
        message: 'Are you free?',
      }),
      'Date must be a real calendar date: 2027-02-30 does not exist',
    );
    expect400(
      await rest('PATCH', `/api/events/${eventId}`, { version: 1, date: '2027-06-01T24:30:00Z' }),
      'Date must be a date (YYYY-MM-DD) or an ISO 8601 date and time',
    );
  });

  it('outside 1900-01-01 to 2200-12-31 are refused on every route that takes one', async () => {
    const outside = ['1899-12-31', '2201-01-01', '0001-01-01', '9999-12-31', '+275760-09-13T00:00:00.000Z'];
    for (const date of outside) {
      const events = await rest('POST', '/api/events', { title: 'Party', date });
      expect(events.statusCode).toBe(400);
      expect(events.json().error.message).toMatch(/^Date must be (between 1900-01-01 and 2200-12-31|a date)/);
      const tasks = await rest('PATCH', `/api/tasks/${taskId}`, { version: 1, dueDate: date });
      expect(tasks.statusCode).toBe(400);
      const deposits = await rest('POST', `/api/events/${eventId}/deposits`, {
        vendorName: 'Hall',
        amount: '1',
        dueDate: date,
      });
      expect(deposits.statusCode).toBe(400);
      const requests = await rest('POST', `/api/vendors/${vendorId}/request-availability`, {
        eventType: 'Wedding',
        date,
        message: 'Are you free?',
      });
      expect(requests.statusCode).toBe(400);
    }
    expect400(
      await rest('POST', '/api/events', { title: 'Party', date: '1899-12-31' }),
      'Date must be between 1900-01-01 and 2200-12-31',
    );
    expect400(
      await rest('POST', `/api/vendors/${vendorId}/request-availability`, {
        eventType: 'Wedding',
        date: '2201-01-01',
        message: 'Hi',
      }),
      'Date must be between 1900-01-01 and 2200-12-31',
    );
  });

  it('as Dates on /trpc: out of range or invalid is a 400', async () => {
    await expectTrpc400(
      'mutation',
      'events.create',
      { title: 'Party', date: new Date(8.64e15) },
      'Date must be between 1900-01-01 and 2200-12-31',
    );
    await expectTrpc400(
      'mutation',
      'deposits.create',
      { id: eventId, vendorName: 'Hall', amount: '1', dueDate: new Date(Date.UTC(1850, 0, 1)) },
      'Due date must be between 1900-01-01 and 2200-12-31',
    );
    const error = await rejection(
      customer.caller.tasks.update({ id: taskId, version: 1, dueDate: new Date(Number.NaN) }),
    );
    expect(error.message).toBe('Due date must be a date (YYYY-MM-DD) or an ISO 8601 date and time');
  });

  it('on the edges of the range are kept exactly, as ISO strings on REST and Dates on tRPC', async () => {
    // Dates that have passed are saved as past events (issue 27), once the family says so.
    const first = await rest('POST', '/api/events', {
      title: 'Old photo',
      date: '1900-01-01',
      pastEvent: true,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().date).toBe('1900-01-01T00:00:00.000Z');
    const last = await customer.caller.events.create({
      title: 'Far plan',
      date: new Date('2200-12-31T00:00:00Z'),
    });
    expect(last.date).toEqual(new Date('2200-12-31T00:00:00Z'));
    // A browser's local midnight of the first day lies on the day before in UTC east of Greenwich.
    const local = await customer.caller.events.create({
      title: 'Jerusalem',
      date: new Date('1900-01-01T00:00:00+02:21'),
      pastEvent: true,
    });
    expect(local.date).toEqual(new Date('1900-01-01T00:00:00+02:21'));
    const leap = await rest('POST', `/api/events/${eventId}/deposits`, {
      vendorName: 'Hall',
      amount: '1',
      dueDate: '2028-02-29',
    });
    expect(leap.json().dueDate).toBe('2028-02-29T00:00:00.000Z');
  });
});

describe('lat and lng', () => {
  it('only one of them is a 400 naming the rule, on the marketplace and featured, REST and tRPC', async () => {
    await expectGet400('/api/vendors?lat=40.7', 'lat and lng must be given together');
    await expectGet400('/api/vendors?lng=-74&sort=near', 'lat and lng must be given together');
    await expectGet400('/api/vendors/featured?lat=40.7', 'lat and lng must be given together');
    await expectTrpc400('query', 'vendors.list', { lng: -74 }, 'lat and lng must be given together');
    await expectTrpc400('query', 'vendors.featured', { lat: 40.7 }, 'lat and lng must be given together');
  });

  it('numbers that are not finite, or repeated, or not numbers at all are refused, not coerced', async () => {
    await expectGet400('/api/vendors?lat=Infinity&lng=1', 'lat must be a number');
    await expectGet400('/api/vendors/featured?lat=1&lat=2&lng=3', 'lat must be a number');
    await expectGet400('/api/vendors?lat=40&lng=true', 'lng must be a number');
    await expectGet400('/api/vendors?lat=91&lng=0', 'lat must be between -90 and 90');
    await expectTrpc400(
      'query',
      'vendors.list',
      { lat: Number.POSITIVE_INFINITY, lng: 1 },
      'lat must be a number',
    );
    const listed = await rest('GET', '/api/vendors?lat=&lng=&page=');
    expect(listed.statusCode).toBe(200);
  });
});

describe('a listing position', () => {
  it('with only one of latitude and longitude is a 400 (the table holds both or neither), found by the property test', async () => {
    const cookie = await h.cookieFor((await h.signedIn('vendor')).user.id);
    const listing = {
      businessName: 'Half Placed Hall',
      category: 'Venues',
      contactEmail: 'hall@example.com',
    };
    expect400(
      await rest('POST', '/api/vendors', { ...listing, longitude: -179.99999999999994 }, cookie),
      'Latitude and longitude must be given together',
    );
    const created = await rest(
      'POST',
      '/api/vendors',
      { ...listing, latitude: 40.7, longitude: -74 },
      cookie,
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect400(
      await rest('PATCH', `/api/vendors/${id}`, { version: created.json().version, latitude: null }, cookie),
      'Latitude and longitude must be given together',
    );
    const cleared = await rest(
      'PATCH',
      `/api/vendors/${id}`,
      { version: created.json().version, latitude: null, longitude: null },
      cookie,
    );
    expect(cleared.json()).toMatchObject({ latitude: null, longitude: null });
  });

  it('a hair off 0 or a radius of nothing is a 400, not an underflow in the distance functions', async () => {
    await expectGet400(
      '/api/vendors/featured?lat=-5e-324&lng=0',
      'lat must be 0 or at least 0.000000001 away from 0',
    );
    await expectGet400(
      '/api/vendors?lat=1&lng=2&radius_km=5e-321',
      'radius_km must be between 0.001 and 20000',
    );
    expect((await rest('GET', '/api/vendors/featured?lat=0&lng=0')).statusCode).toBe(200);
  });
});

describe('bodies the server cannot read', () => {
  it('malformed multipart uploads are a 4xx with a message, never a 500', async () => {
    const cookie = await h.cookieFor(customer.user.id);
    const bodies: [string, string][] = [
      ['multipart/form-data; boundary=xx', 'garbage'],
      ['multipart/form-data', 'no boundary at all'],
      [
        'multipart/form-data; boundary=xx',
        '--xx\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nab',
      ],
      [
        'multipart/form-data; boundary=xx',
        '--xx\r\nContent-Disposition: form-data; name="__proto__"; filename="a.png"\r\n\r\nab\r\n--xx--\r\n',
      ],
      [`multipart/form-data; boundary=${'b'.repeat(300)}`, `--${'b'.repeat(300)}\r\n\r\nx`],
    ];
    for (const [type, payload] of bodies) {
      const res = await h.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { cookie, 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${type} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error.message).toEqual(expect.any(String));
    }
  });

  it('JSON that does not parse, an empty JSON body, a strange content type and a huge body keep their 4xx', async () => {
    const cookie = await h.cookieFor(customer.user.id);
    const send = (type: string, payload: string) =>
      h.inject({ method: 'POST', url: '/api/events', headers: { cookie, 'content-type': type }, payload });
    expect400(await send('application/json', '{"title":'), 'The request body is not valid JSON');
    expect400(await send('application/json', '{"__proto__":{"x":1}}'), 'The request body is not valid JSON');
    expect400(
      await send('application/json', ''),
      'The request body is empty although its Content-Type says JSON',
    );
    const odd = await send('application/xml', '<event/>');
    expect(odd.statusCode).toBe(415);
    expect(odd.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const huge = await send('application/json', JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large',
      ...messageCodeFields('The request body is too large'),
    });
  });
});

describe('deep nesting', () => {
  const deepMeta = (levels: number) =>
    `{"json":{"title":"x"},"meta":{"values":${'{"a":'.repeat(levels)}["Date"]${'}'.repeat(levels)}}}`;

  it('superjson meta nested thousands deep is a 400 before superjson walks it, not a stack overflow', async () => {
    const cookie = await h.cookieFor(customer.user.id);
    for (const [url, payload] of [
      ['/trpc/events.create', deepMeta(20_000)],
      ['/trpc/events.create?batch=1', `{"0":${deepMeta(20_000)}}`],
    ] as const) {
      const res = await h.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toMatch(/call stack/i);
      expect(res.body).toContain(TOO_DEEP_MESSAGE);
    }
    const query = await h.inject({
      method: 'GET',
      url: `/trpc/vendors.list?input=${encodeURIComponent(deepMeta(5000))}`,
    });
    expect(query.statusCode).toBe(400);
    expect(query.body).toContain(TOO_DEEP_MESSAGE);
  });

  it('superjson meta that names impossible values is a 400 in our words', async () => {
    const cookie = await h.cookieFor(customer.user.id);
    for (const meta of [
      { values: { title: ['bigint'] } },
      { values: { title: [['custom', 'Nope']] } },
      { values: { '__proto__.polluted': ['Date'] } },
    ]) {
      const res = await h.inject({
        method: 'POST',
        url: '/trpc/events.create',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ json: { title: 'not a bigint', date: '2027-01-01' }, meta }),
      });
      expect(res.statusCode, JSON.stringify(meta)).toBe(400);
      expect(res.json().error.json).toMatchObject({
        message: 'The input is not valid superjson (a json value with optional meta)',
        data: { code: 'BAD_REQUEST' },
      });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a REST body nested thousands deep is a 400 as well, and a shallow one still works', async () => {
    const deep = `{"title":"x","date":"2027-01-01","notes":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const cookie = await h.cookieFor(customer.user.id);
    const res = await h.inject({
      method: 'POST',
      url: '/api/events',
      headers: { cookie, 'content-type': 'application/json' },
      payload: deep,
    });
    expect400(res, TOO_DEEP_MESSAGE);
    expect((await rest('POST', '/api/events', { title: 'Shallow', date: '2027-01-01' })).statusCode).toBe(
      201,
    );
  });
});
