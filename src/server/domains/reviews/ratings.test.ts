import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { vendorListInput } from '../../../shared/schemas/vendors';
import { createVendor } from '../../demo/factories';
import { harnessForFile, type Party } from '../../test/harness';
import { MarketplaceCache } from '../vendors/marketplace-cache';
import { listVendors } from '../vendors/vendors.service';
import { createReview, hideReview, unhideReview } from './reviews.service';

const h = harnessForFile();
const PAST = '2026-01-10';
const TEXT = 'A wonderful evening: everything arrived on time and the guests loved it.';

let customer: Party;
let admin: Party;

beforeAll(async () => {
  customer = await h.signedIn('customer', { name: 'Leah Katz' });
  admin = await h.signedIn('admin');
});

/** A small seeded generator (mulberry32): the same operations on every run and both databases. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` completed bookings of the listing by the customer, written in three statements. */
async function bookingsOf(vendorId: string, customerId: string, count: number): Promise<string[]> {
  const requests = await h.db
    .insertInto('availabilityRequests')
    .values(
      Array.from({ length: count }, () => ({
        vendorId,
        userId: customerId,
        message: 'Are you available?',
        eventType: 'Wedding',
        eventDate: new Date(`${PAST}T12:00:00Z`),
        guestCount: 100,
        status: 'booked' as const,
      })),
    )
    .returning('id')
    .execute();
  const quotes = await h.db
    .insertInto('quotes')
    .values(
      requests.map((r) => ({
        requestId: r.id,
        vendorId,
        price: '1000.00',
        includes: 'Everything discussed',
        validUntil: PAST,
        status: 'accepted' as const,
      })),
    )
    .returning(['id', 'requestId'])
    .execute();
  const bookings = await h.db
    .insertInto('bookings')
    .values(quotes.map((q) => ({ quoteId: q.id, requestId: q.requestId, vendorId, customerId, day: PAST })))
    .returning('id')
    .execute();
  return bookings.map((b) => b.id);
}

/** Every listing whose stored rating or count differs from avg() and count() of its visible reviews. */
async function disagreements(vendorIds: string[]) {
  const { rows } = await sql<{ id: string; rating: string; reviewCount: number; avg: string; n: number }>`
    select v.id, v.rating::text as rating, v.review_count as "reviewCount",
      coalesce(round(avg(r.rating), 2), 0)::numeric(3, 2)::text as avg, count(r.id)::int as n
    from vendors v left join reviews r on r.vendor_id = v.id and not r.hidden
    where v.id = any(${vendorIds}::uuid[])
    group by v.id
    having v.rating <> coalesce(round(avg(r.rating), 2), 0) or v.review_count <> count(r.id)`.execute(h.db);
  return rows;
}

describe('computed ratings', () => {
  it('agree with avg() over visible reviews after 1,000 random add, hide and unhide operations', async () => {
    const random = seeded(29);
    const listings = await Promise.all(
      [1, 2, 3].map((i) => createVendor(h.db, { businessName: `Rated ${i} ${randomUUID().slice(0, 8)}` })),
    );
    const vendorIds = listings.map((l) => l.id);
    const unused = new Map<string, string[]>();
    for (const id of vendorIds) unused.set(id, await bookingsOf(id, customer.user.id, 400));
    const asCustomer = { ...h.deps, user: customer.user };
    const asAdmin = { ...h.deps, user: admin.user };
    const visible: string[] = [];
    const hidden: string[] = [];
    const take = (list: string[]) => list.splice(Math.floor(random() * list.length), 1)[0] as string;
    const counts = { add: 0, hide: 0, unhide: 0 };

    for (let op = 0; op < 1000; op++) {
      const roll = random();
      if (roll < 0.5 || visible.length === 0) {
        const vendorId = vendorIds[Math.floor(random() * vendorIds.length)] as string;
        const bookingId = unused.get(vendorId)?.pop() as string;
        const created = await createReview(asCustomer, {
          bookingId,
          rating: 1 + Math.floor(random() * 5),
          text: TEXT,
          imageUrls: [],
        });
        visible.push(created.id);
        counts.add++;
      } else if (roll < 0.8 || hidden.length === 0) {
        const id = take(visible);
        await hideReview(asAdmin, { id, reason: 'Checked by the test' });
        hidden.push(id);
        counts.hide++;
      } else {
        const id = take(hidden);
        await unhideReview(asAdmin, { id });
        visible.push(id);
        counts.unhide++;
      }
      if (op % 250 === 249) expect(await disagreements(vendorIds), `after ${op + 1} operations`).toEqual([]);
    }
    expect(counts.add + counts.hide + counts.unhide).toBe(1000);
    expect(Math.min(counts.add, counts.hide, counts.unhide)).toBeGreaterThan(100);
    expect(await disagreements(vendorIds)).toEqual([]);
    const total = await h.db
      .selectFrom('vendors')
      .select(sql<number>`sum(review_count)::int`.as('n'))
      .where('id', 'in', vendorIds)
      .executeTakeFirstOrThrow();
    expect(total.n).toBe(visible.length);
  }, 60_000);
});

describe('Top Rated', () => {
  it('ranks 80 reviews of 4.8 above a single review of 5 stars, and the rating change reaches kept lists', async () => {
    const tag = randomUUID().slice(0, 8);
    const one = await createVendor(h.db, { businessName: `Single Five ${tag}`, category: 'Florists' });
    const many = await createVendor(h.db, { businessName: `Many Good ${tag}`, category: 'Florists' });
    const none = await createVendor(h.db, { businessName: `Unreviewed ${tag}`, category: 'Florists' });
    const asCustomer = { ...h.deps, user: customer.user };
    const [single] = await bookingsOf(one.id, customer.user.id, 1);
    await createReview(asCustomer, { bookingId: single as string, rating: 5, text: TEXT, imageUrls: [] });
    const manyBookings = await bookingsOf(many.id, customer.user.id, 80);
    // 64 of 5 and 16 of 4: an average of 4.80.
    for (const [i, bookingId] of manyBookings.entries()) {
      await createReview(asCustomer, { bookingId, rating: i < 64 ? 5 : 4, text: TEXT, imageUrls: [] });
    }
    const stored = await h.db
      .selectFrom('vendors')
      .select(['id', 'rating', 'reviewCount', 'ratingRank'])
      .where('id', 'in', [one.id, many.id, none.id])
      .execute();
    expect(stored.find((v) => v.id === many.id)).toMatchObject({ rating: '4.80', reviewCount: 80 });

    const cache = new MarketplaceCache();
    const input = vendorListInput.parse({ category: ['Florists'], sort: 'rating', search: tag });
    const order = async () =>
      (await listVendors(h.db, cache, null, input)).items
        .map((v) => v.id)
        .filter((id) => [one.id, many.id, none.id].includes(id));
    expect(await order()).toEqual([many.id, one.id, none.id]);

    // Hiding the single review: the kept answer is not served, the listing drops to unreviewed.
    const review = await h.db
      .selectFrom('reviews')
      .select('id')
      .where('vendorId', '=', one.id)
      .executeTakeFirstOrThrow();
    await hideReview({ ...h.deps, user: admin.user }, { id: review.id, reason: 'Checked by the test' });
    const after = (await listVendors(h.db, cache, null, input)).items.find((v) => v.id === one.id);
    expect(after).toMatchObject({ rating: '0.00', reviewCount: 0 });
  }, 60_000);
});
