import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_MESSAGES } from '../../../shared/schemas/vendors';
import { generateDemoVendors } from '../../demo/demo-vendors';
import { createVendor } from '../../demo/factories';
import { vendorWithListing, withLimitMax } from '../../test/fixtures';
import { createHarness, type TestHarness } from '../../test/harness';
import { rejection } from '../../test/rejection';

let h: TestHarness;
let app: FastifyInstance;
let customer: Awaited<ReturnType<TestHarness['signedIn']>>;
const TEANECK = { lat: 40.8976, lng: -74.016 };

beforeAll(async () => {
  h = await createHarness();
  app = await h.app();
  customer = await h.signedIn('customer');
  await h.db.insertInto('vendors').values(generateDemoVendors(300)).execute();
  await createVendor(h.db, {
    businessName: 'Zimmerman Klezmer Band',
    category: 'Musicians',
    city: 'Teaneck',
    neighborhood: 'Teaneck',
    latitude: TEANECK.lat,
    longitude: TEANECK.lng,
    contactPhone: '201-555-0101',
    website: 'https://zimmerman.example.com',
    reviewCount: 3,
    rating: '4.10',
  });
  await createVendor(h.db, {
    businessName: 'Simcha Beats DJ Rosen',
    category: 'Musicians',
    city: 'Riverdale',
  });
});
afterAll(async () => {
  await h.close();
});

const CONTACT_FIELDS = ['contactEmail', 'contactPhone', 'contactWhatsapp', 'website', 'ownerId'];

describe('contact details', () => {
  it('never reach an anonymous caller, on any path', async () => {
    const anon = h.anonymous().caller;
    const page = await anon.vendors.list({ page_size: 50 });
    const featured = await anon.vendors.featured();
    const one = await anon.vendors.byId({ id: page.items[0]?.id as string });
    for (const vendor of [...page.items, ...featured, one]) {
      for (const field of CONTACT_FIELDS) expect(vendor).not.toHaveProperty(field);
      expect(vendor).toHaveProperty('hasEmail', true);
    }
    const zimmer = (await anon.vendors.list({ search: 'zimmerman' })).items[0];
    expect(zimmer).toMatchObject({ hasPhone: true, hasWebsite: true });

    for (const url of [
      '/api/vendors?page_size=100',
      '/api/vendors/featured',
      `/api/vendors/${one.id}`,
      '/api/vendors/suggestions?q=ph',
    ]) {
      const body = (await app.inject({ method: 'GET', url })).body;
      // Phone numbers as the demo data and the test write them; an id may hold '555-' by chance.
      expect(body, url).not.toMatch(
        /contactEmail|contactPhone|contactWhatsapp|"website"|@|(\) |\d{3}-)555-\d{4}/,
      );
    }
  });

  it('reach a signed-in caller', async () => {
    const page = await customer.caller.vendors.list({ search: 'zimmerman' });
    expect(page.items[0]).toMatchObject({
      contactPhone: '201-555-0101',
      website: 'https://zimmerman.example.com',
    });
  });
});

