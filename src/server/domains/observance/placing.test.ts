import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MESSAGES } from '../../../shared/schemas/events';
import { familyAndBand } from '../../test/fixtures';
import { harnessForFile, type Party } from '../../test/harness';
import { expectFieldRefused } from '../../test/rejection';
import { resolvePlace } from '../places/places.service';
import { PLACE_MESSAGES } from './observance.service';

/**
 * Places on events, profiles and availability requests (issue 28): the clock of the event's own
 * city, the fallbacks when none is named, and the tier the vendor sees.
 */

const h = harnessForFile();
let customer: Party;
let owner: Party;
let vendorId: string;
let brooklyn: number;
let jerusalem: number;

beforeAll(async () => {
  ({ customer, owner, vendorId } = await familyAndBand(h));
  brooklyn = resolvePlace('Brooklyn, NY')?.id as number;
  jerusalem = resolvePlace('Jerusalem, Israel')?.id as number;
  expect(brooklyn).toBeGreaterThan(0);
  expect(jerusalem).toBeGreaterThan(0);
});

const json = { 'content-type': 'application/json' };

describe('an event at a place', () => {
  it("judges a December wedding by Brooklyn's clock: after havdalah no conflict, at 16:30 forbidden with the times", async () => {
    const wedding = await customer.caller.events.create({
      title: 'Wedding',
      type: 'Wedding',
      date: new Date('2026-12-20T00:30:00.000Z'),
      time: '19:30',
      endTime: '23:30',
      placeId: brooklyn,
      timeZone: 'America/New_York',
    });
    expect(wedding).toMatchObject({
      localDate: '2026-12-19',
      placeId: brooklyn,
      place: { name: 'Brooklyn', timeZone: 'America/New_York' },
      endTime: '23:30',
      durationMinutes: 240,
      hasConflict: false,
      conflictReason: null,
      conflict: { level: 'info', reason: 'Motzei Shabbat: Shabbat ends at 17:16 in Brooklyn.' },
    });
    // The date is kept as the instant of 19:30 in Brooklyn.
    expect(wedding.date.toISOString()).toBe('2026-12-20T00:30:00.000Z');

    const moved = await customer.caller.events.update({
      id: wedding.id,
      time: '16:30',
      durationMinutes: 240,
    });
    expect(moved).toMatchObject({
      localDate: '2026-12-19',
      endTime: '20:30',
      hasConflict: true,
      conflictReason: 'Shabbat',
      conflict: {
        level: 'forbidden',
        reason: 'Shabbat ends at 17:16 in Brooklyn on Saturday 19 December; this event starts at 16:30.',
        place: { id: brooklyn, name: 'Brooklyn' },
      },
    });
    expect(moved.date.toISOString()).toBe('2026-12-19T21:30:00.000Z');
  });

  it('keeps the day and hour typed in New York for a wedding in Jerusalem, at the venue', async () => {
    const event = await customer.caller.events.create({
      title: 'Wedding in Jerusalem',
      type: 'Wedding',
      // Friday 25 June 2027 at 14:00 as a browser in New York writes it.
      date: new Date('2027-06-25T18:00:00.000Z'),
      time: '14:00',
      durationMinutes: 300,
      placeId: jerusalem,
      timeZone: 'America/New_York',
    });
    expect(event.localDate).toBe('2027-06-25');
    expect(event.date.toISOString()).toBe('2027-06-25T11:00:00.000Z');
    // Jerusalem lights 40 minutes before sunset (19:48): 19:08, while this wedding runs until 19:00.
    expect(event.conflict).toMatchObject({
      level: 'info',
      place: { name: 'Jerusalem', timeZone: 'Asia/Jerusalem' },
    });
    expect(event.conflict.reason).toContain('Shabbat begins at 19:08 in Jerusalem');
  });

  it('refuses an unknown place, an end without a start, an end at the start and more than 48 hours, each on its field', async () => {
    const cookie = await h.cookieFor(customer.user.id);
    const post = (payload: object) =>
      h.inject({
        method: 'POST',
        url: '/api/events',
        headers: { ...json, cookie },
        payload: { title: 'X', date: '2027-03-07T00:00:00.000Z', ...payload },
      });
    expectFieldRefused(await post({ placeId: 999_999_999 }), 'placeId', PLACE_MESSAGES.unknownPlace);
    expectFieldRefused(await post({ endTime: '20:00' }), 'endTime', EVENT_MESSAGES.endWithoutStart);
    expectFieldRefused(await post({ time: '20:00', endTime: '20:00' }), 'endTime', EVENT_MESSAGES.endAtStart);
    expectFieldRefused(
      await post({ time: '20:00', durationMinutes: 2881 }),
      'durationMinutes',
      EVENT_MESSAGES.badDuration,
    );
    expectFieldRefused(
      await post({ time: '20:00', durationMinutes: 0 }),
      'durationMinutes',
      EVENT_MESSAGES.badDuration,
    );
    expectFieldRefused(
      await post({ time: '20:00', endTime: '22:00', durationMinutes: 60 }),
      'durationMinutes',
      EVENT_MESSAGES.endAndDurationDisagree,
    );
    const events = await customer.caller.events.list();
    expect(events.some((e) => e.title === 'X')).toBe(false);
  });

  it("places a spec-shaped REST event by its venue's city, and answers the place used", async () => {
    const cookie = await h.cookieFor(customer.user.id);
    const created = await h.inject({
      method: 'POST',
      url: '/api/events',
      headers: { ...json, cookie },
      // Friday 18 December 2026, 15:00 in New York: Shabbat begins at 16:12 in Brooklyn.
      payload: {
        title: 'Aufruf lunch',
        date: '2026-12-18T20:00:00.000Z',
        time: '15:00',
        venue: 'Brooklyn, NY',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      placeId: brooklyn,
      hasConflict: true,
      conflictReason: 'Shabbat',
      conflict: {
        level: 'forbidden',
        reason:
          'Shabbat begins at 16:12 in Brooklyn on Friday 18 December; this event runs until 19:00 (4 hours from its start; add an end time to be exact).',
        startsAt: '2026-12-18T21:12:00.000Z',
        endsAt: '2026-12-19T22:16:00.000Z',
        // The same sentence by code, for a page in another language.
        about: {
          code: 'restBegins',
          params: {
            name: 'Shabbat',
            date: '2026-12-19',
            place: 'Brooklyn',
            zone: 'America/New_York',
            startsAt: '2026-12-18T21:12:00.000Z',
            eventEndsAt: '2026-12-19T00:00:00.000Z',
            assumedHours: 4,
          },
        },
      },
    });
  });

  it("falls back to the owner's home place, set in the profile, and refuses an unknown home place", async () => {
    const cookie = await h.cookieFor(customer.user.id);
    const refused = await h.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { ...json, cookie },
      payload: { homePlaceId: 999_999_999 },
    });
    expectFieldRefused(refused, 'homePlaceId', PLACE_MESSAGES.unknownPlace);
    const { user } = await customer.caller.profile.update({
      homePlaceId: brooklyn,
      weddingCustom: 'sephardi',
    });
    expect(user).toMatchObject({ homePlaceId: brooklyn, weddingCustom: 'sephardi', havdalah: 'degrees-8.5' });
    const event = await customer.caller.events.create({
      title: 'Sheva brachot',
      date: new Date('2026-12-19T05:00:00.000Z'),
      time: '16:00',
      durationMinutes: 120,
    });
    expect(event.place).toBeNull();
    expect(event.conflict).toMatchObject({ level: 'forbidden', place: { id: brooklyn } });
  });
});

