import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_TYPES, REQUEST_EVENT_TYPES } from '../../../shared/event-types';
import { DATE_MESSAGES } from '../../../shared/schemas/common';
import { EVENT_MESSAGES } from '../../../shared/schemas/events';
import { createDeposit, createEvent, createMemo, createTask } from '../../demo/factories';
import { harnessForFile, type Party, type TestCaller } from '../../test/harness';
import { rejection } from '../../test/rejection';

const h = harnessForFile();
let owner: Party;
let stranger: Party;
beforeAll(async () => {
  owner = await h.signedIn('customer', { name: 'Owner' });
  stranger = await h.signedIn('customer', { name: 'Stranger' });
});

const date = new Date('2027-05-16T17:30:00.000Z');

describe('events', () => {
  it("creates, lists with progress, updates and deletes the caller's events", async () => {
    const { caller } = owner;
    const created = await caller.events.create({
      title: ' Bar Mitzvah ',
      type: 'Bar Mitzvah',
      date,
      time: '13:30',
      venue: 'Hall',
    });
    expect(created).toMatchObject({
      title: 'Bar Mitzvah',
      isPublic: false,
      totalTasks: 0,
      completedTasks: 0,
      paidAmount: '0.00',
    });
    expect(created.date.toISOString()).toBe(date.toISOString());

    await createTask(h.db, created.id, { completed: true });
    await createTask(h.db, created.id);
    await createDeposit(h.db, created.id, { amount: '1200.50', paid: true });
    await createDeposit(h.db, created.id, { amount: '300.25' });
    const listed = (await caller.events.list()).find((e) => e.id === created.id);
    expect(listed).toMatchObject({
      totalTasks: 2,
      completedTasks: 1,
      paidAmount: '1200.50',
      totalDeposits: '1500.75',
    });

    const updated = await caller.events.update({
      id: created.id,
      version: created.version,
      venue: null,
      isPublic: true,
      time: '',
    });
    expect(updated).toMatchObject({
      venue: null,
      isPublic: true,
      time: null,
      title: 'Bar Mitzvah',
      version: created.version + 1,
      totalTasks: 2,
      paidAmount: '1200.50',
    });

    await expect(caller.events.delete({ id: created.id })).resolves.toEqual({ ok: true });
    expect((await caller.events.list()).some((e) => e.id === created.id)).toBe(false);
    const orphans = await h.db.selectFrom('tasks').select('id').where('eventId', '=', created.id).execute();
    expect(orphans).toHaveLength(0);
  });

  it('takes the simchas families plan beside the spec six, and a request can be made for each', async () => {
    for (const type of [
      'Engagement',
      'Aufruf',
      'Shabbat Kiddush',
      'Sheva Brachot',
      'Pidyon HaBen',
      'Upsherin',
    ] as const) {
      const created = await owner.caller.events.create({ title: `${type} of the Levis`, date, type });
      expect(created.type).toBe(type);
      expect(REQUEST_EVENT_TYPES).toContain(created.type);
    }
    // One list: every event type may be the subject of an availability request.
    expect(EVENT_TYPES.every((type) => (REQUEST_EVENT_TYPES as readonly string[]).includes(type))).toBe(true);
  });

  it.each([
    [{ title: '', date }, EVENT_MESSAGES.required],
    [{ title: 'No date' }, EVENT_MESSAGES.required],
    [{ title: 'Bad date', date: 'not a date' }, DATE_MESSAGES.notADate('Date')],
    [{ title: 'Bad time', date, time: '25:00' }, EVENT_MESSAGES.badTime],
    [
      { title: 'Bad type', date, type: 'Picnic' },
      'Type must be one of Wedding, Bar Mitzvah, Bat Mitzvah, Engagement, Aufruf, Shabbat Kiddush, Sheva Brachot, Brit Milah, Simchat Bat, Pidyon HaBen, Upsherin, Sweet 16, Graduation, Other',
    ],
    [{ title: 'Bad image', date, imageUrl: 'javascript:alert(1)' }, EVENT_MESSAGES.badImage],
    [
      { title: 'Server field', date, userId: '00000000-0000-0000-0000-000000000000' },
      'Unrecognized key: "userId"',
    ],
  ])('refuses %j', async (input, message) => {
    const error = await rejection(owner.caller.events.create(input as never));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(message);
  });

  it("answers NOT_FOUND for someone else's event at every procedure, and UNAUTHORIZED for visitors", async () => {
    const event = await createEvent(h.db, owner.user.id);
    const task = await createTask(h.db, event.id);
    const deposit = await createDeposit(h.db, event.id);
    const memo = await createMemo(h.db, event.id);
    const s: TestCaller['caller'] = stranger.caller;
    // Called one at a time, so no refusal is left unobserved while another is awaited.
    const attempts = [
      () => s.events.byId({ id: event.id }),
      () => s.events.update({ id: event.id, version: 1, title: 'Mine now' }),
      () => s.events.delete({ id: event.id }),
      () => s.tasks.list({ id: event.id }),
      () => s.tasks.create({ id: event.id, title: 'x' }),
      () => s.tasks.update({ id: task.id, version: 1, completed: true }),
      () => s.tasks.delete({ id: task.id }),
      () => s.deposits.list({ id: event.id }),
      () => s.deposits.create({ id: event.id, vendorName: 'x', amount: '1', dueDate: date }),
      () => s.deposits.update({ id: deposit.id, version: 1, paid: true }),
      () => s.deposits.delete({ id: deposit.id }),
      () => s.memos.list({ id: event.id }),
      () => s.memos.create({ id: event.id, title: 'x' }),
      () => s.memos.update({ id: memo.id, version: 1, title: 'x' }),
      () => s.memos.delete({ id: memo.id }),
    ];
    for (const attempt of attempts) expect((await rejection(attempt())).code).toBe('NOT_FOUND');
    expect((await owner.caller.events.byId({ id: event.id })).title).toBe('Family Simcha');
    expect(await owner.caller.tasks.list({ id: event.id })).toHaveLength(1);
    expect(
      (
        await h.db
          .selectFrom('deposits')
          .select('paid')
          .where('id', '=', deposit.id)
          .executeTakeFirstOrThrow()
      ).paid,
    ).toBe(false);

    const anon = h.anonymous().caller;
    expect((await rejection(anon.events.list())).code).toBe('UNAUTHORIZED');
    expect((await rejection(anon.tasks.list({ id: event.id }))).code).toBe('UNAUTHORIZED');
  });
});