describe('browsing', () => {
  it('pages through every order without repeating or skipping a vendor', async () => {
    for (const sort of ['popular', 'rating', 'newest'] as const) {
      const seen: string[] = [];
      let page = 1;
      let more = true;
      let total = 0;
      while (more) {
        const result = await h.anonymous().caller.vendors.list({ sort, page, page_size: 24 });
        seen.push(...result.items.map((v) => v.id));
        more = result.has_more;
        total = result.total;
        page++;
      }
      expect(seen, sort).toHaveLength(total);
      expect(new Set(seen).size, sort).toBe(total);
    }
  });

  it('orders popular by review count and rating, top rated by the Bayesian average (decision 037)', async () => {
    const popular = (await h.anonymous().caller.vendors.list({ sort: 'popular', page_size: 30 })).items;
    const counts = popular.map((v) => v.reviewCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const rated = (await h.anonymous().caller.vendors.list({ sort: 'rating', page_size: 30 })).items;
    // As if each listing had 5 more reviews of 3 stars.
    const ranks = rated.map((v) => (5 * 3 + Number(v.rating) * v.reviewCount) / (5 + v.reviewCount));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
  });

  it('filters by one or several categories, from the REST query string too', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/vendors?category=Venues&category=Florists&page_size=100',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(new Set(body.items.map((v: { category: string }) => v.category))).toEqual(
      new Set(['Venues', 'Florists']),
    );
    expect(body.total).toBe(120);
    expect(body.has_more).toBe(true);
    const single = await app.inject({ method: 'GET', url: '/api/vendors?category=Caterers' });
    expect(single.json().total).toBe(60);
    const bad = await app.inject({ method: 'GET', url: '/api/vendors?category=Comedians' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      'Category must be one of Venues, Caterers, Photographers, Musicians, Florists',
    );
  });

  it('finds the nearest first within the radius', async () => {
    const result = await h
      .anonymous()
      .caller.vendors.list({ sort: 'near', ...TEANECK, radius_km: 50, page_size: 100 });
    const distances = result.items.map((v) => v.distanceKm as number);
    expect(distances.length).toBeGreaterThan(10);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(50);
    expect(result.items.some((v) => v.city === 'Los Angeles')).toBe(false);
    expect(result.items[0]?.businessName).toBe('Zimmerman Klezmer Band');

    const la = await h.anonymous().caller.vendors.list({ lat: 34.0522, lng: -118.2437, page_size: 100 });
    expect(la.items.every((v) => v.city === 'Los Angeles')).toBe(true);
    expect((await rejection(h.anonymous().caller.vendors.list({ sort: 'near' }))).message).toBe(
      'Sorting by distance needs lat and lng',
    );
  });
});

