import { beforeAll, describe, expect, it } from 'vitest';
import { ratingFigure } from '../../../shared/text';
import { createUser, createVendor } from '../../demo/factories';
import type { NewVendor } from '../../platform/db/types';
import { createBooking } from '../../test/booking-fixture';
import { harnessForFile } from '../../test/harness';
import { SITE_FIGURES_TTL_MS, TESTIMONIALS_SHOWN } from './site-figures';

const h = harnessForFile({ now: () => clock });
let clock = new Date('2027-01-10T12:00:00Z');

function later(ms: number) {
  clock = new Date(clock.getTime() + ms);
}

/** The family who booked and reviewed every listing below (one account, counted once). */
let reviewerId: string;
beforeAll(async () => {
  reviewerId = (await createUser(h.db, { role: 'customer', name: 'Shira Golden' })).id;
});

/**
 * A listing with visible reviews of these ratings (and one hidden review of 1 star, never counted),
 * written straight into the tables as the reviews domain leaves them.
 */
async function listingWithReviews(listing: Partial<NewVendor>, ratings: number[]) {
  const vendor = await createVendor(h.db, listing);
  const customer = { id: reviewerId };
  const all = [...ratings.map((rating) => ({ rating, hidden: false })), { rating: 1, hidden: true }];
  for (const { rating, hidden } of all) {
    const booking = await createBooking(h.db, vendor.id, customer.id, {
      day: '2026-01-10',
      status: 'completed',
    });
    await h.db
      .insertInto('reviews')
      .values({
        bookingId: booking.id,
        vendorId: vendor.id,
        authorId: customer.id,
        rating,
        text: 'Everything was just as we had hoped for our simcha.',
        hidden,
      })
      .execute();
  }
  return vendor;
}

/** The figures counted row by row, the slow way, from what is stored now. */
async function expectedFigures() {
  const users = await h.db.selectFrom('users').select(['role', 'suspendedAt']).execute();
  const listings = await h.db.selectFrom('vendors').select(['id', 'category', 'hidden']).execute();
  const visible = await h.db
    .selectFrom('reviews')
    .select(['vendorId', 'rating'])
    .where('hidden', '=', false)
    .execute();
  const categories: Record<string, number> = {};
  let reviews = 0;
  let stars = 0;
  for (const l of listings) {
    if (l.hidden) continue;
    categories[l.category] = (categories[l.category] ?? 0) + 1;
    for (const r of visible) {
      if (r.vendorId !== l.id) continue;
      reviews += 1;
      stars += r.rating;
    }
  }
  const shownIds = new Set(listings.filter((l) => !l.hidden).map((l) => l.id));
  const quotable = await h.db
    .selectFrom('reviews as r')
    .innerJoin('users as a', 'a.id', 'r.authorId')
    .innerJoin('vendors as v', 'v.id', 'r.vendorId')
    .select([
      'r.id',
      'r.rating',
      'r.text',
      'a.name',
      'r.vendorId',
      'v.businessName',
      'r.createdAt',
      'r.hidden',
    ])
    .execute();
  const testimonials = quotable
    .filter((r) => !r.hidden && r.rating >= 4 && shownIds.has(r.vendorId) && r.name.trim() !== '')
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .slice(0, TESTIMONIALS_SHOWN)
    .map((r) => ({
      id: r.id,
      rating: r.rating,
      text: r.text,
      authorFirstName: r.name.trim().split(' ')[0],
      vendorId: r.vendorId,
      businessName: r.businessName,
    }));
  return {
    testimonials,
    families: users.filter((u) => u.role === 'customer' && u.suspendedAt === null).length,
    vendors: listings.filter((l) => !l.hidden).length,
    categories,
    rating: reviews > 0 ? { average: ratingFigure(stars / reviews), reviews } : null,
  };
}

const figures = () => h.anonymous().caller.meta.siteFigures();

