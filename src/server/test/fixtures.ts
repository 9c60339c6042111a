import type { Db } from '../db/create-db';
import { createVendor } from '../db/factories';
import type { RateRule } from '../limits/rate-limit';
import type { Party, TestHarness } from './harness';

/**
 * The two sides of the request and messaging tests: Miriam, a customer, and David, a vendor who
 * owns the claimed listing of his band, Hora Nights.
 */
export async function familyAndBand(
  h: TestHarness,
): Promise<{ customer: Party; owner: Party; vendorId: string }> {
  const customer = await h.signedIn('customer', { name: 'Miriam' });
  const owner = await h.signedIn('vendor', { name: 'David' });
  const listing = await createVendor(h.db, {
    businessName: 'Hora Nights',
    category: 'Musicians',
    ownerId: owner.user.id,
    claimed: true,
  });
  return { customer, owner, vendorId: listing.id };
}

/** Uses up `rule` for `key` now: what it limits next is refused until its window ends. */
export async function useUpLimit(db: Db, key: string, rule: RateRule): Promise<void> {
  await db
    .insertInto('rateLimits')
    .values({ key, hits: rule.max, windowEndsAt: new Date(Date.now() + rule.windowMs) })
    .execute();
}