describe('search', () => {
  it.each([
    ['zimmerman', 'Zimmerman Klezmer Band'],
    ['zimmermen', 'Zimmerman Klezmer Band'],
    ['zimm', 'Zimmerman Klezmer Band'],
    ['klezmer teaneck', 'Zimmerman Klezmer Band'],
  ])('puts the best match first for %s', async (search, name) => {
    const result = await h.anonymous().caller.vendors.list({ search });
    expect(result.items[0]?.businessName).toBe(name);
  });

  // The least each search must find: 60 for words and their beginnings, more than 10 for slips.
  it.each([
    ['photographers', 'Photographers', 60],
    ['photgraphers', 'Photographers', 60],
    ['phot', 'Photographers', 60],
    ['florist', 'Florists', 60],
    ['catreers', 'Caterers', 11],
    ['catrers', 'Caterers', 11],
    ['catterers', 'Caterers', 11],
    ['caterars', 'Caterers', 11],
    ['muiscians', 'Musicians', 11],
  ])('matches categories and tolerates typos: %s', async (search, category, atLeast) => {
    const result = await h.anonymous().caller.vendors.list({ search, page_size: 50 });
    expect(result.total).toBeGreaterThanOrEqual(atLeast);
    expect(result.items.every((v) => v.category === category)).toBe(true);
  });

  it.each([
    ['sicmha', 'two letters swapped'],
    ['smcha', 'a letter missing'],
    ['simmcha', 'a letter doubled'],
    ['simxha', 'one wrong letter'],
  ])('finds a name typed with a slip: %s (%s)', async (search) => {
    const result = await h.anonymous().caller.vendors.list({ search: `${search} beats`, page_size: 50 });
    expect(result.items.map((v) => v.businessName)).toContain('Simcha Beats DJ Rosen');
    // At most 3 names are suggested, the most popular first: the surname keeps this one among them.
    const suggestions = await h.anonymous().caller.vendors.suggestions({ q: `${search} beats rosen` });
    expect(suggestions.vendor_names).toContain('Simcha Beats DJ Rosen');
  });

  it.each(['taeneck', 'teanek', 'teanneck', 'teaneak'])(
    'finds a place typed with a slip: %s',
    async (search) => {
      const result = await h.anonymous().caller.vendors.list({ search, page_size: 100 });
      expect(result.total).toBeGreaterThan(10);
      expect(result.items.every((v) => v.city === 'Teaneck')).toBe(true);
    },
  );

  it('finds words added after the first search through the same forms', async () => {
    await createVendor(h.db, { businessName: 'Qwertzuiop Catering', category: 'Caterers' });
    const result = await h.anonymous().caller.vendors.list({ search: 'qwetrzuiop' });
    expect(result.items.map((v) => v.businessName)).toEqual(['Qwertzuiop Catering']);
  });

  it('matches places and description words', async () => {
    const teaneck = await h.anonymous().caller.vendors.list({ search: 'teaneck', page_size: 100 });
    expect(teaneck.total).toBeGreaterThan(10);
    expect(teaneck.items.every((v) => v.city === 'Teaneck')).toBe(true);
    const chuppah = await h.anonymous().caller.vendors.list({ search: 'chuppah', page_size: 100 });
    expect(chuppah.total).toBeGreaterThan(0);
    const nothing = await h.anonymous().caller.vendors.list({ search: 'qqqxxzz' });
    expect(nothing).toEqual({ items: [], total: 0, total_exact: true, has_more: false });
  });

  it.each([
    ['most popular', {}],
    ['nearest', { sort: 'near' as const, ...TEANECK, radius_km: 20_000 }],
  ])(
    'lists the vendors whose name matches first, %s, and pages through every match once',
    async (_, order) => {
      // 'photo' begins the category word of every photographer and the name of some of them.
      const list = (page: number, page_size: number) =>
        h.anonymous().caller.vendors.list({ search: 'photo', ...order, page, page_size });
      const seen: { id: string; named: boolean }[] = [];
      let page = 1;
      let more = true;
      let total = 0;
      while (more && page < 100) {
        const result = await list(page, 7);
        seen.push(...result.items.map((v) => ({ id: v.id, named: /photo/i.test(v.businessName) })));
        ({ total, has_more: more } = result);
        page++;
      }
      const named = seen.filter((v) => v.named).length;
      expect(named).toBeGreaterThan(7);
      expect(seen.length - named).toBeGreaterThan(7);
      expect(seen.slice(0, named).every((v) => v.named)).toBe(true);
      expect(seen).toHaveLength(total);
      expect(new Set(seen.map((v) => v.id)).size).toBe(total);

      // A page that begins past the last name match continues the other matches where they left off.
      const firstOthers = Math.ceil(named / 7) + 1;
      const whole = await list(1, 100);
      const deep = await list(firstOthers, 7);
      expect(deep.items.map((v) => v.id)).toEqual(
        whole.items.slice((firstOthers - 1) * 7, firstOthers * 7).map((v) => v.id),
      );
    },
  );

  it('suggests at most 3 names, 3 services and 2 locations, from 2 characters', async () => {
    const s = await h.anonymous().caller.vendors.suggestions({ q: 'zimm' });
    expect(s.vendor_names).toEqual(['Zimmerman Klezmer Band']);
    expect((await h.anonymous().caller.vendors.suggestions({ q: 'ph' })).services).toEqual(['Photographers']);
    expect((await h.anonymous().caller.vendors.suggestions({ q: 'tea' })).locations).toEqual(['Teaneck']);
    // Names only: every photographer's category begins with 'phot', few of their names do.
    const names = (await h.anonymous().caller.vendors.suggestions({ q: 'photo' })).vendor_names;
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => /photo/i.test(name))).toBe(true);
    const broad = await h.anonymous().caller.vendors.suggestions({ q: 'the' });
    expect(broad.vendor_names.length).toBeLessThanOrEqual(3);
    expect(await h.anonymous().caller.vendors.suggestions({ q: 'a' })).toEqual({
      vendor_names: [],
      services: [],
      locations: [],
    });
  });
});

