import { describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '../../../shared/schemas/requests';
import { requestForm } from './request-form';

const filled = {
  eventId: '',
  eventType: 'Wedding',
  date: '2027-06-12',
  time: '',
  guestCount: '100',
  budgetMin: '',
  budgetMax: '',
  city: '',
  message: 'Are you free?',
};
const vendorId = '00000000-0000-4000-8000-000000000001';
// 08:00 UTC on June 13: still June 12 in Honolulu, June 13 in New Jersey.
const now = () => new Date('2027-06-13T08:00:00Z');

describe('the availability request form', () => {
  it("refuses a date that has passed in the listing's zone, before the browser's", () => {
    const inTeaneck = requestForm(
      vendorId,
      { listing: 'America/New_York', browser: 'Pacific/Honolulu' },
      now,
    );
    const refused = inTeaneck.safeParse(filled);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['date'], message: REQUEST_MESSAGES.datePassed }),
    ]);
    const inHonolulu = requestForm(
      vendorId,
      { listing: 'Pacific/Honolulu', browser: 'America/New_York' },
      now,
    );
    expect(inHonolulu.parse(filled)).toMatchObject({ date: '2027-06-12', timeZone: 'America/New_York' });
  });

  it("uses the browser's zone where the listing has no place, and sends it", () => {
    const refused = requestForm(vendorId, { listing: null, browser: 'America/New_York' }, now).safeParse(
      filled,
    );
    expect(refused.error?.issues[0]?.message).toBe(REQUEST_MESSAGES.datePassed);
    const sent = requestForm(vendorId, { listing: null, browser: 'Pacific/Honolulu' }, now).parse(filled);
    expect(sent.timeZone).toBe('Pacific/Honolulu');
  });

  it('sends the place chosen from the place search as its id, and none as null', () => {
    const form = requestForm(
      vendorId,
      { listing: null, browser: 'America/New_York' },
      () => new Date('2027-06-01T12:00:00Z'),
    );
    const brooklyn = {
      id: 5110302,
      name: 'Brooklyn',
      region: 'New York',
      countryName: 'United States',
      timeZone: 'America/New_York',
    };
    expect(form.parse({ ...filled, place: brooklyn, city: 'Brooklyn' })).toMatchObject({
      placeId: 5110302,
      city: 'Brooklyn',
    });
    expect(form.parse({ ...filled, place: null }).placeId).toBeNull();
  });
});
