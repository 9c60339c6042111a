import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { STALE_WRITE_MESSAGE } from '../../../shared/schemas/common';
import { buildServer } from '../../app';
import { createDeposit, createEvent, createMemo, createTask, createVendor } from '../../demo/factories';
import { MarketplaceCache } from '../../domains/vendors/marketplace-cache';
import { messageCodeFields } from '../../platform/http/errors';
import { vendorWithListing } from '../../test/fixtures';
import { harnessForFile, type Who } from '../../test/harness';
import { IF_MATCH_MESSAGES } from './conditional';

/**
 * Conditional requests on REST (decision 029): ETags of editable rows and If-Match on their
 * updates (412 with the current row), and If-None-Match on the marketplace (304). Every answer is
 * also held against the OpenAPI document: its status is documented, and so is each header it must carry.
 */

const h = harnessForFile();

type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { headers?: Record<string, { required?: boolean }> }> }>
  >;
};
let doc: Doc | undefined;

/** The answer, after checking that the document names its status and that it carries the headers the document requires. */
async function documented(
  method: 'GET' | 'PATCH',
  path: string,
  url: string,
  who: Who,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  doc ??= (await h.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
  const res = await h.request(method, url, who, payload, headers);
  const response = doc.paths[path]?.[method.toLowerCase()]?.responses[String(res.statusCode)];
  expect(
    response,
    `${method} ${path} answered ${res.statusCode}, which the document does not name`,
  ).toBeDefined();
  for (const [name, header] of Object.entries(response?.headers ?? {})) {
    if (header.required)
      expect(res.headers[name.toLowerCase()], `${method} ${path} ${res.statusCode}: ${name}`).toBeDefined();
  }
  return res;
}

const ROW_TAG = /^"v(\d+)"$/;

describe('editable rows: ETag and If-Match', () => {
  it('a GET answers the row version as its ETag, and a matching If-Match updates with the next one', async () => {
    const owner = await h.signedIn('customer');
    const event = await createEvent(h.db, owner.user.id, { title: 'Vort' });
    const got = await documented('GET', '/api/events/{id}', `/api/events/${event.id}`, owner);
    expect(got.statusCode).toBe(200);
    expect(got.headers.etag).toBe(`"v${event.version}"`);
    expect(got.headers['cache-control']).toBe('private, no-cache');

    const patched = await documented(
      'PATCH',
      '/api/events/{id}',
      `/api/events/${event.id}`,
      owner,
      { venue: 'Hall' },
      { 'if-match': String(got.headers.etag) },
    );
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ venue: 'Hall', version: event.version + 1 });
    expect(patched.headers.etag).toBe(`"v${event.version + 1}"`);
    const again = await h.request('GET', `/api/events/${event.id}`, owner);
    expect(again.headers.etag).toBe(patched.headers.etag);
  });

  it('a stale If-Match is 412 with the row as it is now and its ETag; nothing is written', async () => {
    const owner = await h.signedIn('customer');
    const event = await createEvent(h.db, owner.user.id, { title: 'Vort' });
    const first = await h.request('PATCH', `/api/events/${event.id}`, owner, { venue: 'Hall' });
    expect(first.statusCode).toBe(200);
    const stale = await documented(
      'PATCH',
      '/api/events/{id}',
      `/api/events/${event.id}`,
      owner,
      { venue: 'Garden' },
      { 'if-match': `"v${event.version}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({
      error: {
        code: 'PRECONDITION_FAILED',
        message: STALE_WRITE_MESSAGE,
        ...messageCodeFields(STALE_WRITE_MESSAGE),
        current: first.json(),
      },
    });
    expect(stale.headers.etag).toBe(first.headers.etag);
    expect((await h.request('GET', `/api/events/${event.id}`, owner)).json().venue).toBe('Hall');
  });

  it('a stale body version is still 409, with the current row and its ETag', async () => {
    const owner = await h.signedIn('customer');
    const event = await createEvent(h.db, owner.user.id);
    const first = await h.request('PATCH', `/api/events/${event.id}`, owner, {
      version: event.version,
      venue: 'A',
    });
    const stale = await documented('PATCH', '/api/events/{id}', `/api/events/${event.id}`, owner, {
      version: event.version,
      venue: 'B',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: STALE_WRITE_MESSAGE,
        ...messageCodeFields(STALE_WRITE_MESSAGE),
        current: first.json(),
      },
    });
    expect(stale.headers.etag).toBe(`"v${event.version + 1}"`);
  });

  it('a spec-shaped update without version or If-Match applies to the row as it is, and answers its ETag', async () => {
    const owner = await h.signedIn('customer');
    const event = await createEvent(h.db, owner.user.id);
    await h.request('PATCH', `/api/events/${event.id}`, owner, { venue: 'Someone else' });
    const res = await documented('PATCH', '/api/events/{id}', `/api/events/${event.id}`, owner, {
      venue: 'Mine',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ venue: 'Mine', version: event.version + 2 });
    expect(res.headers.etag).toBe(`"v${event.version + 2}"`);
  });

  it('If-Match: * updates any existing row; a missing row stays 404', async () => {
    const owner = await h.signedIn('customer');
    const event = await createEvent(h.db, owner.user.id);
    await h.request('PATCH', `/api/events/${event.id}`, owner, { venue: 'Before' });
    const any = await h.request(
      'PATCH',
      `/api/events/${event.id}`,
      owner,
      { venue: 'Any' },
      { 'if-match': '*' },
    );
    expect(any.statusCode).toBe(200);
    expect(any.json().venue).toBe('Any');
    // With * the body's version still decides.
    const stale = await h.request(
      'PATCH',
      `/api/events/${event.id}`,
      owner,
      { version: event.version, venue: 'Stale' },
      { 'if-match': '*' },
    );
    expect(stale.statusCode).toBe(409);
    const missing = await h.request(
      'PATCH',
      '/api/events/00000000-0000-4000-8000-000000000000',
      owner,
      { venue: 'Nowhere' },
      { 'if-match': '*' },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('If-Match and a body version: the same one works; different ones are refused, nothing written', async () => {
    const owner = await h.signedIn('customer');
    const event = await createEvent(h.db, owner.user.id);
    const url = `/api/events/${event.id}`;
    const differ = await documented(
      'PATCH',
      '/api/events/{id}',
      url,
      owner,
      { version: event.version, venue: 'X' },
      { 'if-match': `"v${event.version + 1}"` },
    );
    expect(differ.statusCode).toBe(400);
    expect(differ.json().error.message).toBe(IF_MATCH_MESSAGES.disagrees);
    const same = await h.request(
      'PATCH',
      url,
      owner,
      { version: event.version, venue: 'Y' },
      { 'if-match': `"v${event.version}"` },
    );
    expect(same.statusCode).toBe(200);
    // Both stale and naming the same version: the header's precondition answers, 412.
    const bothStale = await h.request(
      'PATCH',
      url,
      owner,
      { version: event.version, venue: 'Z' },
      { 'if-match': `"v${event.version}"` },
    );
    expect(bothStale.statusCode).toBe(412);
    expect(bothStale.json().error.current).toMatchObject({ venue: 'Y' });
  });

  it('a list of tags matches any of them; weak and foreign tags match nothing (412); a malformed one is 400', async () => {
    const owner = await h.signedIn('customer');
    const event = await createEvent(h.db, owner.user.id);
    const url = `/api/events/${event.id}`;
    await h.request('PATCH', url, owner, { venue: 'One' });
    const listed = await h.request(
      'PATCH',
      url,
      owner,
      { venue: 'Two' },
      { 'if-match': `"v${event.version}", "v${event.version + 1}"` },
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.headers.etag).toBe(`"v${event.version + 2}"`);
    for (const tag of [`W/"v${event.version + 2}"`, '"abc"', '"v0"', '"v99999999999"']) {
      const res = await h.request('PATCH', url, owner, { venue: 'No' }, { 'if-match': tag });
      expect(res.statusCode, tag).toBe(412);
      expect(res.json().error.current, tag).toMatchObject({ venue: 'Two', version: event.version + 2 });
    }
    for (const tag of ['v3', '"v3', 'W/v3', '"v3" x', ',']) {
      const res = await h.request('PATCH', url, owner, { venue: 'No' }, { 'if-match': tag });
      expect(res.statusCode, tag).toBe(400);
      expect(res.json().error.message, tag).toBe(IF_MATCH_MESSAGES.malformed);
    }
    expect((await h.request('GET', url, owner)).json().venue).toBe('Two');
  });

  it('the profile: GET /api/auth/me gives its ETag, PATCH /api/profile takes it; a stale one is 412 with the user', async () => {
    const me = await h.signedIn('customer', { name: 'Leah' });
    const got = await documented('GET', '/api/auth/me', '/api/auth/me', me);
    expect(got.headers.etag).toBe(`"v${me.user.version}"`);
    const ok = await documented(
      'PATCH',
      '/api/profile',
      '/api/profile',
      me,
      { name: 'Rivka' },
      {
        'if-match': String(got.headers.etag),
      },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.etag).toBe(`"v${me.user.version + 1}"`);
    const stale = await documented(
      'PATCH',
      '/api/profile',
      '/api/profile',
      me,
      { name: 'Dina' },
      {
        'if-match': String(got.headers.etag),
      },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error.current).toEqual(ok.json().user);
  });

  it('tasks, deposits, memos and quick replies: If-Match updates, and a stale one is 412 with the row', async () => {
    const owner = await h.signedIn('customer');
    const event = await createEvent(h.db, owner.user.id);
    const task = await createTask(h.db, event.id);
    const deposit = await createDeposit(h.db, event.id);
    const memo = await createMemo(h.db, event.id);
    const rows: [string, string, number, Record<string, unknown>][] = [
      ['/api/tasks/{id}', `/api/tasks/${task.id}`, task.version, { completed: true }],
      ['/api/deposits/{id}', `/api/deposits/${deposit.id}`, deposit.version, { paid: true }],
      ['/api/memos/{id}', `/api/memos/${memo.id}`, memo.version, { title: 'Seating' }],
    ];
    for (const [path, url, version, change] of rows) {
      const ok = await documented('PATCH', path, url, owner, change, { 'if-match': `"v${version}"` });
      expect(ok.statusCode, url).toBe(200);
      expect(ok.headers.etag, url).toBe(`"v${version + 1}"`);
      const stale = await documented('PATCH', path, url, owner, change, { 'if-match': `"v${version}"` });
      expect(stale.statusCode, url).toBe(412);
      expect(stale.json().error.current, url).toEqual(ok.json());
      expect(stale.headers.etag, url).toBe(`"v${version + 1}"`);
    }
    const vendor = await h.signedIn('vendor');
    const reply = (
      await h.request('POST', '/api/quick-replies', vendor, { title: 'Hi', body: 'Hello' })
    ).json();
    const url = `/api/quick-replies/${reply.id}`;
    const ok = await h.request('PATCH', url, vendor, { title: 'Hey' }, { 'if-match': `"v${reply.version}"` });
    expect(ok.statusCode).toBe(200);
    const stale = await h.request(
      'PATCH',
      url,
      vendor,
      { title: 'Yo' },
      { 'if-match': `"v${reply.version}"` },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error.current).toEqual(ok.json());
  });

  it("a listing: its owner's GET gives the row's ETag, and a member's profile tag works as If-Match too", async () => {
    const { vendor, listing } = await vendorWithListing(h, { businessName: 'Tagged Tents' });
    const own = await documented('GET', '/api/vendors/profile', '/api/vendors/profile', vendor);
    expect(own.headers.etag).toBe(`"v${listing.version}"`);
    const profile = await documented('GET', '/api/vendors/{id}', `/api/vendors/${listing.id}`, vendor);
    expect(profile.headers.etag).toMatch(new RegExp(`^"v${listing.version}-m\\d+-member-[\\w-]{11}"$`));
    const edited = await documented(
      'PATCH',
      '/api/vendors/{id}',
      `/api/vendors/${listing.id}`,
      vendor,
      { city: 'Teaneck' },
      { 'if-match': String(profile.headers.etag) },
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).toBe(`"v${listing.version + 1}"`);
    const stale = await documented(
      'PATCH',
      '/api/vendors/profile',
      '/api/vendors/profile',
      vendor,
      { city: 'Monsey' },
      { 'if-match': String(own.headers.etag) },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error.current).toMatchObject({ city: 'Teaneck', version: listing.version + 1 });
  });
});

describe('the marketplace: If-None-Match', () => {
  it('answers 304 while the listings are unchanged, for the same audience only, and 200 with a new ETag after a change', async () => {
    const listing = await createVendor(h.db, { businessName: 'Unchanged Ushers', category: 'Caterers' });
    const member = await h.signedIn('customer');
    const urls: [string, string][] = [
      ['/api/vendors', '/api/vendors?category=Caterers&page=1&page_size=24'],
      ['/api/vendors/featured', '/api/vendors/featured'],
      ['/api/vendors/suggestions', '/api/vendors/suggestions?q=unchanged'],
      ['/api/vendors/{id}', `/api/vendors/${listing.id}`],
    ];
    const visitorTags = new Map<string, string>();
    for (const [path, url] of urls) {
      const first = await documented('GET', path, url, null);
      expect(first.statusCode, url).toBe(200);
      const tag = String(first.headers.etag);
      expect(tag, url).toMatch(/^"m\d+-visitor(-[\w-]{11})?"$/);
      expect(first.headers['cache-control'], url).toBe('no-cache');
      expect(first.headers.vary, url).toMatch(/cookie/i);
      visitorTags.set(url, tag);

      const again = await documented('GET', path, url, null, undefined, { 'if-none-match': tag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(tag);
      expect(again.headers.vary, url).toMatch(/cookie/i);
      // A weak form of the tag, and the tag in a list, match too (If-None-Match compares weakly).
      expect(
        (await h.request('GET', url, null, undefined, { 'if-none-match': `"x", W/${tag}` })).statusCode,
      ).toBe(304);

      // A signed-in caller's answer is another (contact details): the visitor's tag never matches it.
      const signedIn = await documented('GET', path, url, member, undefined, { 'if-none-match': tag });
      expect(signedIn.statusCode, url).toBe(200);
      expect(signedIn.headers.etag, url).not.toBe(tag);
      expect(signedIn.headers.etag, url).toMatch(/-member/);
      expect(signedIn.headers['cache-control'], url).toBe('private, no-cache');
      const memberAgain = await h.request('GET', url, member, undefined, {
        'if-none-match': String(signedIn.headers.etag),
      });
      expect(memberAgain.statusCode, url).toBe(304);
    }

    // Another server process, with a marketplace cache of its own, answers the same tags.
    const other = await buildServer({ ...h.deps, marketplace: new MarketplaceCache() });
    try {
      for (const [, url] of urls) {
        const res = await other.inject({
          method: 'GET',
          url,
          headers: { 'if-none-match': visitorTags.get(url) as string },
        });
        expect(res.statusCode, url).toBe(304);
      }
    } finally {
      await other.close();
    }

    // Another server's change reaches every answer: the version lives in the database.
    await h.db.updateTable('vendors').set({ city: 'Lakewood' }).where('id', '=', listing.id).execute();
    for (const [path, url] of urls) {
      const tag = visitorTags.get(url) as string;
      const changed = await documented('GET', path, url, null, undefined, { 'if-none-match': tag });
      expect(changed.statusCode, url).toBe(200);
      expect(changed.headers.etag, url).not.toBe(tag);
      expect(
        (await h.request('GET', url, null, undefined, { 'if-none-match': String(changed.headers.etag) }))
          .statusCode,
      ).toBe(304);
    }
    expect((await h.request('GET', `/api/vendors/${listing.id}`, null)).json().city).toBe('Lakewood');
  });

  it('answers without a tag, never 304, where no listing is read, and keeps errors ahead of If-None-Match', async () => {
    const short = await h.request('GET', '/api/vendors/suggestions?q=a', null, undefined, {
      'if-none-match': '*',
    });
    expect(short.statusCode).toBe(200);
    expect(short.headers.etag).toBeUndefined();
    const missing = await h.request(
      'GET',
      '/api/vendors/00000000-0000-4000-8000-000000000000',
      null,
      undefined,
      {
        'if-none-match': '*',
      },
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('the document', () => {
  it('names If-Match, 412 and the ETag on every update at a version, and If-None-Match with 304 on the marketplace', async () => {
    const full = (await h.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/profile',
      '/api/events/{id}',
      '/api/tasks/{id}',
      '/api/deposits/{id}',
      '/api/memos/{id}',
      '/api/vendors/{id}',
      '/api/vendors/profile',
      '/api/quick-replies/{id}',
    ]) {
      const patch = full.paths[path].patch;
      expect(
        patch.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`),
        path,
      ).toContain('header:If-Match');
      expect(patch.responses['200'].headers.ETag.required, path).toBe(true);
      expect(
        patch.responses['412'].content['application/json'].schema.properties.error.required,
        path,
      ).toContain('current');
    }
    for (const path of [
      '/api/vendors',
      '/api/vendors/featured',
      '/api/vendors/suggestions',
      '/api/vendors/{id}',
    ]) {
      const get = full.paths[path].get;
      expect(
        get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`),
        path,
      ).toContain('header:If-None-Match');
      expect(get.responses['304'].headers.ETag.required, path).toBe(true);
    }
    for (const path of ['/api/auth/me', '/api/events/{id}', '/api/vendors/profile']) {
      expect(full.paths[path].get.responses['200'].headers.ETag.required, path).toBe(true);
      expect(ROW_TAG.test(full.paths[path].get.responses['200'].headers.ETag.schema.example), path).toBe(
        true,
      );
    }
  });
});