describe('suggestion limits', () => {
  it('answers 429 with Retry-After past the per-address ceiling, and other addresses go on', async () => {
    await withLimitMax(h, 'suggestions', 3, async () => {
      const ip = '198.51.100.77';
      for (let i = 0; i < 3; i++) await h.anonymous({ ip }).caller.vendors.suggestions({ q: 'ph' });
      const refused = await rejection(h.anonymous({ ip }).caller.vendors.suggestions({ q: 'ph' }));
      expect(refused.code).toBe('TOO_MANY_REQUESTS');
      expect(refused.message).toMatch(
        /^Too many searches in a short time\. Please try again in \d+ seconds?\.$/,
      );
      await expect(
        h.anonymous({ ip: '198.51.100.78' }).caller.vendors.suggestions({ q: 'ph' }),
      ).resolves.toBeTruthy();
      const res = await app.inject({
        method: 'GET',
        url: '/api/vendors/suggestions?q=ph',
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().error.code).toBe('TOO_MANY_REQUESTS');
    });
  });
});

describe('featured', () => {
  it('lists at most 10 verified vendors, near the caller when asked', async () => {
    const all = await h.anonymous().caller.vendors.featured();
    expect(all.length).toBe(10);
    expect(all.every((v) => v.verified)).toBe(true);
    const near = await h.anonymous().caller.vendors.featured({ lat: 25.7617, lng: -80.1918 });
    expect(near.every((v) => v.city === 'Miami')).toBe(true);
    const rest = await app.inject({ method: 'GET', url: '/api/vendors/featured?lat=25.7617&lng=-80.1918' });
    expect(rest.json()).toHaveLength(near.length);
  });
});

describe('vendor profiles', () => {
  it('answers Vendor not found for an unknown id', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/vendors/${crypto.randomUUID()}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(VENDOR_MESSAGES.notFound);
    expect((await app.inject({ method: 'GET', url: '/api/vendors/not-a-uuid' })).statusCode).toBe(400);
  });

  it('lets a signed-in user create a profile they own, with a sanitized rich description', async () => {
    const user = await h.signedIn('customer');
    const created = await user.caller.vendors.create({
      businessName: 'Shira Cakes',
      category: 'Shops',
      contactEmail: 'shira@example.com',
      descriptionRich:
        '<p>Hello <strong>there</strong><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><a href="https://ok.example">ok</a></p>',
    });
    expect(created).toMatchObject({ ownerId: user.user.id, claimed: true, verified: false, rating: '0.00' });
    expect(created.descriptionRich).toBe(
      '<p>Hello <strong>there</strong><a rel="noopener noreferrer nofollow" target="_blank">x</a>' +
        '<a href="https://ok.example" rel="noopener noreferrer nofollow" target="_blank">ok</a></p>',
    );
    const missing = await rejection(
      user.caller.vendors.create({ businessName: '', category: 'Venues', contactEmail: 'a@b.co' }),
    );
    expect(missing.message).toBe(VENDOR_MESSAGES.required);
    const owned = await rejection(
      user.caller.vendors.create({
        businessName: 'X',
        category: 'Venues',
        contactEmail: 'a@b.co',
        rating: '5.00',
      } as never),
    );
    expect(owned.code).toBe('BAD_REQUEST');
    expect(
      (
        await rejection(
          h
            .anonymous()
            .caller.vendors.create({ businessName: 'X', category: 'Venues', contactEmail: 'a@b.co' }),
        )
      ).code,
    ).toBe('UNAUTHORIZED');
  });

  it('refuses a new listing under the name of an existing one and points to the claim flow', async () => {
    await createVendor(h.db, { businessName: 'Golden Chuppah Hall' });
    const user = await h.signedIn('customer');
    const refusedCreate = (businessName: string) =>
      rejection(user.caller.vendors.create({ businessName, category: 'Venues', contactEmail: 'a@b.co' }));
    for (const name of ['Golden Chuppah Hall', '  golden   CHUPPAH hall ']) {
      const refused = await refusedCreate(name);
      expect(refused.code).toBe('CONFLICT');
      expect(refused.message).toBe(VENDOR_MESSAGES.nameTaken('Golden Chuppah Hall'));
    }
    // Invisible characters and full-width look-alikes do not make a different name.
    const hidden = await refusedCreate('Golden\u200b Chuppah Hall');
    expect(hidden.code).toBe('BAD_REQUEST');
    expect(hidden.message).toBe('Business name contains invisible characters');
    expect((await refusedCreate('\uff27olden Chuppah Hall')).code).toBe('CONFLICT');
    const res = await app.inject({
      method: 'POST',
      url: '/api/vendors',
      headers: { 'content-type': 'application/json', cookie: await h.cookieFor(user.user.id) },
      payload: { businessName: 'GOLDEN CHUPPAH HALL', category: 'Venues', contactEmail: 'a@b.co' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('claim it instead');
    const count = await h.db
      .selectFrom('vendors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('businessName', 'ilike', '%golden chuppah hall%')
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it('lets exactly one of several simultaneous listings with one new name through, unverified', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => h.signedIn('customer')));
    const name = `Race Hall ${Math.random().toString(36).slice(2, 8)}`;
    const results = await Promise.allSettled(
      users.map((u) =>
        u.caller.vendors.create({
          businessName: name,
          category: 'Venues',
          contactEmail: 'a@b.co',
          verified: true,
        } as never),
      ),
    );
    // `verified` is the server's to set: the strict schema refuses it outright.
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    const plain = await Promise.allSettled(
      users.map((u) =>
        u.caller.vendors.create({ businessName: name, category: 'Venues', contactEmail: 'a@b.co' }),
      ),
    );
    const created = plain.filter((r) => r.status === 'fulfilled');
    expect(created).toHaveLength(1);
    expect((created[0] as PromiseFulfilledResult<{ verified: boolean }>).value.verified).toBe(false);
    for (const r of plain.filter((p) => p.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason.code).toBe('CONFLICT');
    }
  });

  it('refuses names that only look different: other scripts’ look-alike letters, punctuation', async () => {
    await createVendor(h.db, { businessName: 'Levy Simcha Photography' });
    const owner = await h.signedIn('vendor');
    const mine = await createVendor(h.db, { ownerId: owner.user.id, businessName: 'Rivka Rosen Flowers' });
    const lookAlikes = [
      'Levy Simcha Photograph\u0443', // Cyrillic у
      'L\u0435vy Simcha Photography', // Cyrillic е
      'Levy Simcha Photography.',
      'LEVY SIMCHA PH0TOGRAPHY', // a zero for the O
    ];
    for (const businessName of lookAlikes) {
      const created = await rejection(
        owner.caller.vendors.create({ businessName, category: 'Photographers', contactEmail: 'a@b.co' }),
      );
      expect(created.message, businessName).toBe(VENDOR_MESSAGES.nameTaken('Levy Simcha Photography'));
      const renamed = await rejection(
        owner.caller.vendors.update({ id: mine.id, version: mine.version, businessName }),
      );
      expect(renamed.message, businessName).toBe(VENDOR_MESSAGES.nameTaken('Levy Simcha Photography'));
    }
    // A name that differs to the eye is free.
    await owner.caller.vendors.create({
      businessName: 'Levi Simcha Photography',
      category: 'Photographers',
      contactEmail: 'a@b.co',
    });
  });

  it('refuses renaming a listing to the name of another', async () => {
    const owner = await h.signedIn('vendor');
    await createVendor(h.db, { businessName: 'Taken Name Studio' });
    const mine = await createVendor(h.db, { ownerId: owner.user.id, businessName: 'My Own Studio' });
    const refused = await rejection(
      owner.caller.vendors.update({ id: mine.id, version: mine.version, businessName: 'taken name studio' }),
    );
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toBe(VENDOR_MESSAGES.nameTaken('Taken Name Studio'));
    await expect(
      owner.caller.vendors.update({
        id: mine.id,
        version: mine.version,
        businessName: 'My Own Studio',
        city: 'Teaneck',
      }),
    ).resolves.toMatchObject({ city: 'Teaneck', version: mine.version + 1 });
  });

  it('lets only the owner or an admin edit a listing', async () => {
    const { vendor: owner, listing } = await vendorWithListing(h, { businessName: 'Owned Hall' });
    const edited = await owner.caller.vendors.update({
      id: listing.id,
      version: listing.version,
      city: 'Riverdale',
    });
    expect(edited).toMatchObject({ city: 'Riverdale' });
    const stranger = await h.signedIn('vendor');
    const refused = await rejection(
      stranger.caller.vendors.update({ id: listing.id, version: edited.version, city: 'Nowhere' }),
    );
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.message).toBe(VENDOR_MESSAGES.notYours);
    const admin = await h.signedIn('admin');
    await expect(
      admin.caller.vendors.update({ id: listing.id, version: edited.version, businessName: 'Renamed Hall' }),
    ).resolves.toMatchObject({
      businessName: 'Renamed Hall',
      city: 'Riverdale',
    });
  });

  it('gives a vendor their own listing, and tells one without a listing what is needed', async () => {
    const vendor = await h.signedIn('vendor');
    expect((await rejection(vendor.caller.vendors.myProfile())).message).toBe(VENDOR_MESSAGES.noProfile);
    const listing = await createVendor(h.db, {
      ownerId: vendor.user.id,
      businessName: 'My Studio',
      category: 'Photographers',
    });
    await expect(vendor.caller.vendors.myProfile()).resolves.toMatchObject({ businessName: 'My Studio' });
    const moved = await vendor.caller.vendors.updateMyProfile({
      version: listing.version,
      neighborhood: 'Great Neck',
    });
    expect(moved).toMatchObject({ neighborhood: 'Great Neck' });
    // Each form offers its own categories (spec section 3): the dashboard's values here, stored as
    // the shared vocabulary.
    await expect(
      vendor.caller.vendors.updateMyProfile({ version: moved.version, category: 'band' }),
    ).resolves.toMatchObject({ category: 'Musicians' });
    expect(
      (
        await rejection(
          vendor.caller.vendors.updateMyProfile({ version: moved.version + 1, category: 'Venues' }),
        )
      ).code,
    ).toBe('BAD_REQUEST');
    const marketplaceForm = await rejection(
      vendor.caller.vendors.create({
        businessName: 'X',
        category: 'band' as 'Venues',
        contactEmail: 'a@b.co',
      }),
    );
    expect(marketplaceForm.message).toBe('Please choose a category from the list');
    expect((await rejection(customer.caller.vendors.myProfile())).code).toBe('FORBIDDEN');

    const cookie = await h.cookieFor(vendor.user.id);
    const res = await app.inject({ method: 'GET', url: '/api/vendors/profile', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().businessName).toBe('My Studio');
  });
});

const upload = (n: number) => `/uploads/${String(n).padStart(8, '0')}-0000-4000-8000-000000000000.jpg`;
const json = (cookie: string) => ({ 'content-type': 'application/json', cookie });
/** The dashboard's save, PATCH /api/vendors/profile, as the holder of `cookie`. */
const patchProfile = (cookie: string, payload: object) =>
  app.inject({ method: 'PATCH', url: '/api/vendors/profile', headers: json(cookie), payload });

describe('categories', () => {
  it('stores a dashboard save as the marketplace name, so the marketplace filter finds it', async () => {
    const vendor = await h.signedIn('vendor');
    const cookie = await h.cookieFor(vendor.user.id);
    const listing = await createVendor(h.db, {
      ownerId: vendor.user.id,
      businessName: 'Dashboard Lens Studio',
      category: 'Other',
    });
    const saved = await patchProfile(cookie, {
      vendorId: listing.id,
      version: listing.version,
      category: 'photographer',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().category).toBe('Photographers');
    const found = await app.inject({
      method: 'GET',
      url: '/api/vendors?category=Photographers&search=dashboard%20lens&page_size=100',
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().items.map((v: { id: string }) => v.id)).toContain(listing.id);

    // The dashboard's values only; the marketplace's names and anything else are refused.
    for (const category of ['Photographers', 'Photography', 'dj']) {
      const refused = await patchProfile(cookie, {
        vendorId: listing.id,
        version: listing.version + 1,
        category,
      });
      expect(refused.statusCode, category).toBe(400);
      expect(refused.json().error.message).toBe('Please choose a category from the list');
    }
    const unknown = await app.inject({ method: 'GET', url: '/api/vendors?category=photographer' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(
      'Category must be one of Venues, Caterers, Photographers, Musicians, Florists',
    );
  });

  it('keeps a category the dashboard shows under another entry when that entry is sent back', async () => {
    const vendor = await h.signedIn('vendor');
    const comedians = await createVendor(h.db, {
      ownerId: vendor.user.id,
      businessName: 'Shtick Brothers',
      category: 'Comedians',
    });
    const kept = await vendor.caller.vendors.updateMyProfile({
      vendorId: comedians.id,
      version: comedians.version,
      category: 'band',
    });
    expect(kept.category).toBe('Comedians');
    const changed = await vendor.caller.vendors.updateMyProfile({
      vendorId: comedians.id,
      version: kept.version,
      category: 'makeup',
    });
    expect(changed.category).toBe('Beauty & Makeup');
  });

  it('takes the vocabulary names on the marketplace form, and the database refuses any other value', async () => {
    const user = await h.signedIn('customer');
    const created = await user.caller.vendors.create({
      businessName: 'Marketplace Form Florals',
      category: 'Florists',
      contactEmail: 'florals@example.com',
    });
    expect(created.category).toBe('Florists');
    const refused = await rejection(
      user.caller.vendors.update({
        id: created.id,
        version: created.version,
        category: 'florist' as 'Florists',
      }),
    );
    expect(refused.message).toBe('Please choose a category from the list');
    await expect(
      createVendor(h.db, { businessName: 'Raw Insert', category: 'photographer' }),
    ).rejects.toMatchObject({
      code: '23514',
    });
  });
});

describe('listing profile', () => {
  it('lists and opens only the caller’s own listings: another vendor gets 404, a customer 403, a guest 401', async () => {
    const { vendor, listing: first } = await vendorWithListing(h, { businessName: 'First Own Hall' });
    const second = await createVendor(h.db, {
      ownerId: vendor.user.id,
      businessName: 'Second Own Hall',
      contactPhone: '212-555-0199',
    });
    const mine = await vendor.caller.vendors.mine();
    expect(mine.map((l) => l.businessName)).toEqual(['First Own Hall', 'Second Own Hall']);
    await expect(vendor.caller.vendors.myProfile()).resolves.toMatchObject({ id: first.id });
    await expect(vendor.caller.vendors.myProfile({ vendorId: second.id })).resolves.toMatchObject({
      id: second.id,
      contactPhone: '212-555-0199',
    });

    const other = await h.signedIn('vendor');
    await createVendor(h.db, { ownerId: other.user.id, businessName: 'Other Vendor Hall' });
    expect(await other.caller.vendors.mine()).toHaveLength(1);
    const notYours = await rejection(other.caller.vendors.myProfile({ vendorId: second.id }));
    expect(notYours.code).toBe('NOT_FOUND');
    expect(notYours.message).toBe(VENDOR_MESSAGES.notFound);
    const editNotYours = await rejection(
      other.caller.vendors.updateMyProfile({ vendorId: second.id, version: second.version, city: 'Nowhere' }),
    );
    expect(editNotYours.code).toBe('NOT_FOUND');

    const otherCookie = await h.cookieFor(other.user.id);
    const rest = await app.inject({
      method: 'GET',
      url: `/api/vendors/profile?vendorId=${second.id}`,
      headers: { cookie: otherCookie },
    });
    expect(rest.statusCode).toBe(404);
    expect(rest.body).not.toMatch(/Second Own Hall|555-0199/);
    const restEdit = await patchProfile(otherCookie, {
      vendorId: second.id,
      version: second.version,
      city: 'Nowhere',
    });
    expect(restEdit.statusCode).toBe(404);
    expect(await h.versionOf('vendors', second.id)).toBe(second.version);

    const customerCookie = await h.cookieFor(customer.user.id);
    for (const [method, cookie, status] of [
      ['GET', customerCookie, 403],
      ['PATCH', customerCookie, 403],
      ['GET', undefined, 401],
      ['PATCH', undefined, 401],
    ] as const) {
      const res = await app.inject({
        method,
        url: method === 'GET' ? `/api/vendors/profile?vendorId=${second.id}` : '/api/vendors/profile',
        headers: cookie ? json(cookie) : { 'content-type': 'application/json' },
        ...(method === 'PATCH'
          ? { payload: { vendorId: second.id, version: second.version, city: 'X' } }
          : {}),
      });
      expect(res.statusCode, `${method} ${status}`).toBe(status);
    }
    expect((await app.inject({ method: 'GET', url: '/api/vendors/mine' })).statusCode).toBe(401);
  });

  it('saves the gallery in the order sent, with logo and image, and refuses too many or repeated images', async () => {
    const { vendor, listing } = await vendorWithListing(h, { businessName: 'Gallery Studio' });
    const saved = await vendor.caller.vendors.updateMyProfile({
      version: listing.version,
      galleryImages: [upload(1), upload(2), upload(3)],
      logoUrl: upload(10),
      imageUrl: upload(11),
    });
    expect(saved).toMatchObject({
      galleryImages: [upload(1), upload(2), upload(3)],
      logoUrl: upload(10),
      imageUrl: upload(11),
    });
    const reordered = await vendor.caller.vendors.updateMyProfile({
      version: saved.version,
      galleryImages: [upload(3), upload(1)],
    });
    expect(reordered.galleryImages).toEqual([upload(3), upload(1)]);
    // Fields left out stay as they were.
    expect(reordered.logoUrl).toBe(upload(10));

    const cookie = await h.cookieFor(vendor.user.id);
    const patch = (payload: object) => patchProfile(cookie, payload);
    const twelve = Array.from({ length: 12 }, (_, i) => upload(i + 1));
    const full = await patch({ version: reordered.version, galleryImages: twelve });
    expect(full.statusCode).toBe(200);
    expect(full.json().galleryImages).toEqual(twelve);
    const thirteen = await patch({ version: full.json().version, galleryImages: [...twelve, upload(13)] });
    expect(thirteen.statusCode).toBe(400);
    expect(thirteen.json().error.message).toBe('A gallery holds at most 12 images');
    const twice = await patch({
      version: full.json().version,
      galleryImages: [upload(1), upload(2), upload(1)],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe('An image appears twice in the gallery');
    const foreign = await patch({
      version: full.json().version,
      galleryImages: ['https://evil.example/x.jpg'],
    });
    expect(foreign.statusCode).toBe(400);
    const cleared = await patch({ version: full.json().version, galleryImages: [], logoUrl: null });
    expect(cleared.json()).toMatchObject({ galleryImages: [], logoUrl: null, imageUrl: upload(11) });
  });

  it('answers an edit made from an old version with 409 and the listing as it is now', async () => {
    const { vendor, listing } = await vendorWithListing(h, { businessName: 'Stale Edit Hall' });
    const first = await vendor.caller.vendors.updateMyProfile({ version: listing.version, city: 'Teaneck' });
    const stale = await rejection(
      vendor.caller.vendors.updateMyProfile({
        version: listing.version,
        city: 'Riverdale',
        category: 'venue',
      }),
    );
    expect(stale.code).toBe('CONFLICT');
    const res = await patchProfile(await h.cookieFor(vendor.user.id), {
      version: listing.version,
      city: 'Riverdale',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.current).toMatchObject({ city: 'Teaneck', version: first.version });
  });

  it('makes a customer who lists a business a vendor at once, and leaves admins admins', async () => {
    const newcomer = await h.signedIn('customer');
    const cookie = await h.cookieFor(newcomer.user.id);
    const created = await app.inject({
      method: 'POST',
      url: '/api/vendors',
      headers: json(cookie),
      payload: { businessName: 'Newcomer Catering', category: 'Caterers', contactEmail: 'new@example.com' },
    });
    expect(created.statusCode).toBe(201);
    // The same session: the next request reads the account's new role.
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().user.role).toBe('vendor');
    const dashboard = await app.inject({ method: 'GET', url: '/api/vendors/profile', headers: { cookie } });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().businessName).toBe('Newcomer Catering');

    const admin = await h.signedIn('admin');
    await admin.caller.vendors.create({
      businessName: 'Admin Made Hall',
      category: 'Venues',
      contactEmail: 'a@b.co',
    });
    const role = await h.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', admin.user.id)
      .executeTakeFirstOrThrow();
    expect(role.role).toBe('admin');
  });
});
