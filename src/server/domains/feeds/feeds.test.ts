import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../demo/factories';
import { harnessForFile, type Party } from '../../test/harness';
import { rejection } from '../../test/rejection';
import { civilDateOf, DEFAULT_DURATION_MINUTES, fileSlug } from './ics';

const h = harnessForFile();
let owner: Party;
let stranger: Party;
beforeAll(async () => {
  owner = await h.signedIn('customer', { name: 'Owner' });
  stranger = await h.signedIn('customer', { name: 'Stranger' });
});

/** The path of a feed's address, from the absolute URL createFeed answers. */
function feedPath(url: string): string {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(h.deps.config.appUrl);
  expect(parsed.pathname).toMatch(/^\/calendar\/[\w-]{43}\.ics$/);
  return parsed.pathname;
}

async function get(url: string, headers: Record<string, string> = {}) {
  return h.inject({ method: 'GET', url, headers });
}

/** The file's events by UID. */
function eventsOf(text: string): Map<string, VEvent> {
  const parsed = ical.sync.parseICS(text);
  const events = new Map<string, VEvent>();
  for (const component of Object.values(parsed)) {
    if (component?.type === 'VEVENT') events.set(component.uid, component);
  }
  return events;
}

const text = (value: unknown) =>
  typeof value === 'object' && value ? (value as { val: string }).val : value;

