import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorListInput } from '../../../shared/schemas/vendors';
import { generateDemoVendors } from '../../demo/demo-vendors';
import type { Db } from '../../platform/db/create-db';
import { createHarness, type TestHarness } from '../../test/harness';
import { MarketplaceCache } from './marketplace-cache';
import { FREE_ON_TOTAL_CAP, featuredVendors, listVendors, vendorSuggestions } from './vendors.service';

/**
 * Every statement a marketplace answer sends, counted as Kysely hands it to the database. A
 * transaction would add BEGIN and COMMIT, which no plugin sees: the counting database refuses to
 * open one, so the count is complete.
 */
function counting(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      statements.push(args.node.kind);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const counted = db.withPlugin(plugin);
  counted.transaction = () => {
    throw new Error('A marketplace answer opened a transaction');
  };
  return { db: counted, statements };
}

let h: TestHarness;
const NYC = { lat: 40.7128, lng: -74.006 };

beforeAll(async () => {
  h = await createHarness();
  await h.db
    .insertInto('vendors')
    .values(generateDemoVendors(600, undefined, { hebrewNames: 0.5 }))
    .execute();
});
afterAll(async () => {
  await h.close();
});

describe('a computed marketplace answer', () => {
  it.each([
    ['a search in a category', { search: 'studio', category: ['Photographers'] }],
    ['a search sorted by rating', { search: 'studio', sort: 'rating' }],
    ['a search sorted by newest', { search: 'studio', sort: 'newest' }],
    ['a search nearest first', { search: 'kosher', sort: 'near', ...NYC }],
    ['a search nearest first, page 3', { search: 'kosher', sort: 'near', ...NYC, page: 3 }],
    ['a search deep in the pages', { search: 'studio', page: 6 }],
    ['words matching no name in the category', { search: 'kosher', category: ['Photographers'] }],
    ['a category only', { category: ['Caterers'] }],
    ['a category within a radius', { category: ['Caterers'], ...NYC, radius_km: 50 }],
    ['a typo', { search: 'photgrapher' }],
    ['a Hebrew search with prefixes, in a category', { search: 'והסטודיו', category: ['Photographers'] }],
    ['a Hebrew name, nearest first', { search: 'גולדברג', sort: 'near', ...NYC }],
    ['a Hebrew slip', { search: 'גודלברג' }],
    ['swapped letters', { search: 'kohser catreing' }],
    ['words resembling nothing, past the first page', { search: 'qqxzv', page: 2 }],
    ['a kashrut filter', { kashrut: ['ou', 'glatt'] }],
    ['a kashrut filter in a category', { kashrut: ['meat', 'shomer-shabbat'], category: ['Caterers'] }],
    [
      'a search with a kashrut filter nearest first',
      { search: 'kosher', kashrut: ['ou'], sort: 'near', ...NYC },
    ],
    ['free on a date', { free_on: '2027-06-16' }],
    [
      'free on a Friday evening, unstated calendars included',
      { free_on: '2027-06-18', free_time: '20:30', include_unstated: true },
    ],
    [
      'a search free on a Saturday night, nearest first',
      {
        search: 'kosher',
        sort: 'near',
        ...NYC,
        free_on: '2027-06-19',
        free_time: '22:30',
        include_unstated: true,
      },
    ],
    [
      'a category free on a date, page 2',
      { category: ['Caterers'], free_on: '2027-06-16', include_unstated: true, page: 2 },
    ],
    [
      'verified kashrut free on a date',
      { kashrut: ['ou'], category: ['Caterers'], free_on: '2027-06-16', include_unstated: true },
    ],
  ])('%s takes at most 2 statements', async (_name, input) => {
    const { db, statements } = counting(h.db);
    const page = await listVendors(
      db,
      new MarketplaceCache({ enabled: false }),
      null,
      vendorListInput.parse({ page_size: 24, ...input }),
    );
    expect(statements.length, statements.join(', ')).toBeLessThanOrEqual(2);
    expect(page.total).toBeGreaterThanOrEqual(page.items.length);
  });

  it('finds what it is asked for in those statements', async () => {
    const { db, statements } = counting(h.db);
    const cache = new MarketplaceCache({ enabled: false });
    const page = await listVendors(
      db,
      cache,
      null,
      vendorListInput.parse({ search: 'photgrapher', page_size: 24 }),
    );
    expect(page.items).toHaveLength(24);
    expect(page.items.every((v) => v.category === 'Photographers')).toBe(true);
    expect(page.has_more).toBe(true);
    expect(statements).toHaveLength(1);
  });

  it('with answers kept, reads the version and computes a missing answer: 2 statements', async () => {
    const { db, statements } = counting(h.db);
    const cache = new MarketplaceCache();
    const input = vendorListInput.parse({ search: 'studio', category: ['Photographers'] });
    await listVendors(db, cache, null, input);
    expect(statements).toHaveLength(2);
    await listVendors(db, cache, null, input);
    expect(statements).toHaveLength(3);
  });

  it('counts the total of a search free on a date up to 200', async () => {
    const page = await listVendors(
      h.db,
      new MarketplaceCache({ enabled: false }),
      null,
      vendorListInput.parse({ free_on: '2027-06-16', include_unstated: 'true', page_size: 24 }),
    );
    expect(page.items).toHaveLength(24);
    expect(page).toMatchObject({ total: FREE_ON_TOTAL_CAP, total_exact: false, has_more: true });
  });

  it('suggestions and featured lists take 1 statement each', async () => {
    const { db, statements } = counting(h.db);
    const cache = new MarketplaceCache({ enabled: false });
    const suggestions = await vendorSuggestions(db, cache, 'kohser');
    expect(suggestions.vendor_names.length).toBeGreaterThan(0);
    expect(statements).toHaveLength(1);
    const featured = await featuredVendors(db, cache, null, NYC);
    expect(featured.length).toBeGreaterThan(0);
    expect(statements).toHaveLength(2);
  });
});