describe('meta.siteFigures', () => {
  it('says nothing of a rating while no public listing has a review', async () => {
    later(SITE_FIGURES_TTL_MS);
    const answer = await figures();
    expect(answer).toEqual(await expectedFigures());
    expect(answer.rating).toBeNull();
    expect(answer.testimonials).toEqual([]);
  });

  it('counts customer accounts, public listings per category and the reviews of public listings', async () => {
    const before = await figures();
    await createUser(h.db, { role: 'customer' });
    await createUser(h.db, { role: 'customer' });
    const suspended = await createUser(h.db, { role: 'customer' });
    await h.db.updateTable('users').set({ suspendedAt: clock }).where('id', '=', suspended.id).execute();
    await createUser(h.db, { role: 'vendor' });
    await createUser(h.db, { role: 'admin' });
    await listingWithReviews({ category: 'Venues' }, [...Array(5).fill(4), ...Array(5).fill(5)]);
    await createVendor(h.db, { category: 'Venues' });
    await listingWithReviews({ category: 'Caterers' }, Array(30).fill(5));
    await createVendor(h.db, { category: 'Photographers' });
    // Hidden: not counted, and its poor reviews do not pull the average down.
    await listingWithReviews({ category: 'Florists', hidden: true, hiddenAt: clock }, Array(10).fill(1));

    // Kept for a few minutes: the same answer until then.
    later(SITE_FIGURES_TTL_MS - 1000);
    expect(await figures()).toEqual(before);

    later(1000);
    const after = await figures();
    expect(after).toEqual(await expectedFigures());
    expect(after.families).toBe(before.families + 2);
    expect(after.vendors).toBe(before.vendors + 4);
    expect(after.categories.Venues).toBe((before.categories.Venues ?? 0) + 2);
    expect(after.categories.Caterers).toBe((before.categories.Caterers ?? 0) + 1);
    expect(after.categories.Photographers).toBe((before.categories.Photographers ?? 0) + 1);
    expect(after.categories.Florists).toBe(before.categories.Florists);
    // 10 visible reviews averaging 4.5 and 30 of 5: 4.875, shown rounded to one decimal, 4.9;
    // hidden reviews and the hidden listing's are left out.
    if (before.rating === null) expect(after.rating).toEqual({ average: '4.9', reviews: 40 });
    // The newest good visible reviews of shown listings, by the writer's first name and the business.
    expect(after.testimonials).toHaveLength(TESTIMONIALS_SHOWN);
    expect(after.testimonials.every((t) => t.rating >= 4 && t.authorFirstName.length > 0)).toBe(true);
  });

  it('stops counting a listing once an admin hides it', async () => {
    const listing = await listingWithReviews({ category: 'Musicians' }, [3, 3, 3, 3, 3]);
    later(SITE_FIGURES_TTL_MS);
    const shown = await figures();
    await h.db
      .updateTable('vendors')
      .set({ hidden: true, hiddenAt: clock })
      .where('id', '=', listing.id)
      .execute();
    later(SITE_FIGURES_TTL_MS);
    const hidden = await figures();
    expect(hidden.vendors).toBe(shown.vendors - 1);
    expect(hidden.categories.Musicians ?? 0).toBe((shown.categories.Musicians ?? 0) - 1);
    expect(hidden.rating?.reviews).toBe((shown.rating?.reviews ?? 0) - 5);
    expect(hidden).toEqual(await expectedFigures());
  });
});

describe('figures too small to show', () => {
  it('says nothing of families, listings or the average rating below SITE_FIGURES_MIN, and all from it', async () => {
    later(SITE_FIGURES_TTL_MS);
    const all = await figures();
    expect(all.families).toBeGreaterThan(0);
    const saved = h.deps.config.siteFiguresMin;
    try {
      h.deps.config.siteFiguresMin = Math.max(all.families, all.vendors, all.rating?.reviews ?? 0) + 1;
      const few = await figures();
      // "Trusted by 5 families" reads as a failing site: below the threshold there is no number.
      expect(few).toEqual({ ...all, families: 0, vendors: 0, rating: null });
      h.deps.config.siteFiguresMin = Math.min(all.families, all.vendors);
      const enough = await figures();
      expect(enough.families).toBe(all.families);
      expect(enough.vendors).toBe(all.vendors);
    } finally {
      h.deps.config.siteFiguresMin = saved;
    }
  });
});