describe('calendar feeds', () => {
  it('serves the owner’s events: all-day, timed (floating, 4 hours) and text with commas, semicolons and new lines', async () => {
    const user = await h.signedIn('customer', { name: 'Feeder' });
    const tricky = await user.caller.events.create({
      title: 'Smith, Cohen; "wedding"',
      date: new Date('2027-06-20T00:00:00.000Z'),
      time: null,
      venue: 'Hall 2, Level; B',
      notes: 'Line one, with comma;\nline two \\ backslash',
    });
    // The web app sends the browser's local date and time: 18:30 in New York is 22:30 UTC in June.
    const timed = await user.caller.events.create({
      title: 'Vort',
      date: new Date('2027-06-21T22:30:00.000Z'),
      time: '18:30',
    });
    const other = await createEvent(h.db, stranger.user.id, { title: 'Not yours' });

    const { url } = await user.caller.calendar.createFeed({});
    const res = await get(feedPath(url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.headers.etag).toMatch(/^"c[\w-]{11}"$/);

    const events = eventsOf(res.body);
    expect(events.size).toBe(2);
    expect(events.has(`${other.id}@simchahub`)).toBe(false);

    const allDay = events.get(`${tricky.id}@simchahub`);
    expect(text(allDay?.summary)).toBe('Smith, Cohen; "wedding"');
    expect(text(allDay?.location)).toBe('Hall 2, Level; B');
    expect(text(allDay?.description)).toBe('Line one, with comma;\nline two \\ backslash');
    expect(allDay?.datetype).toBe('date');
    expect(allDay?.start.dateOnly).toBe(true);
    expect(res.body).toContain('DTSTART;VALUE=DATE:20270620');
    expect(res.body).toContain('DTEND;VALUE=DATE:20270621');

    const vort = events.get(`${timed.id}@simchahub`);
    expect(text(vort?.summary)).toBe('Vort');
    expect(vort?.datetype).toBe('date-time');
    // Floating local time: the wall clock of the event, no zone, no Z.
    expect(res.body).toMatch(/DTSTART:20270621T183000\r\n/);
    expect(res.body).toMatch(/DTEND:20270621T223000\r\n/);
    expect(DEFAULT_DURATION_MINUTES).toBe(240);
    expect(vort?.start.getHours()).toBe(18);
    expect(vort?.start.getMinutes()).toBe(30);

    // The same bytes while nothing changes: the tag answers 304; a change gives a new tag.
    const again = await get(feedPath(url), { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    await user.caller.events.update({ id: timed.id, title: 'Vort (moved)' });
    const changed = await get(feedPath(url), { 'if-none-match': String(res.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(text(eventsOf(changed.body).get(`${timed.id}@simchahub`)?.summary)).toBe('Vort (moved)');
  });

  it('keeps only a hash of the token; revoking and replacing end the old address', async () => {
    const user = await h.signedIn('customer');
    await createEvent(h.db, user.user.id, { title: 'Engagement' });
    const first = await user.caller.calendar.createFeed({ includeTimes: true });
    const token = feedPath(first.url).slice('/calendar/'.length, -'.ics'.length);
    const rows = await h.db
      .selectFrom('calendarFeeds')
      .selectAll()
      .where('userId', '=', user.user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.includeTimes).toBe(true);

    expect(await user.caller.calendar.feedStatus()).toEqual({
      active: true,
      includeTimes: true,
      createdAt: expect.any(Date),
    });
    expect((await get(feedPath(first.url))).statusCode).toBe(200);

    const second = await user.caller.calendar.createFeed({});
    expect(second.url).not.toBe(first.url);
    expect((await get(feedPath(first.url))).statusCode).toBe(404);
    expect((await get(feedPath(second.url))).statusCode).toBe(200);
    expect((await user.caller.calendar.feedStatus()).includeTimes).toBe(false);

    await user.caller.calendar.revokeFeed();
    expect((await get(feedPath(second.url))).statusCode).toBe(404);
    expect(await user.caller.calendar.feedStatus()).toEqual({
      active: false,
      includeTimes: false,
      createdAt: null,
    });
    expect((await get('/calendar/not-a-token.ics')).statusCode).toBe(404);
  });

  it("carries the family circle's events for an active member, without their notes", async () => {
    const label = `Feed family ${Math.random().toString(36).slice(2)}`;
    const founder = await h.signedIn('customer', { name: 'Founder', familyLabel: label });
    const cousin = await h.signedIn('customer', { name: 'Cousin', familyLabel: label });
    const founderEvent = await createEvent(h.db, founder.user.id, {
      title: 'Founder wedding',
      notes: 'private planning note',
    });
    const { url } = await cousin.caller.calendar.createFeed({});
    // Pending: the circle's events are not shown yet.
    expect(eventsOf((await get(feedPath(url))).body).has(`${founderEvent.id}@simchahub`)).toBe(false);

    await founder.caller.family.approve({ userId: cousin.user.id });
    const events = eventsOf((await get(feedPath(url))).body);
    const shown = events.get(`${founderEvent.id}@simchahub`);
    expect(text(shown?.summary)).toBe('Founder wedding');
    expect(shown?.description).toBeUndefined();

    // And the single event's file, for the member; a stranger gets 404.
    const asCousin = await h.request('GET', `/api/events/${founderEvent.id}/ics`, { user: cousin.user });
    expect(asCousin.statusCode).toBe(200);
    const asStranger = await h.request('GET', `/api/events/${founderEvent.id}/ics`, { user: stranger.user });
    expect(asStranger.statusCode).toBe(404);
  });

  it("downloads one event's file for its owner only", async () => {
    const event = await owner.caller.events.create({
      title: 'Smith, Cohen; "wedding"',
      date: new Date('2027-08-01T00:00:00.000Z'),
      time: null,
    });
    const res = await h.request('GET', `/api/events/${event.id}/ics`, { user: owner.user });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="smith-cohen-wedding.ics"');
    expect(text(eventsOf(res.body).get(`${event.id}@simchahub`)?.summary)).toBe('Smith, Cohen; "wedding"');

    expect((await h.request('GET', `/api/events/${event.id}/ics`, { user: stranger.user })).statusCode).toBe(
      404,
    );
    expect((await h.request('GET', '/api/events/not-an-id/ics', { user: owner.user })).statusCode).toBe(404);
    expect((await h.request('GET', `/api/events/${event.id}/ics`, null)).statusCode).toBe(401);
  });

  it('serves a shared event as .ics only while its link is on', async () => {
    const shared = await createEvent(h.db, owner.user.id, {
      title: 'Open house',
      isPublic: true,
      notes: 'secret',
    });
    const hidden = await createEvent(h.db, owner.user.id, { title: 'Closed', isPublic: false });
    const res = await get(`/share/${shared.shareId}.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="open-house.ics"');
    const item = eventsOf(res.body).get(`${shared.shareId}@simchahub`);
    expect(text(item?.summary)).toBe('Open house');
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain(shared.id);
    expect((await get(`/share/${hidden.shareId}.ics`)).statusCode).toBe(404);
    expect((await get('/share/nonsense.ics')).statusCode).toBe(404);
  });

  it('answers the REST paths and lists them in the OpenAPI document', async () => {
    const user = await h.signedIn('customer');
    const created = await h.request(
      'POST',
      '/api/calendar/feed',
      { user: user.user },
      { includeTimes: true },
    );
    expect(created.statusCode).toBe(201);
    const path = feedPath(created.json().url);
    const status = await h.request('GET', '/api/calendar/feed', { user: user.user });
    expect(status.json()).toMatchObject({ active: true, includeTimes: true });
    expect(JSON.stringify(status.json())).not.toContain(path.slice(10, -4));
    expect((await h.request('DELETE', '/api/calendar/feed', { user: user.user })).json()).toEqual({
      ok: true,
    });
    expect((await get(path)).statusCode).toBe(404);
    expect((await h.request('GET', '/api/calendar/feed', null)).statusCode).toBe(401);
    expect((await rejection(h.anonymous().caller.calendar.createFeed({}))).code).toBe('UNAUTHORIZED');

    const doc = (await get('/api/openapi.json')).json();
    expect(Object.keys(doc.paths['/api/calendar/feed']).sort()).toEqual(['delete', 'get', 'post']);
    expect(doc.paths['/api/events/{id}/ics'].get.responses['200'].content).toHaveProperty('text/calendar');
  });
});

describe('calendar items', () => {
  it('finds the event’s own day from the stored instant, whatever clock entered it', () => {
    // Midnight in Jerusalem (UTC+2), in New York (UTC-5), in UTC, in Honolulu (UTC-10).
    expect(civilDateOf(new Date('2027-01-09T22:00:00Z'), null)).toBe('2027-01-10');
    expect(civilDateOf(new Date('2027-01-10T05:00:00Z'), null)).toBe('2027-01-10');
    expect(civilDateOf(new Date('2027-01-10T00:00:00Z'), null)).toBe('2027-01-10');
    expect(civilDateOf(new Date('2027-01-10T10:00:00Z'), null)).toBe('2027-01-10');
    // 21:00 in New York is 02:00 UTC the next day.
    expect(civilDateOf(new Date('2027-01-11T02:00:00Z'), '21:00')).toBe('2027-01-10');
  });

  it('makes a file name from a title', () => {
    expect(fileSlug('Smith, Cohen; "wedding"')).toBe('smith-cohen-wedding');
    expect(fileSlug('Bat Mitzvah – Noa')).toBe('bat-mitzvah-noa');
    expect(fileSlug('שמחה')).toBe('event');
  });
});
