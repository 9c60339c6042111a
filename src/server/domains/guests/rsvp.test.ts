import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUEST_INVITATION_MESSAGES, GUEST_LIMITS, GUEST_MESSAGES } from '../../../shared/schemas/guests';
import { withoutLinkSecrets } from '../../app';
import { createEvent } from '../../demo/factories';
import { sha256Hex } from '../../platform/tokens';
import { liveEventsOf, withLimitMax } from '../../test/fixtures';
import { harnessForFile, type Party } from '../../test/harness';
import { expectRejected, rejection } from '../../test/rejection';
import { resolvePlace } from '../places/places.service';
import { sendRsvpSummaries } from './rsvp.summary';

/** The harness clock: real time unless a test moves it (reminders, the daily summary). */
let clockOffsetMs = 0;
const h = harnessForFile({ now: () => new Date(Date.now() + clockOffsetMs) });
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(() => {
  // Every page and REST call of this file comes from one address: the per-address limit has its own test.
  h.deps.config.limits.rsvp.max = 100_000;
});

let ip = 0;
const visitor = () => h.anonymous({ ip: `10.31.${Math.floor(++ip / 250)}.${ip % 250}` });
const tokenOf = (url: string) => url.split('/rsvp/')[1] as string;

async function household(eventId: string, name: string, plusOnesAllowed = 0) {
  return h.db
    .insertInto('households')
    .values({ eventId, name, plusOnesAllowed })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function guest(
  eventId: string,
  householdId: string,
  name: string,
  invitedTo: string[],
  email?: string,
) {
  const row = await h.db
    .insertInto('guests')
    .values({ eventId, householdId, name, email: email ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (invitedTo.length > 0) {
    await h.db
      .insertInto('guestInvitations')
      .values(invitedTo.map((e) => ({ guestId: row.id, eventId: e })))
      .execute();
  }
  return row.id;
}

const JERUSALEM = resolvePlace('Jerusalem');

/**
 * A wedding in Jerusalem on Saturday night (after Shabbat) with an aufruf sub-event; two households:
 * the Katz family (two guests, one invited to the aufruf too, one plus-one allowed) and the
 * Friedmans (one guest, wedding only).
 */
async function weddingList(options: { deadline?: Date | null; hebrew?: boolean } = {}) {
  const owner = await h.signedIn('customer', { name: 'Miriam Levi', familyLabel: `Levi ${randomUUID()}` });
  if (options.hebrew) {
    await h.db
      .updateTable('users')
      .set({ hebrewDatesEnabled: true })
      .where('id', '=', owner.user.id)
      .execute();
  }
  const main = await createEvent(h.db, owner.user.id, {
    title: 'Levi–Cohen wedding',
    type: 'Wedding',
    date: new Date('2027-01-09T12:00:00Z'),
    time: '19:30',
    venue: 'Beit Yosef Hall',
  });
  await h.db
    .updateTable('events')
    .set({
      placeId: JERUSALEM?.id ?? null,
      timeZone: 'Asia/Jerusalem',
      rsvpDeadline: options.deadline === undefined ? new Date(Date.now() + 30 * DAY_MS) : options.deadline,
      rsvpMessage: 'We would be so happy to celebrate with you.',
    })
    .where('id', '=', main.id)
    .execute();
  const aufruf = await createEvent(h.db, owner.user.id, {
    title: 'Aufruf',
    type: 'Aufruf',
    date: new Date('2027-01-02T08:00:00Z'),
    time: '09:00',
  });
  await h.db.updateTable('events').set({ parentEventId: main.id }).where('id', '=', aufruf.id).execute();
  const katz = await household(main.id, 'The Katz family', 1);
  const sarah = await guest(main.id, katz.id, 'Sarah Katz', [main.id, aufruf.id], 'sarah.katz@example.com');
  const yossi = await guest(main.id, katz.id, 'Yossi Katz', [main.id]);
  const friedman = await household(main.id, 'The Friedmans');
  const dina = await guest(main.id, friedman.id, 'Dina Friedman', [main.id], 'dina@example.com');
  const katzLink = await owner.caller.invitations.createLink({ id: katz.id });
  const friedmanLink = await owner.caller.invitations.createLink({ id: friedman.id });
  return {
    owner,
    main,
    aufruf,
    katz: { id: katz.id, sarah, yossi, token: tokenOf(katzLink.url), url: katzLink.url },
    friedman: { id: friedman.id, dina, token: tokenOf(friedmanLink.url) },
  };
}

async function invitationsOf(householdId: string) {
  return h.db
    .selectFrom('guestInvitations')
    .innerJoin('guests', 'guests.id', 'guestInvitations.guestId')
    .select(['guests.name', 'guestInvitations.eventId', 'guestInvitations.rsvp', 'guestInvitations.meal'])
    .where('guests.householdId', '=', householdId)
    .orderBy('guests.name')
    .orderBy('guestInvitations.eventId')
    .execute();
}

async function outbox(kind: string) {
  return h.db
    .selectFrom('mailOutbox')
    .select(['toAddress', 'subject', 'textBody', 'htmlBody', 'createdAt'])
    .where('kind', '=', kind)
    .orderBy('createdAt')
    .execute();
}

describe('invitation links', () => {
  it('are 256-bit tokens of which only the hash is kept; a new link leaves those handed out live, up to five', async () => {
    const list = await weddingList();
    expect(list.katz.url).toMatch(new RegExp(`^${h.deps.config.appUrl}/rsvp/[A-Za-z0-9_-]{43}$`));
    const rows = await h.db
      .selectFrom('rsvpLinks')
      .selectAll()
      .where('householdId', '=', list.katz.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(sha256Hex(list.katz.token));
    expect(JSON.stringify(rows)).not.toContain(list.katz.token);

    // A second link (a reminder, a copy for WhatsApp) does not break the first one.
    const again = await list.owner.caller.invitations.createLink({ id: list.katz.id });
    expect(tokenOf(again.url)).not.toBe(list.katz.token);
    for (const token of [list.katz.token, tokenOf(again.url)]) {
      expect((await visitor().caller.rsvp.get({ token })).householdName).toBe('The Katz family');
    }
    // Only the newest GUEST_LIMITS.liveLinksMax stay live: four more push the first one out.
    const newer: string[] = [];
    const offset = clockOffsetMs;
    for (let i = 0; i < GUEST_LIMITS.liveLinksMax - 1; i++) {
      clockOffsetMs += 1000; // each link a second newer than the last
      newer.push(tokenOf((await list.owner.caller.invitations.createLink({ id: list.katz.id })).url));
    }
    clockOffsetMs = offset;
    await expectRejected(
      visitor().caller.rsvp.get({ token: list.katz.token }),
      'NOT_FOUND',
      GUEST_MESSAGES.invitationNotFound,
    );
    for (const token of [tokenOf(again.url), ...newer]) {
      expect((await visitor().caller.rsvp.get({ token })).householdName).toBe('The Katz family');
    }
    // Revoking withdraws every link of the household.
    await list.owner.caller.invitations.revokeLink({ id: list.katz.id });
    for (const token of [tokenOf(again.url), ...newer]) {
      await expectRejected(
        visitor().caller.rsvp.get({ token }),
        'NOT_FOUND',
        GUEST_MESSAGES.invitationNotFound,
      );
    }
  });

  it('are made only by the owner and active circle-mates; anyone else finds no household', async () => {
    const list = await weddingList();
    const stranger = await h.signedIn('customer');
    for (const call of [
      () => stranger.caller.invitations.createLink({ id: list.katz.id }),
      () => stranger.caller.invitations.revokeLink({ id: list.katz.id }),
      () => stranger.caller.invitations.send({ id: list.katz.id }),
      () => stranger.caller.invitations.remindHousehold({ id: list.katz.id }),
    ]) {
      await expectRejected(call(), 'NOT_FOUND', GUEST_MESSAGES.householdNotFound);
    }
    await expectRejected(
      stranger.caller.invitations.remind({ id: list.main.id }),
      'NOT_FOUND',
      expect.any(String),
    );
    // An active member of the owner's circle may.
    const label = (
      await h.db
        .selectFrom('users')
        .select('familyLabel')
        .where('id', '=', list.owner.user.id)
        .executeTakeFirstOrThrow()
    ).familyLabel as string;
    const member = await h.signedIn('customer', { familyLabel: label });
    await expectRejected(
      member.caller.invitations.createLink({ id: list.katz.id }),
      'NOT_FOUND',
      GUEST_MESSAGES.householdNotFound,
    );
    await list.owner.caller.family.approve({ userId: member.user.id });
    expect((await member.caller.invitations.createLink({ id: list.katz.id })).url).toContain('/rsvp/');
  });

  it('are made and withdrawn over REST too', async () => {
    const list = await weddingList();
    const made = await h.request('POST', `/api/households/${list.katz.id}/invitation`, list.owner, {});
    expect(made.statusCode).toBe(201);
    const token = tokenOf(made.json().url);
    expect((await h.request('GET', `/api/rsvp/${token}`, null)).json().householdName).toBe('The Katz family');
    const gone = await h.request('DELETE', `/api/households/${list.katz.id}/invitation`, list.owner);
    expect(gone.statusCode).toBe(200);
    expect((await h.request('GET', `/api/rsvp/${token}`, null)).statusCode).toBe(404);
    const stranger = await h.signedIn('customer');
    expect(
      (await h.request('POST', `/api/households/${list.katz.id}/invitation`, stranger, {})).statusCode,
    ).toBe(404);
  });

  it('once revoked, answer 404 on tRPC, REST and the page', async () => {
    const list = await weddingList();
    await list.owner.caller.invitations.revokeLink({ id: list.katz.id });
    await expectRejected(
      visitor().caller.rsvp.get({ token: list.katz.token }),
      'NOT_FOUND',
      GUEST_MESSAGES.invitationNotFound,
    );
    await expectRejected(
      visitor().caller.rsvp.answer({
        token: list.katz.token,
        answers: [{ guestId: list.katz.sarah, eventId: list.main.id, attending: true }],
      }),
      'NOT_FOUND',
      GUEST_MESSAGES.invitationNotFound,
    );
    const rest = await h.request('GET', `/api/rsvp/${list.katz.token}`, null);
    expect(rest.statusCode).toBe(404);
    expect(rest.json().error.message).toBe(GUEST_MESSAGES.invitationNotFound);
    const post = await h.request('POST', `/api/rsvp/${list.katz.token}`, null, { answers: [] });
    expect(post.statusCode).toBe(404);
    const page = await h.inject({ method: 'GET', url: `/rsvp/${list.katz.token}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Invitation not found');
    expect(page.body).not.toContain('Katz');
    expect((await h.inject({ method: 'GET', url: '/rsvp/not-a-token' })).statusCode).toBe(404);
    expect((await invitationsOf(list.katz.id)).every((i) => i.rsvp === 'invited')).toBe(true);
  });
});

describe('the RSVP page’s content', () => {
  it('shows only its household, only the events they are invited to, with Shabbat notes and the Hebrew date', async () => {
    const list = await weddingList({ hebrew: true });
    const view = await visitor().caller.rsvp.get({ token: list.katz.token });
    expect(view.householdName).toBe('The Katz family');
    expect(view.hostName).toBe('Miriam Levi');
    expect(view.guests.map((g) => g.name)).toEqual(['Sarah Katz', 'Yossi Katz']);
    expect(view.events.map((e) => e.title)).toEqual(['Aufruf', 'Levi–Cohen wedding']);
    const wedding = view.events.find((e) => e.id === list.main.id);
    expect(wedding).toMatchObject({ localDate: '2027-01-09', time: '19:30', venue: 'Beit Yosef Hall' });
    expect(wedding?.place).toContain('Jerusalem');
    // Saturday night: after sunset the Hebrew day is already the next one.
    expect(wedding?.hebrewDate).toBe('2 Shevat 5787 (evening)');
    expect(view.events[0]?.hebrewDate).toBe('23 Tevet 5787');
    expect(wedding?.notes).toEqual([
      expect.stringMatching(/^Shabbat ends at 1[67]:\d\d; the wedding starts at 19:30\.$/),
    ]);
    // The aufruf is on Shabbat morning.
    expect(view.events[0]?.notes[0]).toMatch(/falls on Shabbat/);
    expect(view.deadlineText).toMatch(/ at \d\d:\d\d$/);
    expect(view.closed).toBe(false);

    const friedmans = await visitor().caller.rsvp.get({ token: list.friedman.token });
    expect(friedmans.guests.map((g) => g.name)).toEqual(['Dina Friedman']);
    expect(friedmans.events.map((e) => e.title)).toEqual(['Levi–Cohen wedding']);
    expect(friedmans.events[0]?.hebrewDate).toBe('2 Shevat 5787 (evening)');
    const used = await h.db
      .selectFrom('rsvpLinks')
      .select('lastUsedAt')
      .where('householdId', '=', list.katz.id)
      .where('revokedAt', 'is', null)
      .executeTakeFirstOrThrow();
    expect(used.lastUsedAt).not.toBeNull();
  });

  it('the page is drawn by the server: noindex, no referrer, its household only, labelled fields', async () => {
    const list = await weddingList();
    const res = await h.inject({ method: 'GET', url: `/rsvp/${list.katz.token}` });
    expect(res.statusCode).toBe(200);
    // same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with the form's post,
    // which the cross-origin guard refuses; other sites still get no referrer (the token stays private).
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(res.body).toContain('Sarah Katz');
    expect(res.body).toContain('Please answer by <strong>');
    expect(res.body).not.toContain('Dina');
    expect(res.body).not.toContain('Friedman');
    expect(res.body).not.toMatch(/<script/);
    expect(res.body).toContain('<legend>Sarah Katz</legend>');
    expect(res.body).toContain('<legend>Aufruf</legend>');
    // Every control has a label.
    for (const [, id] of res.body.matchAll(/<(?:select|textarea|input type="text")[^>]* id="([^"]+)"/g)) {
      expect(res.body).toContain(`<label for="${id}">`);
    }
  });
});

describe('answering', () => {
  it('a household cannot read or change another’s answers: refused and nothing written', async () => {
    const list = await weddingList();
    const before = [await invitationsOf(list.katz.id), await invitationsOf(list.friedman.id)];
    const err = await rejection(
      visitor().caller.rsvp.answer({
        token: list.katz.token,
        answers: [
          { guestId: list.katz.sarah, eventId: list.main.id, attending: true },
          { guestId: list.friedman.dina, eventId: list.main.id, attending: false },
        ],
      }),
    );
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: GUEST_MESSAGES.unknownGuest });
    expect([await invitationsOf(list.katz.id), await invitationsOf(list.friedman.id)]).toEqual(before);
    // Nor bring a plus-one "by" another household's guest.
    await expectRejected(
      visitor().caller.rsvp.answer({
        token: list.katz.token,
        answers: [],
        plusOnes: [{ name: 'Sneaky', guestId: list.friedman.dina, eventIds: [list.main.id] }],
      }),
      'BAD_REQUEST',
      GUEST_MESSAGES.unknownGuest,
    );
    // Over REST too, with the field named.
    const res = await h.request('POST', `/api/rsvp/${list.katz.token}`, null, {
      answers: [{ guestId: list.friedman.dina, eventId: list.main.id, attending: true }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: GUEST_MESSAGES.unknownGuest });
    expect(JSON.stringify(res.json().error.issues)).toContain('answers');
    expect(await invitationsOf(list.friedman.id)).toEqual(before[1]);
  });

  it('refuses an event the guest is not invited to', async () => {
    const list = await weddingList();
    await expectRejected(
      visitor().caller.rsvp.answer({
        token: list.katz.token,
        answers: [{ guestId: list.katz.yossi, eventId: list.aufruf.id, attending: true }],
      }),
      'BAD_REQUEST',
      GUEST_MESSAGES.notInvited,
    );
  });

  it('saves answers, tells the family live and rings the bell once per household per day', async () => {
    const list = await weddingList();
    const label = (
      await h.db
        .selectFrom('users')
        .select('familyLabel')
        .where('id', '=', list.owner.user.id)
        .executeTakeFirstOrThrow()
    ).familyLabel as string;
    const mate = await h.signedIn('customer', { familyLabel: label });
    await list.owner.caller.family.approve({ userId: mate.user.id });
    const view = await visitor().caller.rsvp.answer({
      token: list.katz.token,
      answers: [
        {
          guestId: list.katz.sarah,
          eventId: list.main.id,
          attending: true,
          meal: 'fish',
          dietaryNote: 'No sesame',
        },
        { guestId: list.katz.sarah, eventId: list.aufruf.id, attending: false },
        { guestId: list.katz.yossi, eventId: list.main.id, attending: true, meal: 'meat' },
      ],
      messageToHosts: 'Mazal tov!',
    });
    expect(view.messageToHosts).toBe('Mazal tov!');
    expect(view.answeredAt).not.toBeNull();
    const sarah = view.guests.find((g) => g.id === list.katz.sarah);
    expect(sarah?.invitations.find((i) => i.eventId === list.main.id)).toMatchObject({
      rsvp: 'attending',
      meal: 'fish',
      dietaryNote: 'No sesame',
    });
    expect(sarah?.invitations.find((i) => i.eventId === list.aufruf.id)?.rsvp).toBe('declined');

    for (const person of [list.owner, mate] as Party[]) {
      const kinds = (await liveEventsOf(h.db, person.user.id, ['kind', 'ref'])).map((e) => e.kind);
      expect(kinds).toContain('guests');
      const bell = await h.db
        .selectFrom('notifications')
        .selectAll()
        .where('userId', '=', person.user.id)
        .where('kind', '=', 'rsvp')
        .execute();
      expect(bell).toHaveLength(1);
      expect(bell[0]?.title).toBe('The Katz family answered the invitation to Levi–Cohen wedding');
      expect(bell[0]?.body).toBe('2 attending, 1 declined');
    }
    // A change the same day updates the item rather than adding one.
    await visitor().caller.rsvp.answer({
      token: list.katz.token,
      answers: [{ guestId: list.katz.yossi, eventId: list.main.id, attending: false }],
    });
    const bell = await h.db
      .selectFrom('notifications')
      .selectAll()
      .where('userId', '=', list.owner.user.id)
      .where('kind', '=', 'rsvp')
      .execute();
    expect(bell).toHaveLength(1);
    expect(bell[0]?.body).toBe('1 attending, 2 declined');
    expect((await list.owner.caller.notifications.list()).items[0]?.kind).toBe('rsvp');
  });

  it('is refused after the deadline, with the field message, and the page says answers closed', async () => {
    const list = await weddingList({ deadline: new Date(Date.now() - 60_000) });
    const err = await rejection(
      visitor().caller.rsvp.answer({
        token: list.katz.token,
        answers: [{ guestId: list.katz.sarah, eventId: list.main.id, attending: true }],
      }),
    );
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: GUEST_MESSAGES.deadlinePassed });
    const res = await h.request('POST', `/api/rsvp/${list.katz.token}`, null, {
      answers: [{ guestId: list.katz.sarah, eventId: list.main.id, attending: true }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues).toEqual([
      expect.objectContaining({ path: ['answers'], message: GUEST_MESSAGES.deadlinePassed }),
    ]);
    expect((await visitor().caller.rsvp.get({ token: list.katz.token })).closed).toBe(true);
    const page = await h.inject({ method: 'GET', url: `/rsvp/${list.katz.token}` });
    expect(page.body).toContain('Answers closed on');
    expect(page.body).not.toContain('<form');
    expect((await invitationsOf(list.katz.id)).every((i) => i.rsvp === 'invited')).toBe(true);
  });

  it('takes plus-ones up to the allowance, named and brought by an invited guest; a new answer replaces them', async () => {
    const list = await weddingList();
    await expectRejected(
      visitor().caller.rsvp.answer({
        token: list.katz.token,
        answers: [],
        plusOnes: [
          { name: 'Avi', guestId: list.katz.sarah, eventIds: [list.main.id] },
          { name: 'Batya', guestId: list.katz.sarah, eventIds: [list.main.id] },
        ],
      }),
      'BAD_REQUEST',
      GUEST_MESSAGES.tooManyPlusOnes(1),
    );
    await expectRejected(
      visitor().caller.rsvp.answer({
        token: list.friedman.token,
        answers: [],
        plusOnes: [{ name: 'Avi', guestId: list.friedman.dina, eventIds: [list.main.id] }],
      }),
      'BAD_REQUEST',
      GUEST_MESSAGES.tooManyPlusOnes(0),
    );
    // Yossi is not invited to the aufruf: neither is his guest.
    await expectRejected(
      visitor().caller.rsvp.answer({
        token: list.katz.token,
        answers: [],
        plusOnes: [{ name: 'Avi', guestId: list.katz.yossi, eventIds: [list.aufruf.id] }],
      }),
      'BAD_REQUEST',
      GUEST_MESSAGES.notInvited,
    );
    const view = await visitor().caller.rsvp.answer({
      token: list.katz.token,
      answers: [],
      plusOnes: [{ name: 'Avi Stern', guestId: list.katz.sarah, eventIds: [list.main.id], meal: 'vegan' }],
    });
    expect(view.guests.find((g) => g.plusOneOf === list.katz.sarah)).toMatchObject({
      name: 'Avi Stern',
      meal: 'vegan',
      invitations: [expect.objectContaining({ eventId: list.main.id, rsvp: 'attending' })],
    });
    const again = await visitor().caller.rsvp.answer({
      token: list.katz.token,
      answers: [],
      plusOnes: [{ name: 'Batya Stern', guestId: list.katz.yossi, eventIds: [list.main.id] }],
    });
    expect(again.guests.filter((g) => g.plusOneOf !== null).map((g) => g.name)).toEqual(['Batya Stern']);
    const rows = await h.db
      .selectFrom('guests')
      .select('name')
      .where('householdId', '=', list.katz.id)
      .where('plusOneOf', 'is not', null)
      .execute();
    expect(rows).toEqual([{ name: 'Batya Stern' }]);
  });

  it('refuses a meal not in the list (tRPC and REST)', async () => {
    const list = await weddingList();
    await expectRejected(
      visitor().caller.rsvp.answer({
        token: list.katz.token,
        // @ts-expect-error: a meal the list does not have
        answers: [{ guestId: list.katz.sarah, eventId: list.main.id, attending: true, meal: 'pizza' }],
      }),
      'BAD_REQUEST',
      GUEST_MESSAGES.badMeal,
    );
    const res = await h.request('POST', `/api/rsvp/${list.katz.token}`, null, {
      answers: [{ guestId: list.katz.sarah, eventId: list.main.id, attending: true, meal: 'pizza' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(GUEST_MESSAGES.badMeal);
    expect((await invitationsOf(list.katz.id)).every((i) => i.rsvp === 'invited')).toBe(true);
  });

  it('the page’s form posts the answers and shows them saved', async () => {
    const list = await weddingList();
    const form = new URLSearchParams({
      [`a.${list.katz.sarah}.${list.main.id}`]: 'yes',
      [`m.${list.katz.sarah}.${list.main.id}`]: 'dairy',
      [`a.${list.katz.yossi}.${list.main.id}`]: 'no',
      'p.0.name': 'Avi Stern',
      'p.0.by': list.katz.sarah,
      message: 'See you there',
    });
    const res = await h.inject({
      method: 'POST',
      url: `/rsvp/${list.katz.token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: form.toString(),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/rsvp/${list.katz.token}?saved=1`);
    const page = await h.inject({ method: 'GET', url: res.headers.location as string });
    expect(page.body).toContain('Your answers are saved');
    expect(page.body).toContain('value="Avi Stern"');
    const rows = await invitationsOf(list.katz.id);
    expect(rows).toContainEqual({
      name: 'Sarah Katz',
      eventId: list.main.id,
      rsvp: 'attending',
      meal: 'dairy',
    });
    expect(rows).toContainEqual({ name: 'Yossi Katz', eventId: list.main.id, rsvp: 'declined', meal: null });
    // The plus-one of Sarah comes to every event she is invited to when none is ticked.
    expect(rows.filter((r) => r.name === 'Avi Stern')).toHaveLength(2);

    // A refusal is shown on the page, announced.
    const bad = await h.inject({
      method: 'POST',
      url: `/rsvp/${list.katz.token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams({
        [`a.${list.katz.sarah}.${list.main.id}`]: 'yes',
        [`m.${list.katz.sarah}.${list.main.id}`]: 'pizza',
      }).toString(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role="alert"');
    expect(bad.body).toContain(GUEST_MESSAGES.badMeal);

    // A plus-one sent to an event their guest is not invited to: refused, and shown as filled in.
    const refused = await h.inject({
      method: 'POST',
      url: `/rsvp/${list.katz.token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: new URLSearchParams([
        [`a.${list.katz.yossi}.${list.main.id}`, 'yes'],
        ['p.0.name', 'Chaim Stern'],
        ['p.0.by', list.katz.yossi],
        ['p.0.ev', list.aufruf.id],
        ['message', 'Typed, not saved'],
      ]).toString(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(GUEST_MESSAGES.notInvited);
    expect(refused.body).toContain('value="Chaim Stern"');
    expect(refused.body).toContain('Typed, not saved</textarea>');
    expect((await invitationsOf(list.katz.id)).find((r) => r.name === 'Yossi Katz')?.rsvp).toBe('declined');
  });

  it('tokens stay out of the request logs', () => {
    expect(withoutLinkSecrets('/rsvp/abcDEF_123?saved=1')).toBe('/rsvp/<token>?saved=1');
    expect(withoutLinkSecrets('/api/rsvp/abcDEF_123')).toBe('/api/rsvp/<token>');
    expect(withoutLinkSecrets('/trpc/rsvp.get?input=%7B%22token%22%7D')).toBe('/trpc/rsvp.get?<input>');
    expect(withoutLinkSecrets('/api/events?x=1')).toBe('/api/events?x=1');
  });

  it('token tries are limited per address', async () => {
    await withLimitMax(h, 'rsvp', 2, async () => {
      const guesser = h.anonymous({ ip: '10.77.0.1' });
      for (let i = 0; i < 2; i++) {
        await expectRejected(
          guesser.caller.rsvp.get({ token: `guess-${i}` }),
          'NOT_FOUND',
          GUEST_MESSAGES.invitationNotFound,
        );
      }
      expect((await rejection(guesser.caller.rsvp.get({ token: 'guess-3' }))).code).toBe('TOO_MANY_REQUESTS');
    });
  });
});

describe('invitation and reminder mails', () => {
  it('send: a fresh link mailed through the outbox to the household’s addresses; refused when it has none', async () => {
    const list = await weddingList();
    const sent = await list.owner.caller.invitations.send({ id: list.katz.id });
    expect(sent.sentTo).toEqual(['sarah.katz@example.com']);
    const mails = (await outbox('rsvp-invitation')).filter((m) => m.toAddress === 'sarah.katz@example.com');
    expect(mails.at(-1)?.subject).toBe('Miriam Levi invites you: Levi–Cohen wedding');
    expect(mails.at(-1)?.textBody).toContain(sent.url);
    expect(mails.at(-1)?.htmlBody).toContain(sent.url);
    expect(mails.at(-1)?.textBody).toContain('Aufruf');
    // The link mailed works, and so does the one made before (it may have been sent by WhatsApp).
    for (const token of [tokenOf(sent.url), list.katz.token]) {
      expect((await visitor().caller.rsvp.get({ token })).householdName).toBe('The Katz family');
    }
    const hh = await h.db
      .selectFrom('households')
      .select('invitedAt')
      .where('id', '=', list.katz.id)
      .executeTakeFirstOrThrow();
    expect(hh.invitedAt).not.toBeNull();

    const lonely = await household(list.main.id, 'No mail family');
    await guest(list.main.id, lonely.id, 'Reb Noam', [list.main.id]);
    await expectRejected(
      list.owner.caller.invitations.send({ id: lonely.id }),
      'BAD_REQUEST',
      GUEST_INVITATION_MESSAGES.noEmail,
    );

    const message = await list.owner.caller.invitations.message({ id: list.katz.id });
    expect(message.text).toContain('Miriam Levi invites you to Levi–Cohen wedding.');
    expect(message.text).toContain('{link}');
  });

  it('reminders go at most once per household in 3 days, with a fresh link, to those who have not answered', async () => {
    const list = await weddingList();
    // The Friedmans answered; the Katzes did not.
    await visitor().caller.rsvp.answer({
      token: list.friedman.token,
      answers: [{ guestId: list.friedman.dina, eventId: list.main.id, attending: true }],
    });
    const first = await list.owner.caller.invitations.remind({ id: list.main.id });
    expect(first).toEqual({ reminded: 1, skipped: 0 });
    const mails = (await outbox('rsvp-reminder')).filter((m) => m.toAddress === 'sarah.katz@example.com');
    expect(mails).toHaveLength(1);
    const url = /https?:\/\/\S+\/rsvp\/[A-Za-z0-9_-]{43}/.exec(mails[0]?.textBody ?? '')?.[0];
    expect(url).toBeDefined();
    expect((await visitor().caller.rsvp.get({ token: tokenOf(url as string) })).householdName).toBe(
      'The Katz family',
    );

    expect(await list.owner.caller.invitations.remind({ id: list.main.id })).toEqual({
      reminded: 0,
      skipped: 1,
    });
    await expectRejected(
      list.owner.caller.invitations.remindHousehold({ id: list.katz.id }),
      'BAD_REQUEST',
      GUEST_MESSAGES.reminderTooSoon,
    );
    // Two at once: one reminder between them.
    clockOffsetMs = 3 * DAY_MS + 60_000;
    try {
      const both = await Promise.allSettled([
        list.owner.caller.invitations.remind({ id: list.main.id }),
        list.owner.caller.invitations.remindHousehold({ id: list.katz.id }),
      ]);
      const reminded = both.filter(
        (r) => r.status === 'fulfilled' && ('sentTo' in r.value || r.value.reminded === 1),
      );
      expect(reminded).toHaveLength(1);
      expect(
        (await outbox('rsvp-reminder')).filter((m) => m.toAddress === 'sarah.katz@example.com'),
      ).toHaveLength(2);
    } finally {
      clockOffsetMs = 0;
    }
  });
});

describe('the daily summary', () => {
  it('mails each person with notifications on once a day when there are new answers', async () => {
    const list = await weddingList();
    const deps = { db: h.db, now: () => new Date(Date.now() + clockOffsetMs), appUrl: h.deps.config.appUrl };
    const mine = async () =>
      (await outbox('rsvp-summary')).filter(
        (m) => m.subject.endsWith('Levi–Cohen wedding') && m.toAddress === list.owner.user.email,
      );
    await sendRsvpSummaries(deps);
    expect(await mine()).toHaveLength(0);
    await visitor().caller.rsvp.answer({
      token: list.katz.token,
      answers: [{ guestId: list.katz.sarah, eventId: list.main.id, attending: true }],
    });
    await Promise.all([sendRsvpSummaries(deps), sendRsvpSummaries(deps)]);
    const sent = await mine();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('1 new RSVP answer for Levi–Cohen wedding');
    expect(sent[0]?.textBody).toContain('The Katz family: 1 attending, 0 declined');
    expect(sent[0]?.textBody).toContain('Levi–Cohen wedding: 1 attending, 0 declined, 2 awaiting an answer');
    expect(sent[0]?.textBody).not.toContain(list.katz.token);

    // A new answer the same day waits for tomorrow's summary.
    await visitor().caller.rsvp.answer({
      token: list.friedman.token,
      answers: [{ guestId: list.friedman.dina, eventId: list.main.id, attending: false }],
    });
    await sendRsvpSummaries(deps);
    expect(await mine()).toHaveLength(1);
    clockOffsetMs = DAY_MS + 60_000;
    try {
      await sendRsvpSummaries(deps);
      const next = await mine();
      expect(next).toHaveLength(2);
      expect(next[1]?.textBody).toContain('The Friedmans: 0 attending, 1 declined');
      expect(next[1]?.textBody).not.toContain('The Katz family');
    } finally {
      clockOffsetMs = 0;
    }
  });
});