describe('an event dated in the past', () => {
  const ASK = 'This date has passed. Save it as a past event?';

  it('is saved only once the family has said it is a past event, when the caller asks first', async () => {
    const { caller } = owner;
    // 2020-03-10 at midnight in New York.
    const past = new Date('2020-03-10T04:00:00.000Z');
    const res = await h.request('POST', '/api/events', owner, {
      title: 'Purim 2020',
      date: '2020-03-10',
      pastEvent: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: ASK, issues: [{ path: ['date'], message: ASK }] });
    const asked = await rejection(
      caller.events.create({
        title: 'Purim 2020',
        date: past,
        timeZone: 'America/New_York',
        pastEvent: false,
      }),
    );
    expect(asked.code).toBe('BAD_REQUEST');
    expect(asked.message).toBe(ASK);
    expect((await caller.events.list()).some((e) => e.title === 'Purim 2020')).toBe(false);

    const saved = await caller.events.create({
      title: 'Purim 2020',
      date: past,
      timeZone: 'America/New_York',
      pastEvent: true,
    });
    expect(saved).toMatchObject({ title: 'Purim 2020', date: past });
    // Editing something else of a past event asks nothing again; moving another event into the past does.
    await expect(caller.events.update({ id: saved.id, venue: 'Shul' })).resolves.toMatchObject({
      venue: 'Shul',
    });
    await expect(caller.events.update({ id: saved.id, date: past, notes: 'Megillah' })).resolves.toBeTruthy();
    const future = await caller.events.create({ title: 'Wedding', date });
    expect(
      (await rejection(caller.events.update({ id: future.id, date: past, pastEvent: false }))).message,
    ).toBe(ASK);
    await expect(caller.events.update({ id: future.id, date: past, pastEvent: true })).resolves.toBeTruthy();
  });

  it('judges today in the zone the browser sent, else only what has passed everywhere', async () => {
    const { caller } = owner;
    const now = Date.now();
    const yesterdayInHonolulu = new Date(now - 24 * 3600_000);
    expect(
      (
        await rejection(
          caller.events.create({
            title: 'Yesterday',
            date: yesterdayInHonolulu,
            timeZone: 'Pacific/Honolulu',
            pastEvent: false,
          }),
        )
      ).message,
    ).toBe(ASK);
    // Without a zone, yesterday's instant may still be today somewhere: not asked.
    await expect(
      caller.events.create({ title: 'Today somewhere', date: new Date(now - 3600_000), pastEvent: false }),
    ).resolves.toBeTruthy();
    await expect(
      caller.events.create({
        title: 'Today',
        date: new Date(now),
        timeZone: 'Pacific/Honolulu',
        pastEvent: false,
      }),
    ).resolves.toBeTruthy();
  });

  it('is saved as given for a spec-shaped REST call, which names no pastEvent', async () => {
    const res = await h.request('POST', '/api/events', owner, {
      title: 'Bar mitzvah 2019',
      date: '2019-05-04',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Bar mitzvah 2019' });
  });
});

describe('tasks, deposits and memos', () => {
  /** A fresh event of the owner's for each test. */
  let event: Awaited<ReturnType<typeof createEvent>>;
  beforeEach(async () => {
    event = await createEvent(h.db, owner.user.id);
  });

  it('manages tasks and marks them completed', async () => {
    const task = await owner.caller.tasks.create({
      id: event.id,
      title: 'Book the band',
      dueDate: '2027-01-10',
    });
    expect(task).toMatchObject({ title: 'Book the band', completed: false, eventId: event.id });
    expect(task.dueDate?.toISOString()).toBe('2027-01-10T00:00:00.000Z');
    const done = await owner.caller.tasks.update({
      id: task.id,
      version: task.version,
      completed: true,
      description: 'Hora Nights',
    });
    expect(done).toMatchObject({ completed: true, description: 'Hora Nights', title: 'Book the band' });
    expect(done.dueDate?.toISOString()).toBe('2027-01-10T00:00:00.000Z');
    const cleared = await owner.caller.tasks.update({ id: task.id, version: done.version, dueDate: null });
    expect(cleared.dueDate).toBeNull();
    expect(
      (await rejection(owner.caller.tasks.update({ id: task.id, version: cleared.version, title: '  ' })))
        .message,
    ).toBe(EVENT_MESSAGES.required);
    await owner.caller.tasks.delete({ id: task.id });
    expect(await owner.caller.tasks.list({ id: event.id })).toEqual([]);
  });

  it('sets paidDate when a deposit is paid and clears it when it is not', async () => {
    const deposit = await owner.caller.deposits.create({
      id: event.id,
      vendorName: 'Caterer',
      amount: 2500,
      dueDate: date,
    });
    expect(deposit).toMatchObject({ amount: '2500.00', paid: false, paidDate: null });
    const paid = await owner.caller.deposits.update({ id: deposit.id, version: deposit.version, paid: true });
    expect(paid.paidDate).toBeInstanceOf(Date);
    const again = await owner.caller.deposits.update({
      id: deposit.id,
      version: paid.version,
      paid: true,
      amount: '2600.10',
    });
    expect(again.paidDate?.getTime()).toBe(paid.paidDate?.getTime());
    expect(again.amount).toBe('2600.10');
    const unpaid = await owner.caller.deposits.update({
      id: deposit.id,
      version: again.version,
      paid: false,
    });
    expect(unpaid).toMatchObject({ paid: false, paidDate: null });
    const paidAtOnce = await owner.caller.deposits.create({
      id: event.id,
      vendorName: 'Hall',
      amount: '10',
      dueDate: date,
      paid: true,
    });
    expect(paidAtOnce.paidDate).toBeInstanceOf(Date);

    for (const [amount, message] of [
      ['12.345', EVENT_MESSAGES.badAmount],
      ['-5', 'Amount must be a positive number'],
      ['-500', 'Amount must be a positive number'],
      [' -12.50 ', 'Amount must be a positive number'],
      ['0', 'Amount must be a positive number'],
      ['abc', EVENT_MESSAGES.badAmount],
      ['-abc', EVENT_MESSAGES.badAmount],
      ['', EVENT_MESSAGES.required],
      ['100000000', EVENT_MESSAGES.amountTooLarge],
    ] as const) {
      const error = await rejection(
        owner.caller.deposits.create({ id: event.id, vendorName: 'X', amount, dueDate: date }),
      );
      expect(error.message, amount).toBe(message);
    }
  });

  it('manages memos, newest first', async () => {
    const first = await owner.caller.memos.create({
      id: event.id,
      title: 'Guest list',
      content: '180 guests',
    });
    await new Promise((r) => setTimeout(r, 5));
    await owner.caller.memos.create({ id: event.id, title: 'Menu' });
    expect((await owner.caller.memos.list({ id: event.id })).map((m) => m.title)).toEqual([
      'Menu',
      'Guest list',
    ]);
    expect(
      (await owner.caller.memos.update({ id: first.id, version: first.version, content: null })).content,
    ).toBeNull();
  });
});

describe('share links', () => {
  it('shows a public event read-only and hides private or unknown ones', async () => {
    const event = await createEvent(h.db, owner.user.id, {
      title: 'Wedding',
      venue: 'Garden',
      isPublic: true,
      notes: 'secret notes',
    });
    await createTask(h.db, event.id, { title: 'secret task' });
    const shared = await h.anonymous().caller.share.get({ shareId: event.shareId });
    expect(shared).toEqual({
      title: 'Wedding',
      type: 'Other',
      date: event.date,
      time: null,
      venue: 'Garden',
      imageUrl: null,
    });

    await owner.caller.events.update({ id: event.id, version: event.version, isPublic: false });
    expect((await rejection(h.anonymous().caller.share.get({ shareId: event.shareId }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await rejection(h.anonymous().caller.share.get({ shareId: crypto.randomUUID() }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await rejection(h.anonymous().caller.share.get({ shareId: 'nope' }))).code).toBe('BAD_REQUEST');
  });
});

describe('family circle', () => {
  it('lists members and their events for the exact label only', async () => {
    const label = `Levi ${Math.random()}`;
    const a = await h.signedIn('customer', { name: 'Avraham', familyLabel: label });
    const b = await h.signedIn('customer', { name: 'Batya', familyLabel: label });
    // Avraham founded the circle; Batya joins with his approval (decision 007).
    await a.caller.family.approve({ userId: b.user.id });
    await h.signedIn('customer', { name: 'Cousin', familyLabel: label.toUpperCase() });
    await createEvent(h.db, b.user.id, { title: "Batya's Bat Mitzvah" });
    await createEvent(h.db, a.user.id, { title: "Avraham's Aufruf" });

    const members = await a.caller.family.members();
    expect(members).toEqual([
      { id: a.user.id, name: 'Avraham', isYou: true },
      { id: b.user.id, name: 'Batya', isYou: false },
    ]);
    const events = await a.caller.family.events();
    expect(events.map((e) => [e.title, e.ownerName, e.isYours]).sort()).toEqual([
      ["Avraham's Aufruf", 'Avraham', true],
      ["Batya's Bat Mitzvah", 'Batya', false],
    ]);
    expect(await owner.caller.family.members()).toEqual([]);
    expect(await owner.caller.family.events()).toEqual([]);
  });
});

describe('REST', () => {
  it("maps the documented event paths, with 404 for another family's event", async () => {
    const cookie = await h.cookieFor(owner.user.id);
    const strangerCookie = await h.cookieFor(stranger.user.id);
    const json = { 'content-type': 'application/json' };

    const created = await h.inject({
      method: 'POST',
      url: '/api/events',
      headers: { ...json, cookie },
      payload: { title: 'Engagement', type: 'Other', date: '2027-03-07T19:00:00.000Z', time: '19:00' },
    });
    expect(created.statusCode).toBe(201);
    const event = created.json();
    expect(event).toMatchObject({
      title: 'Engagement',
      date: '2027-03-07T19:00:00.000Z',
      paidAmount: '0.00',
    });

    const list = await h.inject({ method: 'GET', url: '/api/events', headers: { cookie } });
    expect(list.json().some((e: { id: string }) => e.id === event.id)).toBe(true);

    const patched = await h.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      headers: { ...json, cookie },
      payload: { isPublic: true, version: event.version },
    });
    expect(patched.json().isPublic).toBe(true);

    const deposit = await h.inject({
      method: 'POST',
      url: `/api/events/${event.id}/deposits`,
      headers: { ...json, cookie },
      payload: { vendorName: 'Florist', amount: '450.00', dueDate: '2027-02-01' },
    });
    expect(deposit.statusCode).toBe(201);
    const paid = await h.inject({
      method: 'PATCH',
      url: `/api/deposits/${deposit.json().id}`,
      headers: { ...json, cookie },
      payload: { paid: true, version: deposit.json().version },
    });
    expect(paid.json()).toMatchObject({ paid: true, version: deposit.json().version + 1 });

    for (const url of [
      `/api/events/${event.id}`,
      `/api/events/${event.id}/tasks`,
      `/api/events/${event.id}/deposits`,
      `/api/events/${event.id}/memos`,
    ]) {
      const res = await h.inject({ method: 'GET', url, headers: { cookie: strangerCookie } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const stolen = await h.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}`,
      headers: { cookie: strangerCookie },
    });
    expect(stolen.statusCode).toBe(404);

    const shared = await h.inject({ method: 'GET', url: `/api/share/${event.shareId}` });
    expect(shared.statusCode).toBe(200);
    expect(Object.keys(shared.json()).sort()).toEqual(['date', 'imageUrl', 'time', 'title', 'type', 'venue']);

    const removed = await h.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}`,
      headers: { cookie },
    });
    expect(removed.json()).toEqual({ ok: true });
    expect((await h.inject({ method: 'GET', url: `/api/share/${event.shareId}` })).statusCode).toBe(404);
  });

  it('documents the event paths with their path parameter and body', async () => {
    const doc = (await h.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const patch = doc.paths['/api/events/{id}'].patch;
    expect(patch.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]),
    );
    const body = patch.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['title', 'date', 'isPublic', 'version']),
    );
    // The spec's update shape: every field optional, the version too (without it, last writer wins).
    expect(body.required ?? []).toEqual([]);
    expect(body.properties).not.toHaveProperty('id');
  });
});
