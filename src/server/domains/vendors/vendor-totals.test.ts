import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/constants';
import { generateDemoVendors } from '../../demo/demo-vendors';
import { createVendor } from '../../demo/factories';
import { createHarness, type TestHarness } from '../../test/harness';
import { VersionedCache } from './versioned-cache';

let h: TestHarness;
const VENDORS = LIMITS.marketplaceTotalCap + 50;

beforeAll(async () => {
  h = await createHarness();
  const rows = generateDemoVendors(VENDORS);
  for (let i = 0; i < rows.length; i += 500) {
    await h.db
      .insertInto('vendors')
      .values(rows.slice(i, i + 500))
      .execute();
  }
});
afterAll(async () => {
  await h.close();
});

const list = (input: Parameters<ReturnType<TestHarness['anonymous']>['caller']['vendors']['list']>[0]) =>
  h.anonymous().caller.vendors.list(input);

describe('marketplace totals', () => {
  it('are exact up to the cap and say when they stop counting', async () => {
    const all = await list({});
    expect(all).toMatchObject({ total: LIMITS.marketplaceTotalCap, total_exact: false, has_more: true });
    const caterers = await list({ category: ['Caterers'] });
    expect(caterers).toMatchObject({ total: VENDORS / 5, total_exact: true, has_more: true });
  });

  it('come from the last page without counting, and stay exact past the end', async () => {
    const lastPage = Math.ceil(VENDORS / 5 / 24);
    const last = await list({ category: ['Florists'], page: lastPage });
    expect(last).toMatchObject({ total: VENDORS / 5, total_exact: true, has_more: false });
    expect(last.items).toHaveLength(VENDORS / 5 - (lastPage - 1) * 24);
    const past = await list({ category: ['Florists'], page: lastPage + 3 });
    expect(past).toMatchObject({ items: [], total: VENDORS / 5, total_exact: true, has_more: false });
  });

  it('follow a listing change at once, even when the total was remembered', async () => {
    const before = await list({ category: ['Musicians'] });
    expect((await list({ category: ['Musicians'], page: 2 })).total).toBe(before.total);
    await createVendor(h.db, { businessName: 'Nigun Newcomers', category: 'Musicians' });
    expect((await list({ category: ['Musicians'] })).total).toBe(before.total + 1);
    await h.db.deleteFrom('vendors').where('businessName', '=', 'Nigun Newcomers').execute();
    expect((await list({ category: ['Musicians'], page: 2 })).total).toBe(before.total);
  });

  it('show an edited listing at once on a page and in the featured list seen before', async () => {
    const first = (await list({ category: ['Venues'] })).items[0];
    const featured = await h.anonymous().caller.vendors.featured();
    if (!first || !featured[0]) throw new Error('expected vendors');
    const app = await h.app();
    const rest = async () =>
      (await app.inject({ method: 'GET', url: '/api/vendors?category=Venues' })).json();
    expect((await rest()).items[0].businessName).toBe(first.businessName);
    await h.db
      .updateTable('vendors')
      .set({ businessName: 'Renamed Hall' })
      .where('id', '=', first.id)
      .execute();
    expect((await list({ category: ['Venues'] })).items[0]?.businessName).toBe('Renamed Hall');
    expect((await rest()).items[0].businessName).toBe('Renamed Hall');
    await h.db.updateTable('vendors').set({ verified: false }).where('id', '=', featured[0].id).execute();
    const after = await h.anonymous().caller.vendors.featured();
    expect(after.map((v) => v.id)).not.toContain(featured[0].id);
  });

  it('keep contact details from visitors even when a member asked the same page first', async () => {
    const member = await h.signedIn('customer');
    const seen = await member.caller.vendors.list({ category: ['Caterers'] });
    expect(seen.items[0]).toHaveProperty('contactEmail');
    const visitor = await list({ category: ['Caterers'] });
    expect(visitor.items[0]).not.toHaveProperty('contactEmail');
    expect(visitor.items[0]).toHaveProperty('hasEmail');
  });
});

describe('VersionedCache', () => {
  it('answers only for the version it counted at, within its age, and forgets the least used', () => {
    const cache = new VersionedCache<number>(2, 1000);
    cache.set('a', '1', 10, 0);
    expect(cache.get('a', '1', 500)).toBe(10);
    expect(cache.get('a', '2', 500)).toBeUndefined();
    cache.set('a', '1', 10, 0);
    expect(cache.get('a', '1', 1001)).toBeUndefined();
    cache.set('a', '1', 1, 0);
    cache.set('b', '1', 2, 0);
    cache.get('a', '1', 1);
    cache.set('c', '1', 3, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('b', '1', 1)).toBeUndefined();
    expect(cache.get('a', '1', 1)).toBe(1);
    expect(cache.get('c', '1', 1)).toBe(3);
  });
});
