import { describe, expect, it } from 'vitest';
import { PLACE_SEARCH_LIMIT, type PlaceDto } from '../../../shared/schemas/places';
import { messageCodeFields } from '../../platform/http/errors';
import { harnessForFile } from '../../test/harness';
import { rejection } from '../../test/rejection';
import { foldName, PlaceIndex, places, resolvePlace } from './places.service';
import { parseTable, serializeTable } from './places-table';

const h = harnessForFile();

async function search(q: string): Promise<PlaceDto[]> {
  return (await h.anonymous().caller.places.search({ q })).places;
}

describe('place search', () => {
  it('finds Brooklyn, New York first for "Brook", with its zone from its coordinates', async () => {
    const found = await search('Brook');
    expect(found.length).toBeLessThanOrEqual(PLACE_SEARCH_LIMIT);
    expect(found[0]).toMatchObject({
      id: 5110302,
      name: 'Brooklyn',
      region: 'New York',
      country: 'US',
      countryName: 'United States',
      timeZone: 'America/New_York',
    });
    expect(found[0]?.latitude).toBeCloseTo(40.65, 1);
    expect(found[0]?.longitude).toBeCloseTo(-73.95, 1);
    for (const place of found) expect(foldName(place.name).startsWith('brook')).toBe(true);
  });

  it('finds Jerusalem and Mumbai by prefix, in their own zones', async () => {
    expect((await search('Jerus'))[0]).toMatchObject({
      name: 'Jerusalem',
      country: 'IL',
      timeZone: 'Asia/Jerusalem',
    });
    expect((await search('Mumb'))[0]).toMatchObject({
      name: 'Mumbai',
      country: 'IN',
      timeZone: 'Asia/Kolkata',
    });
  });

  it('ignores case, accents and punctuation', async () => {
    expect((await search('zURi'))[0]).toMatchObject({ name: 'Zürich', timeZone: 'Europe/Zurich' });
    expect((await search('sao pau'))[0]).toMatchObject({ name: 'São Paulo', country: 'BR' });
    expect((await search('tel-av'))[0]).toMatchObject({ name: 'Tel Aviv', country: 'IL' });
  });

  it('answers the most populous places first, at most ten, one per name and region', async () => {
    const found = await search('s');
    expect(found).toHaveLength(PLACE_SEARCH_LIMIT);
    expect(found[0]?.name).toBe('Shanghai');
    const index = places();
    const populations = found.map((p) => index.byIdOf(p.id)?.population ?? -1);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    expect(new Set(found.map((p) => `${p.name}/${p.country}/${p.region}`)).size).toBe(found.length);
  });

  it('narrows to a state or country typed after a comma', async () => {
    expect((await search('Brooklyn, NY'))[0]).toMatchObject({ name: 'Brooklyn', region: 'New York' });
    expect((await search('London, On'))[0]).toMatchObject({
      name: 'London',
      country: 'CA',
      timeZone: 'America/Toronto',
    });
    expect((await search('London, united k'))[0]).toMatchObject({ name: 'London', country: 'GB' });
    const inOhio = await search('Lon, Ohio');
    expect(inOhio.length).toBeGreaterThan(0);
    for (const place of inOhio) expect(place.region).toBe('Ohio');
    expect(await search('London, Nowhere')).toEqual([]);
  });

  it('answers nothing for a name no place has, including Hebrew (the data has no Hebrew names)', async () => {
    expect(await search('xqzzyv')).toEqual([]);
    expect(await search('ירושלים')).toEqual([]);
    expect(await search('  ,. ')).toEqual([]);
  });

  it('refuses an empty or overlong query with a field message', async () => {
    expect(await rejection(h.anonymous().caller.places.search({ q: '' }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await rejection(h.anonymous().caller.places.search({ q: 'x'.repeat(101) }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('place by id', () => {
  it('answers the place a form already holds, as the search shows it', async () => {
    const brooklyn = await h.anonymous().caller.places.byId({ id: 5110302 });
    expect(brooklyn).toMatchObject({
      id: 5110302,
      name: 'Brooklyn',
      region: 'New York',
      countryName: 'United States',
      timeZone: 'America/New_York',
    });
    expect(brooklyn).toEqual((await search('Brooklyn, NY'))[0]);
  });

  it('answers NOT_FOUND for an id no place has, and BAD_REQUEST for one that is no id', async () => {
    expect(await rejection(h.anonymous().caller.places.byId({ id: 1 }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await rejection(h.anonymous().caller.places.byId({ id: -5 }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('free-text resolution', () => {
  it.each([
    ['Brooklyn', 'Brooklyn', 'US', 'America/New_York'],
    ['Brooklyn, NY', 'Brooklyn', 'US', 'America/New_York'],
    ['brooklyn new york', 'Brooklyn', 'US', 'America/New_York'],
    ['Teaneck, New Jersey', 'Teaneck', 'US', 'America/New_York'],
    ['Teaneck, NJ 07666', 'Teaneck', 'US', 'America/New_York'],
    ['London, UK', 'London', 'GB', 'Europe/London'],
    ['London, United Kingdom', 'London', 'GB', 'Europe/London'],
    ['London, England', 'London', 'GB', 'Europe/London'],
    ['London', 'London', 'GB', 'Europe/London'],
    ['London, Ontario', 'London', 'CA', 'America/Toronto'],
    ['London, ON, Canada', 'London', 'CA', 'America/Toronto'],
    ['New York, NY', 'New York City', 'US', 'America/New_York'],
    ['Washington, DC', 'Washington, D.C.', 'US', 'America/New_York'],
    ['Paris, Texas', 'Paris', 'US', 'America/Chicago'],
    ['Jerusalem, Israel', 'Jerusalem', 'IL', 'Asia/Jerusalem'],
  ])('%s is %s (%s, %s)', (text, name, country, timeZone) => {
    expect(resolvePlace(text)).toMatchObject({ name, country, timeZone });
  });

  it('gives null when nothing matches, so the caller falls back', () => {
    expect(resolvePlace('Xqzzyv')).toBeNull();
    expect(resolvePlace('')).toBeNull();
    expect(resolvePlace('London, France')).toBeNull();
  });
});

describe('the table', () => {
  it('reads back what it writes, zones included', () => {
    const rows = [
      {
        id: 1,
        name: 'Here',
        country: 'US',
        regionCode: 'NY',
        latitude: 40.1,
        longitude: -73.2,
        population: 5,
        timeZone: 'America/New_York',
      },
      {
        id: 2,
        name: 'There',
        country: 'IL',
        regionCode: '',
        latitude: 31.5,
        longitude: 35.1,
        population: 0,
        timeZone: 'Asia/Jerusalem',
      },
    ];
    expect(parseTable(serializeTable(rows))).toEqual(rows);
    expect(parseTable('another file\n')).toBeNull();
  });

  it('holds every populated place of the data, each with a zone', () => {
    const index = places();
    expect(index.size).toBeGreaterThan(130_000);
    expect(new PlaceIndex([]).search('a')).toEqual([]);
  });
});

describe('GET /api/places', () => {
  it('answers at most ten places', async () => {
    const res = await h.request('GET', '/api/places?q=Brook', null);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { places: PlaceDto[] };
    expect(body.places.length).toBeGreaterThan(0);
    expect(body.places.length).toBeLessThanOrEqual(PLACE_SEARCH_LIMIT);
    expect(body.places[0]).toMatchObject({ name: 'Brooklyn', timeZone: 'America/New_York' });
    expect(Object.keys(body.places[0] ?? {}).sort()).toEqual(
      ['country', 'countryName', 'id', 'latitude', 'longitude', 'name', 'region', 'timeZone'].sort(),
    );
  });

  it('answers 400 with a field message for an empty or missing q', async () => {
    for (const url of ['/api/places?q=', '/api/places']) {
      const res = await h.request('GET', url, null);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.issues).toEqual([
        {
          path: ['q'],
          message: 'Type the start of a city name',
          ...messageCodeFields('Type the start of a city name'),
        },
      ]);
    }
  });
});