describe('an availability request at a place', () => {
  it('resolves the typed city, says which place it used, and shows the vendor the same tier', async () => {
    const sent = await customer.caller.requests.send({
      id: vendorId,
      eventType: 'Wedding',
      date: '2027-12-17',
      time: '15:00',
      durationMinutes: 240,
      city: 'Brooklyn, NY',
      message: 'Are you free that Friday?',
    });
    expect(sent).toMatchObject({
      hasConflict: true,
      conflictReason: 'Shabbat',
      conflict: { level: 'forbidden', place: { id: brooklyn, name: 'Brooklyn' } },
    });
    expect(sent.conflict.reason).toMatch(
      /^Shabbat begins at 16:1\d in Brooklyn on Friday 17 December; this event runs until 19:00\.$/,
    );

    const vendorSide = await owner.caller.requests.list();
    const same = vendorSide.find((r) => r.id === sent.id);
    expect(same?.conflict).toEqual(sent.conflict);
    const conversation = await owner.caller.messages.conversation({ threadId: sent.threadId as string });
    expect(conversation.thread.request).toMatchObject({
      conflictLevel: 'forbidden',
      conflictMessage: sent.conflict.reason,
    });
  });

  it('keeps the reason by code with the request, for a vendor who reads another language than the family', async () => {
    const sent = await customer.caller.requests.send({
      id: vendorId,
      eventType: 'Wedding',
      date: '2027-12-17',
      time: '15:00',
      durationMinutes: 240,
      placeId: brooklyn,
      message: 'A Friday afternoon wedding?',
    });
    const about = {
      code: 'restBegins',
      params: {
        name: 'Shabbat',
        date: '2027-12-18',
        place: 'Brooklyn',
        zone: 'America/New_York',
        startsAt: sent.conflict.startsAt?.toISOString(),
        // 15:00 in New York for four hours.
        eventEndsAt: '2027-12-18T00:00:00.000Z',
        assumedHours: null,
      },
    };
    expect(sent.conflict.about).toEqual(about);
    expect(sent.conflict.reason).toMatch(/^Shabbat begins at 16:1\d in Brooklyn on Friday 17 December;/);

    // Stored with the request, beside its sentence.
    const row = await h.db
      .selectFrom('availabilityRequests')
      .select(['conflictMessage', 'conflictAbout'])
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ conflictMessage: sent.conflict.reason, conflictAbout: about });

    // The vendor's list, the thread's request card and the REST answers carry it.
    const vendorSide = await owner.caller.requests.list();
    expect(vendorSide.find((r) => r.id === sent.id)?.conflict.about).toEqual(about);
    const conversation = await owner.caller.messages.conversation({ threadId: sent.threadId as string });
    expect(conversation.thread.request).toMatchObject({
      conflictMessage: sent.conflict.reason,
      conflictAbout: about,
    });
    const rest = await h.request('GET', '/api/availability-requests', owner);
    expect(rest.statusCode).toBe(200);
    const listed = (rest.json() as { id: string; conflict: { reason: string; about: unknown } }[]).find(
      (r) => r.id === sent.id,
    );
    expect(listed?.conflict).toMatchObject({ reason: sent.conflict.reason, about });
  });

  it('shows a request sent before codes were kept by its sentence alone, and one without a conflict with neither', async () => {
    const sent = await customer.caller.requests.send({
      id: vendorId,
      eventType: 'Wedding',
      date: '2027-12-17',
      time: '15:00',
      placeId: brooklyn,
      message: 'Sent before the codes.',
    });
    await h.db
      .updateTable('availabilityRequests')
      .set({ conflictAbout: null })
      .where('id', '=', sent.id)
      .execute();
    const vendorSide = await owner.caller.requests.list();
    expect(vendorSide.find((r) => r.id === sent.id)?.conflict).toMatchObject({
      level: 'forbidden',
      reason: sent.conflict.reason,
      about: null,
    });
    const conversation = await owner.caller.messages.conversation({ threadId: sent.threadId as string });
    expect(conversation.thread.request).toMatchObject({
      conflictMessage: sent.conflict.reason,
      conflictAbout: null,
    });

    // A Tuesday afternoon in Brooklyn: nothing to say, nothing stored.
    const free = await customer.caller.requests.send({
      id: vendorId,
      eventType: 'Wedding',
      date: '2027-12-14',
      time: '12:00',
      durationMinutes: 120,
      placeId: brooklyn,
      message: 'A Tuesday lunch?',
    });
    expect(free.conflict).toMatchObject({ level: null, reason: null, about: null });
    const stored = await h.db
      .selectFrom('availabilityRequests')
      .select('conflictAbout')
      .where('id', '=', free.id)
      .executeTakeFirstOrThrow();
    expect(stored.conflictAbout).toBeNull();
  });

  it("falls back from a city nobody knows to the sender's home place", async () => {
    await customer.caller.profile.update({ homePlaceId: jerusalem });
    const sent = await customer.caller.requests.send({
      id: vendorId,
      eventType: 'Wedding',
      date: '2027-07-01',
      time: '18:00',
      city: 'Nowhereville Qqq',
      message: 'A summer wedding?',
    });
    expect(sent.conflict.place).toMatchObject({ id: jerusalem, name: 'Jerusalem' });
  });
});
