import { beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '../../../shared/schemas/calendar';
import { harnessForFile, type Party } from '../../test/harness';
import { expectFieldRefused, rejection } from '../../test/rejection';
import { resolvePlace } from '../places/places.service';

/**
 * "Find a date" and the calendar's times (issue 28, decision 034): a start time and length judged on
 * every date of a range by the clock of the place, and candle-lighting and havdalah at home.
 */

const h = harnessForFile();
let family: Party;
let sephardi: Party;
let homeless: Party;
let brooklyn: number;
let jerusalem: number;

beforeAll(async () => {
  brooklyn = resolvePlace('Brooklyn, NY')?.id as number;
  jerusalem = resolvePlace('Jerusalem, Israel')?.id as number;
  expect(brooklyn).toBeGreaterThan(0);
  family = await h.signedIn('customer', { name: 'Miriam' });
  await family.caller.profile.update({ homePlaceId: brooklyn });
  sephardi = await h.signedIn('customer', { name: 'Yosef' });
  await sephardi.caller.profile.update({ homePlaceId: brooklyn, weddingCustom: 'sephardi' });
  homeless = await h.signedIn('customer', { name: 'Avi' });
});

/** A week in December 2026: Sunday 13 to Saturday 19, Shabbat from 16:12 Friday to 17:16 Saturday. */
const WEEK = { from: '2026-12-13', to: '2026-12-19' };

async function fieldOf(promise: Promise<unknown>) {
  const error = await rejection(promise);
  expect(error.code).toBe('BAD_REQUEST');
  const issues = (error.cause as { issues?: { path: (string | number)[]; message: string }[] }).issues ?? [];
  return issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('calendar.dates', () => {
  it("lists a Brooklyn week's evenings at 19:30 by the home place: Saturday after Shabbat is worth knowing, Friday is left out", async () => {
    const found = await family.caller.calendar.dates({ ...WEEK, time: '19:30', eventType: 'Wedding' });
    expect(found.place).toMatchObject({ id: brooklyn, name: 'Brooklyn', timeZone: 'America/New_York' });
    expect(found).toMatchObject({
      eventType: 'Wedding',
      time: '19:30',
      durationMinutes: 240,
      forbiddenCount: 1,
    });
    expect(found.dates.map((d) => d.date)).toEqual([
      '2026-12-13',
      '2026-12-14',
      '2026-12-15',
      '2026-12-16',
      '2026-12-17',
      '2026-12-19',
    ]);
    const saturday = found.dates.at(-1);
    expect(saturday).toMatchObject({
      date: '2026-12-19',
      weekday: 'Saturday',
      level: 'info',
      reason: 'Motzei Shabbat: Shabbat ends at 17:16 in Brooklyn.',
      // The same sentence by code, for a page in another language.
      about: {
        code: 'afterRest',
        params: {
          name: 'Shabbat',
          date: '2026-12-19',
          place: 'Brooklyn',
          zone: 'America/New_York',
          endsAt: '2026-12-19T22:16:00.000Z',
        },
      },
      hasConflict: false,
      conflictReason: null,
    });
    expect(saturday?.startsAt?.toISOString()).toBe('2026-12-18T21:12:00.000Z');
    expect(saturday?.endsAt?.toISOString()).toBe('2026-12-19T22:16:00.000Z');
    expect(found.dates[0]).toMatchObject({ weekday: 'Sunday' });
  });

  it('leaves out Friday at 15:00 for 4 hours (candles at 16:12) and Saturday afternoon', async () => {
    const found = await family.caller.calendar.dates({ ...WEEK, time: '15:00', durationMinutes: 240 });
    expect(found.forbiddenCount).toBe(2);
    expect(found.dates.map((d) => d.weekday)).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
    ]);
  });

  it('judges an Omer date by custom: Lag BaOmer is avoided by Sephardim, worth knowing for Ashkenazim', async () => {
    const range = { from: '2027-05-25', to: '2027-05-25', time: '12:00' };
    const seph = await sephardi.caller.calendar.dates(range);
    expect(seph.dates[0]).toMatchObject({
      level: 'custom',
      hasConflict: true,
      conflictReason: 'the Omer',
      reason: 'The Omer (day 33): Sephardi custom avoids weddings until the morning of its 34th day',
      about: { code: 'omer', params: { day: 33, custom: 'sephardi' } },
    });
    const ashk = await family.caller.calendar.dates(range);
    expect(ashk.dates[0]).toMatchObject({ level: 'info', reason: 'Lag BaOmer: weddings are held again' });
  });

  it("takes a place other than home, by that place's clock: Shavuot and Shabbat in Jerusalem, June 2027", async () => {
    const range = { from: '2027-06-10', to: '2027-06-13', time: '12:00', durationMinutes: 120 };
    const there = await family.caller.calendar.dates({ ...range, placeId: jerusalem });
    expect(there.place).toMatchObject({ id: jerusalem, name: 'Jerusalem', timeZone: 'Asia/Jerusalem' });
    expect(there.forbiddenCount).toBe(2);
    expect(there.dates.map((d) => d.date)).toEqual(['2027-06-10', '2027-06-13']);
  });

  it('refuses ranges backwards or longer than 400 days, bad lengths, and no place at all', async () => {
    expect(
      await fieldOf(family.caller.calendar.dates({ from: '2027-01-02', to: '2027-01-01', time: '19:00' })),
    ).toEqual([{ path: 'to', message: CALENDAR_MESSAGES.toBeforeFrom }]);
    expect(
      await fieldOf(family.caller.calendar.dates({ from: '2027-01-01', to: '2028-02-05', time: '19:00' })),
    ).toEqual([{ path: 'to', message: CALENDAR_MESSAGES.tooLong(400) }]);
    // 400 days, first and last included, are allowed.
    const year = await family.caller.calendar.dates({ from: '2027-01-01', to: '2028-02-04', time: '19:00' });
    expect(year.dates.length + year.forbiddenCount).toBe(400);
    expect(
      await fieldOf(family.caller.calendar.dates({ ...WEEK, time: '19:00', durationMinutes: 0 })),
    ).toEqual([{ path: 'durationMinutes', message: CALENDAR_MESSAGES.badDuration }]);
    expect(await fieldOf(homeless.caller.calendar.dates({ ...WEEK, time: '19:00' }))).toEqual([
      { path: 'placeId', message: CALENDAR_MESSAGES.noPlace },
    ]);
  });

  it('answers through REST as the procedure does, with the query strings as numbers, and as OpenAPI describes', async () => {
    const url = `/api/calendar/dates?from=${WEEK.from}&to=${WEEK.to}&time=19:30&durationMinutes=240&placeId=${brooklyn}&eventType=Wedding`;
    const res = await h.request('GET', url, family);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const direct = await family.caller.calendar.dates({
      ...WEEK,
      time: '19:30',
      placeId: brooklyn,
      eventType: 'Wedding',
    });
    expect(body).toEqual(JSON.parse(JSON.stringify(direct)));

    const doc = (await h.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/calendar/dates'].get;
    expect(op.operationId).toBe('calendar.dates');
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(
      ['durationMinutes', 'eventType', 'from', 'placeId', 'time', 'to'].sort(),
    );
    const schema = op.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(body).sort());
    const item = schema.properties.dates.items;
    expect(Object.keys(item.properties).sort()).toEqual(Object.keys(body.dates[0]).sort());

    expectFieldRefused(
      await h.request('GET', `/api/calendar/dates?from=2027-01-02&to=2027-01-01&time=19:00`, family),
      'to',
      CALENDAR_MESSAGES.toBeforeFrom,
    );
    expectFieldRefused(
      await h.request('GET', `/api/calendar/dates?from=2027-01-01&to=2027-01-02&time=19:00`, homeless),
      'placeId',
      CALENDAR_MESSAGES.noPlace,
    );
    expect((await h.request('GET', url, null)).statusCode).toBe(401);
  });
});

