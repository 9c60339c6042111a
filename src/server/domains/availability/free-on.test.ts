import { describe, expect, it } from 'vitest';
import type { UpdateMyAvailabilityInput } from '../../../shared/schemas/availability';
import { vendorListInput } from '../../../shared/schemas/vendors';
import { createVendor } from '../../demo/factories';
import { harnessForFile } from '../../test/harness';
import { MarketplaceCache } from '../vendors/marketplace-cache';
import { listVendors } from '../vendors/vendors.service';
import { takeSlot } from './day-room';

const h = harnessForFile();

interface Place {
  latitude: number;
  longitude: number;
  city: string;
  state: string | null;
}
const BROOKLYN: Place = { latitude: 40.6782, longitude: -73.9442, city: 'Brooklyn', state: 'NY' };
const LONDON: Place = { latitude: 51.5074, longitude: -0.1278, city: 'London', state: null };

/** A listing whose owner stated its calendar with these entries (none: stated, all free). */
async function stated(name: string, entries: UpdateMyAvailabilityInput['entries'] = [], place = BROOKLYN) {
  const owner = await h.signedIn('vendor');
  const listing = await createVendor(h.db, {
    ownerId: owner.user.id,
    claimed: true,
    businessName: name,
    ...place,
  });
  await owner.caller.availability.update({ vendorId: listing.id, entries });
  return listing;
}

async function namesFreeOn(query: Record<string, unknown>, cache = new MarketplaceCache({ enabled: false })) {
  const page = await listVendors(h.db, cache, null, vendorListInput.parse({ page_size: 100, ...query }));
  return page.items.map((v) => v.businessName).sort();
}

describe('the marketplace search by date', () => {
  it('finds free stated listings; leaves out full, closed and (unless asked) unstated ones; a closed part only with a time', async () => {
    const day = '2027-06-16';
    await stated('Free Photo');
    await stated('Booked Photo', [{ day, status: 'booked' }]);
    await stated('Closed Photo', [{ day, status: 'closed' }]);
    await stated('Evening Closed Photo', [{ day, part: 'evening', status: 'closed' }]);
    await stated('Roomy Photo', [
      { day, status: 'open', capacity: 2 },
      { day, part: 'evening', status: 'booked' },
    ]);
    const filled = await stated('App Booked Photo');
    await takeSlot(h.db, filled.id, day);
    await createVendor(h.db, { businessName: 'Unstated Photo', ...BROOKLYN });

    expect(await namesFreeOn({ free_on: day })).toEqual([
      'Evening Closed Photo',
      'Free Photo',
      'Roomy Photo',
    ]);
    expect(await namesFreeOn({ free_on: day, include_unstated: 'true' })).toEqual([
      'Evening Closed Photo',
      'Free Photo',
      'Roomy Photo',
      'Unstated Photo',
    ]);
    expect(await namesFreeOn({ free_on: day, free_time: '19:00' })).toEqual(['Free Photo', 'Roomy Photo']);
    expect(await namesFreeOn({ free_on: day, free_time: '10:00' })).toEqual([
      'Evening Closed Photo',
      'Free Photo',
      'Roomy Photo',
    ]);
    // Without the filter, everyone.
    expect(await namesFreeOn({})).toHaveLength(7);
  });

  it("judges a time by Shabbat at each listing's place: Friday 20:30 is Shabbat in Brooklyn, not yet in London", async () => {
    await stated('Brooklyn Band');
    await stated('London Band', [], LONDON);
    const friday = '2027-06-18';
    const search = (q: Record<string, unknown>) =>
      namesFreeOn(q).then((names) => names.filter((n) => n.endsWith('Band')));
    expect(await search({ free_on: friday, free_time: '17:00' })).toEqual(['Brooklyn Band', 'London Band']);
    expect(await search({ free_on: friday, free_time: '20:30' })).toEqual(['London Band']);
    expect(await search({ free_on: friday, free_time: '21:30' })).toEqual([]);
    // Saturday: Shabbat until havdalah (about 21:15 in Brooklyn, 22:40 in London).
    expect(await search({ free_on: '2027-06-19', free_time: '12:00' })).toEqual([]);
    expect(await search({ free_on: '2027-06-19', free_time: '22:00' })).toEqual(['Brooklyn Band']);
    expect(await search({ free_on: '2027-06-19', free_time: '23:30' })).toEqual([
      'Brooklyn Band',
      'London Band',
    ]);
    // A whole Saturday is not refused: the evening after Shabbat may be free.
    expect(await search({ free_on: '2027-06-19' })).toEqual(['Brooklyn Band', 'London Band']);
    // Shavuot on Friday 11 June 2027, then Shabbat: no hour of the Friday is free, its eve's is.
    expect(await search({ free_on: '2027-06-11' })).toEqual([]);
    expect(await search({ free_on: '2027-06-11', include_unstated: 'true' })).toEqual([]);
    expect(await search({ free_on: '2027-06-10' })).toEqual(['Brooklyn Band', 'London Band']);
    expect(await search({ free_on: '2027-06-12' })).toEqual(['Brooklyn Band', 'London Band']);
  });

  it('does not serve a kept answer once a booking fills the day', async () => {
    const listing = await stated('Kept Answer Florist');
    const cache = new MarketplaceCache();
    const query = { free_on: '2027-06-22', search: undefined };
    expect(await namesFreeOn(query, cache)).toContain('Kept Answer Florist');
    await takeSlot(h.db, listing.id, '2027-06-22');
    expect(await namesFreeOn(query, cache)).not.toContain('Kept Answer Florist');
  });

  it('takes the filter as REST query parameters and refuses a bad one with a field message', async () => {
    await stated('Rest Query Caterer');
    const ok = await h.request(
      'GET',
      '/api/vendors?free_on=2027-06-23&include_unstated=false&page_size=100',
      null,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().items.map((v: { businessName: string }) => v.businessName)).toContain(
      'Rest Query Caterer',
    );
    const bad = await h.request('GET', '/api/vendors?free_on=2027-02-30', null);
    expect(bad.statusCode).toBe(400);
    const time = await h.request('GET', '/api/vendors?free_time=25:00&free_on=2027-06-23', null);
    expect(time.statusCode).toBe(400);
    expect(time.json().error.message).toBe('free_time must be HH:MM');
    const alone = await h.request('GET', '/api/vendors?free_time=10:00', null);
    expect(alone.json().error.message).toBe('free_time needs free_on');
  });
});
