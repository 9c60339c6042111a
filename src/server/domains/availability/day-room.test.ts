import { describe, expect, it } from 'vitest';
import { createVendor } from '../../demo/factories';
import { harnessForFile } from '../../test/harness';
import { DayFullError, releaseSlot, takeSlot } from './day-room';

const h = harnessForFile();

const roomOf = (vendorId: string, day: string) =>
  h.db
    .selectFrom('vendorDays')
    .select(['taken', 'capacity'])
    .where('vendorId', '=', vendorId)
    .where('day', '=', day)
    .executeTakeFirst();

describe("a day's room", () => {
  it("starts at the listing's daily capacity, fills up, refuses the next taker and takes one again once a slot is given back", async () => {
    const vendor = await createVendor(h.db, { dailyCapacity: 2 });
    const day = '2027-06-15';
    expect(await takeSlot(h.db, vendor.id, day)).toEqual({ taken: 1, capacity: 2 });
    expect(await takeSlot(h.db, vendor.id, day)).toEqual({ taken: 2, capacity: 2 });
    await expect(takeSlot(h.db, vendor.id, day)).rejects.toBeInstanceOf(DayFullError);
    expect(await roomOf(vendor.id, day)).toEqual({ taken: 2, capacity: 2 });
    await releaseSlot(h.db, vendor.id, day);
    expect(await takeSlot(h.db, vendor.id, day)).toEqual({ taken: 2, capacity: 2 });
    // Other days are untouched.
    expect(await roomOf(vendor.id, '2027-06-16')).toBeUndefined();
  });

  it('gives the last slot to exactly one of 20 concurrent takers, each in its own transaction', async () => {
    const vendor = await createVendor(h.db, { dailyCapacity: 3 });
    const day = '2027-09-05';
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => h.db.transaction().execute((trx) => takeSlot(trx, vendor.id, day))),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused).toHaveLength(17);
    for (const o of refused) expect((o as PromiseRejectedResult).reason).toBeInstanceOf(DayFullError);
    expect(await roomOf(vendor.id, day)).toEqual({ taken: 3, capacity: 3 });
  });

  it('refuses a slot on a closed day (capacity 0)', async () => {
    const vendor = await createVendor(h.db);
    const day = '2027-03-01';
    await h.db
      .insertInto('vendorDays')
      .values({ vendorId: vendor.id, day, capacity: 0, capacityStated: true })
      .execute();
    await expect(takeSlot(h.db, vendor.id, day)).rejects.toBeInstanceOf(DayFullError);
  });
});