describe('calendar.times', () => {
  it("gives candle-lighting on Friday and havdalah on Saturday at Brooklyn, Shabbat's span and the days' marks", async () => {
    const times = await family.caller.calendar.times({ from: '2026-12-13', to: '2026-12-20' });
    expect(times.place).toMatchObject({ id: brooklyn, name: 'Brooklyn' });
    expect(times.days).toHaveLength(8);
    const byDate = new Map(times.days.map((d) => [d.date, d]));
    expect(byDate.get('2026-12-18')?.candleLighting?.toISOString()).toBe('2026-12-18T21:12:00.000Z');
    expect(byDate.get('2026-12-18')?.havdalah).toBeNull();
    expect(byDate.get('2026-12-19')?.havdalah?.toISOString()).toBe('2026-12-19T22:16:00.000Z');
    expect(byDate.get('2026-12-19')?.candleLighting).toBeNull();
    expect(byDate.get('2026-12-14')).toMatchObject({ candleLighting: null, havdalah: null });
    expect(times.blocks).toEqual([
      {
        name: 'Shabbat',
        startsAt: new Date('2026-12-18T21:12:00.000Z'),
        endsAt: new Date('2026-12-19T22:16:00.000Z'),
      },
    ]);
    // 10 Tevet, a public fast, on Sunday 20 December.
    expect(byDate.get('2026-12-20')?.marks).toEqual([
      {
        level: 'custom',
        reason: 'Fast of 10 Tevet, a public fast day',
        about: { code: 'fast', params: { name: 'Fast of 10 Tevet', date: '2026-12-20' } },
      },
    ]);
  });

  it('names a festival run, Rosh Hashanah 2027 on Saturday and Sunday, with candles on its eve and havdalah on its last day', async () => {
    const times = await family.caller.calendar.times({ from: '2027-09-30', to: '2027-10-04' });
    expect(times.blocks.map((b) => b.name)).toEqual(['Rosh Hashanah']);
    const withCandles = times.days.filter((d) => d.candleLighting).map((d) => d.date);
    const withHavdalah = times.days.filter((d) => d.havdalah).map((d) => d.date);
    expect(withCandles).toEqual(['2027-10-01']);
    expect(withHavdalah).toEqual(['2027-10-03']);
  });

  it('without a home place gives the marks alone, and refuses more than 62 days', async () => {
    const times = await homeless.caller.calendar.times({ from: '2026-12-13', to: '2026-12-20' });
    expect(times.place).toBeNull();
    expect(times.blocks).toEqual([]);
    expect(times.days.every((d) => d.candleLighting === null && d.havdalah === null)).toBe(true);
    expect(times.days.at(-1)?.marks).toEqual([
      {
        level: 'custom',
        reason: 'Fast of 10 Tevet, a public fast day',
        about: { code: 'fast', params: { name: 'Fast of 10 Tevet', date: '2026-12-20' } },
      },
    ]);
    expect(await fieldOf(family.caller.calendar.times({ from: '2027-01-01', to: '2027-03-05' }))).toEqual([
      { path: 'to', message: CALENDAR_MESSAGES.tooLong(62) },
    ]);
    const res = await h.request('GET', '/api/calendar/times?from=2026-12-13&to=2026-12-20', family);
    expect(res.statusCode).toBe(200);
    expect(res.json().days[5].candleLighting).toBe('2026-12-18T21:12:00.000Z');
  });
});
