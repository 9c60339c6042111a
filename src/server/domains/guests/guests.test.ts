import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { EVENT_MESSAGES } from '../../../shared/schemas/events';
import {
  GUEST_LIMITS,
  GUEST_MESSAGES,
  type GuestDto,
  type GuestSummaryDto,
  MEALS,
  RSVP_STATUSES,
  type RsvpStatus,
} from '../../../shared/schemas/guests';
import { daysFromNow } from '../../demo/factories';
import { harnessForFile, type Party } from '../../test/harness';
import { expectFieldRefused, expectRejected, rejection } from '../../test/rejection';

const h = harnessForFile();

const newLabel = () => `Levi Family ${randomUUID().slice(0, 8)}`;

/** A family with a main event and two sub-events (an aufruf before, sheva brachot after). */
async function family(name = 'Rivka') {
  const owner = await h.signedIn('customer', { name, familyLabel: newLabel() });
  const wedding = await owner.caller.events.create({
    title: `${name}'s wedding`,
    type: 'Wedding',
    date: daysFromNow(120),
  });
  const aufruf = await owner.caller.events.create({
    title: 'Aufruf',
    type: 'Aufruf',
    date: daysFromNow(115),
    parentEventId: wedding.id,
  });
  const sheva = await owner.caller.events.create({
    title: 'Sheva Brachot',
    type: 'Sheva Brachot',
    date: daysFromNow(121),
    parentEventId: wedding.id,
  });
  return { owner, wedding, aufruf, sheva };
}

function fieldOf(error: { cause?: unknown }): unknown {
  const issues = (error.cause as { issues?: { path: unknown[] }[] } | undefined)?.issues;
  return issues?.[0]?.path;
}

describe('the guest list', () => {
  it('creates, lists, updates and deletes guests, each in a household', async () => {
    const { owner, wedding, aufruf, sheva } = await family();
    const dan = await owner.caller.guests.create({
      id: wedding.id,
      name: 'Dan Levi',
      email: 'dan@example.com',
      meal: 'meat',
      tags: ['groom', 'groom'],
    });
    expect(dan).toMatchObject({
      eventId: wedding.id,
      householdName: 'Dan Levi',
      name: 'Dan Levi',
      email: 'dan@example.com',
      tags: ['groom'],
      meal: 'meat',
      version: 1,
      invitations: [{ eventId: wedding.id, rsvp: 'invited', meal: null, answeredAt: null }],
    });
    // Through a sub-event: the same list, invited to that sub-event.
    const ruth = await owner.caller.guests.create({
      id: aufruf.id,
      name: 'Ruth Levi',
      householdId: dan.householdId,
    });
    expect(ruth).toMatchObject({ eventId: wedding.id, householdId: dan.householdId });
    expect(ruth.invitations.map((i) => i.eventId)).toEqual([aufruf.id]);
    const abe = await owner.caller.guests.create({
      id: wedding.id,
      name: 'Abe Adler',
      householdName: 'The Adlers',
      invitedTo: [wedding.id, sheva.id],
    });
    expect(abe.householdName).toBe('The Adlers');

    // By household name, then guest name; the same list from any of its events.
    const names = (list: GuestDto[]) => list.map((g) => g.name);
    expect(names(await owner.caller.guests.list({ id: wedding.id }))).toEqual([
      'Dan Levi',
      'Ruth Levi',
      'Abe Adler',
    ]);
    expect(await owner.caller.guests.list({ id: sheva.id })).toEqual(
      await owner.caller.guests.list({ id: wedding.id }),
    );

    const updated = await owner.caller.guests.update({
      id: dan.id,
      version: dan.version,
      phone: '+1 212 555 0100',
      meal: null,
      invitations: [
        { eventId: wedding.id, rsvp: 'attending' },
        { eventId: sheva.id, rsvp: 'declined' },
        { eventId: aufruf.id, rsvp: null },
      ],
    });
    expect(updated).toMatchObject({
      phone: '+1 212 555 0100',
      meal: null,
      email: 'dan@example.com',
      version: 2,
    });
    expect(updated.invitations.map((i) => [i.eventId, i.rsvp])).toEqual([
      [wedding.id, 'attending'],
      [sheva.id, 'declined'],
    ]);
    expect(updated.invitations[0]?.answeredAt).toBeInstanceOf(Date);

    // An edit from the old version is refused with the guest as it is now.
    const stale = await rejection(
      owner.caller.guests.update({ id: dan.id, version: dan.version, name: 'X' }),
    );
    expect(stale.code).toBe('CONFLICT');
    expect((stale as unknown as { current: GuestDto }).current).toMatchObject({
      name: 'Dan Levi',
      version: 2,
    });

    expect(await owner.caller.guests.delete({ id: ruth.id })).toEqual({ ok: true });
    expect(names(await owner.caller.guests.list({ id: wedding.id }))).toEqual(['Dan Levi', 'Abe Adler']);
    await expectRejected(
      owner.caller.guests.delete({ id: ruth.id }),
      'NOT_FOUND',
      GUEST_MESSAGES.guestNotFound,
    );
  });

  it('refuses bad input with field messages', async () => {
    const { owner, wedding } = await family();
    const badEmail = await rejection(
      owner.caller.guests.create({ id: wedding.id, name: 'A', email: 'not-mail' }),
    );
    expect([badEmail.code, badEmail.message, fieldOf(badEmail)]).toEqual([
      'BAD_REQUEST',
      GUEST_MESSAGES.badEmail,
      ['email'],
    ]);
    const badMeal = await rejection(
      owner.caller.guests.create({ id: wedding.id, name: 'A', meal: 'pork' as never }),
    );
    expect([badMeal.code, badMeal.message, fieldOf(badMeal)]).toEqual([
      'BAD_REQUEST',
      GUEST_MESSAGES.badMeal,
      ['meal'],
    ]);

    const guest = await owner.caller.guests.create({ id: wedding.id, name: 'B' });
    const mealOnUpdate = await rejection(
      owner.caller.guests.update({ id: guest.id, meal: 'shellfish' as never }),
    );
    expect(mealOnUpdate.message).toBe(GUEST_MESSAGES.badMeal);

    // Another family's event and household are not on this list.
    const other = await family('Other');
    const theirs = await other.owner.caller.guests.create({ id: other.wedding.id, name: 'C' });
    const foreignEvent = await rejection(
      owner.caller.guests.create({ id: wedding.id, name: 'D', invitedTo: [other.wedding.id] }),
    );
    expect([foreignEvent.message, fieldOf(foreignEvent)]).toEqual([
      GUEST_MESSAGES.eventNotOnList,
      ['invitedTo'],
    ]);
    const foreignHousehold = await rejection(
      owner.caller.guests.create({ id: wedding.id, name: 'D', householdId: theirs.householdId }),
    );
    expect([foreignHousehold.message, fieldOf(foreignHousehold)]).toEqual([
      GUEST_MESSAGES.householdOfOtherEvent,
      ['householdId'],
    ]);
    const foreignInvite = await rejection(
      owner.caller.guests.update({
        id: guest.id,
        invitations: [{ eventId: other.wedding.id, rsvp: 'invited' }],
      }),
    );
    expect(foreignInvite.message).toBe(GUEST_MESSAGES.eventNotOnList);
  });
});

describe('writes', () => {
  it('tell the owner and the active circle-mates live, and move guests between households of the list', async () => {
    const { owner, wedding } = await family();
    const cousin = await h.signedIn('customer', { familyLabel: owner.user.familyLabel as string });
    await owner.caller.family.approve({ userId: cousin.user.id });
    const stranger = await h.signedIn('customer');
    const told = async (userId: string) =>
      (
        await h.db
          .selectFrom('liveEvents')
          .select(['kind', 'ref'])
          .where('userId', '=', userId)
          .where('kind', '=', 'guests')
          .execute()
      ).length;
    const [ownerBefore, cousinBefore] = [await told(owner.user.id), await told(cousin.user.id)];
    const guest = await owner.caller.guests.create({ id: wedding.id, name: 'Noa' });
    const family2 = await owner.caller.guests.createHousehold({ id: wedding.id, name: 'Noa and Eli' });
    const moved = await cousin.caller.guests.update({ id: guest.id, householdId: family2.id });
    expect(moved).toMatchObject({ householdId: family2.id, householdName: 'Noa and Eli' });
    expect([await told(owner.user.id), await told(cousin.user.id)]).toEqual([
      ownerBefore + 3,
      cousinBefore + 3,
    ]);
    expect(await told(stranger.user.id)).toBe(0);
    const ref = await h.db
      .selectFrom('liveEvents')
      .select('ref')
      .where('userId', '=', cousin.user.id)
      .where('kind', '=', 'guests')
      .executeTakeFirstOrThrow();
    expect(ref.ref).toEqual({ eventId: wedding.id });
  });

  it('stop at the most guests a list may hold', async () => {
    const { owner, wedding } = await family();
    const household = await owner.caller.guests.createHousehold({ id: wedding.id, name: 'Many' });
    await sql`insert into guests (event_id, household_id, name)
      select ${wedding.id}::uuid, ${household.id}::uuid, 'Guest ' || i
        from generate_series(1, ${GUEST_LIMITS.guestsPerEventMax}) i`.execute(h.db);
    await expectRejected(
      owner.caller.guests.create({ id: wedding.id, name: 'One too many' }),
      'BAD_REQUEST',
      GUEST_MESSAGES.listFull,
    );
  });
});

describe('households', () => {
  it('are created, listed with their guest counts, renamed at a version and deleted with their guests', async () => {
    const { owner, wedding } = await family();
    const cohens = await owner.caller.guests.createHousehold({
      id: wedding.id,
      name: 'The Cohens',
      plusOnesAllowed: 2,
    });
    expect(cohens).toMatchObject({
      name: 'The Cohens',
      plusOnesAllowed: 2,
      guestCount: 0,
      hasLink: false,
      version: 1,
    });
    await owner.caller.guests.create({ id: wedding.id, name: 'Moshe Cohen', householdId: cohens.id });
    await owner.caller.guests.create({ id: wedding.id, name: 'Leah Cohen', householdId: cohens.id });
    await owner.caller.guests.create({ id: wedding.id, name: 'Alone' });
    expect(
      (await owner.caller.guests.households({ id: wedding.id })).map((x) => [x.name, x.guestCount]),
    ).toEqual([
      ['Alone', 1],
      ['The Cohens', 2],
    ]);
    const renamed = await owner.caller.guests.updateHousehold({
      id: cohens.id,
      name: 'Cohen family',
      version: 1,
    });
    expect(renamed).toMatchObject({ name: 'Cohen family', plusOnesAllowed: 2, version: 2 });
    expect(
      (await rejection(owner.caller.guests.updateHousehold({ id: cohens.id, name: 'X', version: 1 }))).code,
    ).toBe('CONFLICT');
    const badPlusOnes = await rejection(
      owner.caller.guests.updateHousehold({ id: cohens.id, plusOnesAllowed: 11 }),
    );
    expect(fieldOf(badPlusOnes)).toEqual(['plusOnesAllowed']);

    expect(await owner.caller.guests.deleteHousehold({ id: cohens.id })).toEqual({ ok: true });
    expect((await owner.caller.guests.list({ id: wedding.id })).map((g) => g.name)).toEqual(['Alone']);
    await expectRejected(
      owner.caller.guests.updateHousehold({ id: cohens.id, name: 'Gone' }),
      'NOT_FOUND',
      GUEST_MESSAGES.householdNotFound,
    );
  });
});

/** Every guest procedure as `party`, on the list of `eventId` and its guest and household. */
function everyProcedure(party: Party, eventId: string, guestId: string, householdId: string) {
  const c = party.caller.guests;
  return {
    list: () => c.list({ id: eventId }),
    create: () => c.create({ id: eventId, name: 'Intruder' }),
    update: () => c.update({ id: guestId, name: 'Changed' }),
    delete: () => c.delete({ id: guestId }),
    households: () => c.households({ id: eventId }),
    createHousehold: () => c.createHousehold({ id: eventId, name: 'Intruders' }),
    updateHousehold: () => c.updateHousehold({ id: householdId, name: 'Changed' }),
    deleteHousehold: () => c.deleteHousehold({ id: householdId }),
    summary: () => c.summary({ id: eventId }),
    settings: () => c.settings({ id: eventId }),
    updateSettings: () => c.updateSettings({ id: eventId, message: 'Hello' }),
  };
}

describe('who may touch the list', () => {
  it('an active circle member sees and edits it; a pending or declined one, and a stranger, find nothing', async () => {
    const { owner, wedding, aufruf } = await family('Founder');
    const label = owner.user.familyLabel as string;
    const guest = await owner.caller.guests.create({ id: wedding.id, name: 'Yael' });

    const active = await h.signedIn('customer', { name: 'Cousin', familyLabel: label });
    await owner.caller.family.approve({ userId: active.user.id });
    expect((await active.caller.guests.list({ id: aufruf.id })).map((g) => g.name)).toEqual(['Yael']);
    const edited = await active.caller.guests.update({ id: guest.id, name: 'Yael Stern' });
    expect(edited.name).toBe('Yael Stern');
    const added = await active.caller.guests.create({ id: wedding.id, name: 'Added by cousin' });
    expect(added.eventId).toBe(wedding.id);
    expect((await active.caller.guests.summary({ id: wedding.id })).guests).toBe(2);

    const pending = await h.signedIn('customer', { name: 'Pending', familyLabel: label });
    const declined = await h.signedIn('customer', { name: 'Declined', familyLabel: label });
    await owner.caller.family.decline({ userId: declined.user.id });
    const stranger = await h.signedIn('customer', { name: 'Stranger' });
    for (const party of [pending, declined, stranger]) {
      const calls = everyProcedure(party, wedding.id, guest.id, guest.householdId);
      for (const [name, call] of Object.entries(calls)) {
        const error = await rejection(call());
        expect([party.user.name, name, error.code]).toEqual([party.user.name, name, 'NOT_FOUND']);
        expect(['Event not found', GUEST_MESSAGES.guestNotFound, GUEST_MESSAGES.householdNotFound]).toContain(
          error.message,
        );
      }
    }
    // Nothing they tried changed the list.
    expect((await owner.caller.guests.list({ id: wedding.id })).map((g) => g.name).sort()).toEqual([
      'Added by cousin',
      'Yael Stern',
    ]);
    // A visitor is asked to sign in.
    expect((await rejection(h.anonymous().caller.guests.list({ id: wedding.id }))).code).toBe('UNAUTHORIZED');
  });
});

describe('sub-events', () => {
  it('hang under one of the owner’s own main events, one level deep', async () => {
    const { owner, wedding, aufruf } = await family();
    expect(aufruf.parentEventId).toBe(wedding.id);
    expect(wedding.parentEventId).toBeNull();

    const under = await rejection(
      owner.caller.events.create({ title: 'Deeper', date: daysFromNow(100), parentEventId: aufruf.id }),
    );
    expect([under.message, fieldOf(under)]).toEqual([EVENT_MESSAGES.parentNotMain, ['parentEventId']]);
    const stranger = await h.signedIn('customer');
    const foreign = await rejection(
      stranger.caller.events.create({ title: 'Theirs', date: daysFromNow(100), parentEventId: wedding.id }),
    );
    expect(foreign.message).toBe(EVENT_MESSAGES.parentNotMain);
    const missing = await rejection(
      owner.caller.events.create({ title: 'Nowhere', date: daysFromNow(100), parentEventId: randomUUID() }),
    );
    expect(missing.message).toBe(EVENT_MESSAGES.parentNotMain);

    // A main event with sub-events cannot become a sub-event; nor can an event be its own.
    const other = await owner.caller.events.create({ title: 'Bar mitzvah', date: daysFromNow(200) });
    const nested = await rejection(owner.caller.events.update({ id: wedding.id, parentEventId: other.id }));
    expect([nested.message, fieldOf(nested)]).toEqual([EVENT_MESSAGES.hasSubEvents, ['parentEventId']]);
    const itself = await rejection(owner.caller.events.update({ id: other.id, parentEventId: other.id }));
    expect(itself.message).toBe(EVENT_MESSAGES.parentIsSelf);

    // The trigger holds the rule even past the checks.
    const raw = await h.db
      .updateTable('events')
      .set({ parentEventId: aufruf.id })
      .where('id', '=', other.id)
      .execute()
      .then(
        () => null,
        (e: { constraint?: string }) => e.constraint,
      );
    expect(raw).toBe('events_parent_is_main');
  });

  it('detaching or moving a sub-event drops its invitations; deleting the main event takes the list', async () => {
    const { owner, wedding, aufruf, sheva } = await family();
    const guest = await owner.caller.guests.create({
      id: wedding.id,
      name: 'Invited everywhere',
      invitedTo: [wedding.id, aufruf.id, sheva.id],
    });
    expect(guest.invitations).toHaveLength(3);
    const detached = await owner.caller.events.update({ id: aufruf.id, parentEventId: null });
    expect(detached.parentEventId).toBeNull();
    const after = await owner.caller.guests.list({ id: wedding.id });
    expect(after[0]?.invitations.map((i) => i.eventId)).toEqual([wedding.id, sheva.id]);
    // Now a main event of its own, with its own (empty) list.
    expect(await owner.caller.guests.list({ id: aufruf.id })).toEqual([]);
    expect((await owner.caller.guests.summary({ id: wedding.id })).events.map((e) => e.eventId)).toEqual([
      wedding.id,
      sheva.id,
    ]);

    // An event with its own guest list cannot be hung under another.
    await owner.caller.guests.create({ id: aufruf.id, name: 'Aufruf guest' });
    const withList = await rejection(
      owner.caller.events.update({ id: aufruf.id, parentEventId: wedding.id }),
    );
    expect(withList.message).toBe(EVENT_MESSAGES.hasGuestList);

    // Deleting a sub-event takes its invitations.
    const shevaGuest = await owner.caller.guests.create({ id: sheva.id, name: 'Sheva only' });
    await owner.caller.events.delete({ id: sheva.id });
    const left = await owner.caller.guests.list({ id: wedding.id });
    expect(left.map((g) => [g.name, g.invitations.map((i) => i.eventId)])).toEqual([
      ['Invited everywhere', [wedding.id]],
      ['Sheva only', []],
    ]);
    expect(left.some((g) => g.id === shevaGuest.id)).toBe(true);

    const kiddush = await owner.caller.events.create({
      title: 'Kiddush',
      date: daysFromNow(119),
      parentEventId: wedding.id,
    });
    await owner.caller.events.delete({ id: wedding.id });
    expect(await h.db.selectFrom('events').select('id').where('id', '=', kiddush.id).execute()).toEqual([]);
    expect(await h.db.selectFrom('guests').select('id').where('eventId', '=', wedding.id).execute()).toEqual(
      [],
    );
    expect(
      await h.db.selectFrom('guestInvitations').select('guestId').where('guestId', '=', guest.id).execute(),
    ).toEqual([]);
  });
});

describe('RSVP settings', () => {
  it('keep the deadline as the instant of the civil time in the event’s zone', async () => {
    const { owner, wedding, sheva } = await family();
    expect(await owner.caller.guests.settings({ id: wedding.id })).toEqual({
      deadline: null,
      deadlineLocal: null,
      timeZone: 'UTC',
      message: null,
    });
    // Set in the event's zone.
    await h.db
      .updateTable('events')
      .set({ timeZone: 'America/New_York' })
      .where('id', '=', wedding.id)
      .execute();
    const set = await owner.caller.guests.updateSettings({
      id: sheva.id,
      deadlineLocal: '2027-06-01T23:59',
      message: 'Please answer by June',
    });
    expect(set).toEqual({
      deadline: new Date('2027-06-02T03:59:00Z'),
      deadlineLocal: '2027-06-01T23:59',
      timeZone: 'America/New_York',
      message: 'Please answer by June',
    });
    expect(await owner.caller.guests.settings({ id: wedding.id })).toEqual(set);
    // A field left out stays; null clears.
    const cleared = await owner.caller.guests.updateSettings({ id: wedding.id, deadlineLocal: null });
    expect(cleared).toMatchObject({ deadline: null, deadlineLocal: null, message: 'Please answer by June' });
    const bad = await rejection(
      owner.caller.guests.updateSettings({ id: wedding.id, deadlineLocal: '2027-02-30T10:00' }),
    );
    expect(fieldOf(bad)).toEqual(['deadlineLocal']);
  });
});

/** A small seeded generator (mulberry32): the same seed gives the same sequence. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The counts of a list as the test computes them from the rows guests.list answers. */
function countsFromRows(guests: GuestDto[], eventIds: string[]) {
  return eventIds.map((eventId) => {
    const invitations = guests.flatMap((g) =>
      g.invitations.filter((i) => i.eventId === eventId).map((i) => ({ ...i, guestMeal: g.meal })),
    );
    const attending = invitations.filter((i) => i.rsvp === 'attending');
    const meals = Object.fromEntries([
      ...MEALS.map((meal) => [meal, attending.filter((i) => (i.meal ?? i.guestMeal) === meal).length]),
      ['unspecified', attending.filter((i) => (i.meal ?? i.guestMeal) === null).length],
    ]);
    return {
      eventId,
      invited: invitations.length,
      attending: attending.length,
      declined: invitations.filter((i) => i.rsvp === 'declined').length,
      awaiting: invitations.filter((i) => i.rsvp === 'invited' || i.rsvp === 'no_answer').length,
      meals,
    };
  });
}

describe('counts', () => {
  it('agree with the rows after random changes', async () => {
    const seed = Number(process.env.GUEST_COUNTS_SEED ?? Date.now() % 1_000_000);
    const random = seeded(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const { owner, wedding, aufruf, sheva } = await family();
    const events = [wedding.id, aufruf.id, sheva.id];
    const quiet = await owner.caller.events.create({
      title: 'Kiddush',
      date: daysFromNow(119),
      parentEventId: wedding.id,
    });
    const ids: string[] = [];
    for (let step = 0; step < 60; step++) {
      const roll = random();
      if (ids.length < 3 || roll < 0.35) {
        const guest = await owner.caller.guests.create({
          id: pick(events),
          name: `Guest ${step}`,
          meal: random() < 0.3 ? null : pick(MEALS),
          invitedTo: events.filter(() => random() < 0.6),
          ...(ids.length > 0 && random() < 0.3
            ? { householdId: (await owner.caller.guests.list({ id: wedding.id }))[0]?.householdId }
            : {}),
        });
        ids.push(guest.id);
      } else if (roll < 0.8) {
        const id = pick(ids);
        await owner.caller.guests.update({
          id,
          ...(random() < 0.4 ? { meal: random() < 0.3 ? null : pick(MEALS) } : {}),
          invitations: events
            .filter(() => random() < 0.7)
            .map((eventId) => ({
              eventId,
              rsvp: random() < 0.2 ? null : pick<RsvpStatus>(RSVP_STATUSES),
            })),
        });
      } else if (roll < 0.9) {
        // A meal chosen for one event, as an answer gives it.
        const id = pick(ids);
        await h.db
          .updateTable('guestInvitations')
          .set({ meal: random() < 0.3 ? null : pick(MEALS) })
          .where('guestId', '=', id)
          .where('eventId', '=', pick(events))
          .execute();
      } else {
        const id = ids.splice(Math.floor(random() * ids.length), 1)[0] as string;
        await owner.caller.guests.delete({ id });
      }
    }
    const rows = await owner.caller.guests.list({ id: wedding.id });
    const summary: GuestSummaryDto = await owner.caller.guests.summary({ id: aufruf.id });
    const order = [wedding.id, aufruf.id, quiet.id, sheva.id];
    expect(
      summary.events.map((e) => e.eventId),
      `seed ${seed}`,
    ).toEqual(order);
    expect(
      summary.events.map(({ title: _title, ...counts }) => counts),
      `seed ${seed}`,
    ).toEqual(countsFromRows(rows, order));
    expect(summary.guests, `seed ${seed}`).toBe(rows.length);
    expect(summary.households, `seed ${seed}`).toBe(
      (await owner.caller.guests.households({ id: wedding.id })).length,
    );
    // The quiet sub-event appears with zeros; the test's counts are not all zero either.
    expect(summary.events[2]?.invited).toBe(0);
    expect(summary.events.some((e) => e.attending > 0 || e.declined > 0)).toBe(true);
  });
});

describe('REST', () => {
  it('maps the guest paths: list, add, edit under If-Match (412 when stale), counts, settings, removal', async () => {
    const { owner, wedding, sheva } = await family();
    const who = { user: owner.user };

    const created = await h.request(
      'POST',
      `/api/events/${wedding.id}/guests`,
      who,
      { name: 'Shira Katz', email: 'shira@example.com', meal: 'fish', invitedTo: [wedding.id, sheva.id] },
      { 'idempotency-key': randomUUID() },
    );
    expect(created.statusCode).toBe(201);
    const shira = created.json();
    expect(shira).toMatchObject({ name: 'Shira Katz', householdName: 'Shira Katz', version: 1 });
    expect(typeof shira.createdAt).toBe('string');

    const badEmail = await h.request('POST', `/api/events/${wedding.id}/guests`, who, {
      name: 'X',
      email: 'nope',
    });
    expectFieldRefused(badEmail, 'email', GUEST_MESSAGES.badEmail);
    const badMeal = await h.request('POST', `/api/events/${wedding.id}/guests`, who, {
      name: 'X',
      meal: 'pork',
    });
    expectFieldRefused(badMeal, 'meal', GUEST_MESSAGES.badMeal);

    const list = await h.request('GET', `/api/events/${sheva.id}/guests`, who);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((g: { id: string }) => g.id)).toEqual([shira.id]);

    const patched = await h.request(
      'PATCH',
      `/api/guests/${shira.id}`,
      who,
      { invitations: [{ eventId: wedding.id, rsvp: 'attending' }] },
      { 'if-match': '"v1"' },
    );
    expect(patched.statusCode).toBe(200);
    expect(patched.headers.etag).toBe('"v2"');
    expect(patched.json().invitations[0]).toMatchObject({ eventId: wedding.id, rsvp: 'attending' });

    // A second edit from the same first copy: 412 with the guest as it is now, and its tag.
    const stale = await h.request(
      'PATCH',
      `/api/guests/${shira.id}`,
      who,
      { name: 'Overwritten' },
      { 'if-match': '"v1"' },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.headers.etag).toBe('"v2"');
    expect(stale.json().error).toMatchObject({
      code: 'PRECONDITION_FAILED',
      current: { name: 'Shira Katz', version: 2 },
    });

    const summary = await h.request('GET', `/api/events/${wedding.id}/guest-summary`, who);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({
      eventId: wedding.id,
      guests: 1,
      households: 1,
      events: [
        {
          eventId: wedding.id,
          invited: 1,
          attending: 1,
          declined: 0,
          awaiting: 0,
          meals: { fish: 1, unspecified: 0 },
        },
        { eventId: expect.any(String), invited: 0 },
        { eventId: sheva.id, invited: 1, attending: 0, awaiting: 1, meals: { fish: 0 } },
      ],
    });

    const household = await h.request('POST', `/api/events/${wedding.id}/households`, who, {
      name: 'The Katzes',
      plusOnesAllowed: 1,
    });
    expect(household.statusCode).toBe(201);
    const households = await h.request('GET', `/api/events/${wedding.id}/households`, who);
    expect(households.json().map((x: { name: string }) => x.name)).toEqual(['Shira Katz', 'The Katzes']);
    const renamed = await h.request('PATCH', `/api/households/${household.json().id}`, who, {
      name: 'Katz family',
    });
    expect(renamed.json()).toMatchObject({ name: 'Katz family', version: 2 });

    const settings = await h.request('PUT', `/api/events/${wedding.id}/rsvp-settings`, who, {
      deadlineLocal: '2027-01-10T18:00',
      message: 'We hope you can come',
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual({
      deadline: '2027-01-10T18:00:00.000Z',
      deadlineLocal: '2027-01-10T18:00',
      timeZone: 'UTC',
      message: 'We hope you can come',
    });
    expect((await h.request('GET', `/api/events/${sheva.id}/rsvp-settings`, who)).json()).toEqual(
      settings.json(),
    );

    // Another family finds nothing, at every path.
    const stranger = await h.signedIn('customer');
    for (const [method, url] of [
      ['GET', `/api/events/${wedding.id}/guests`],
      ['GET', `/api/events/${wedding.id}/guest-summary`],
      ['GET', `/api/events/${wedding.id}/households`],
      ['GET', `/api/events/${wedding.id}/rsvp-settings`],
      ['DELETE', `/api/guests/${shira.id}`],
      ['DELETE', `/api/households/${household.json().id}`],
    ] as const) {
      const res = await h.request(method, url, { user: stranger.user });
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }

    const removed = await h.request('DELETE', `/api/guests/${shira.id}`, who);
    expect(removed.json()).toEqual({ ok: true });
    const removedHousehold = await h.request('DELETE', `/api/households/${household.json().id}`, who);
    expect(removedHousehold.json()).toEqual({ ok: true });
    expect((await h.request('GET', `/api/events/${wedding.id}/guests`, who)).json()).toEqual([]);
  });

  it('documents the guest paths under the Guests tag', async () => {
    const doc = (await h.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const patch = doc.paths['/api/guests/{id}'].patch;
    expect(patch.tags).toEqual(['Guests']);
    expect(Object.keys(patch.responses)).toEqual(expect.arrayContaining(['200', '409', '412']));
    expect(doc.paths['/api/events/{id}/guest-summary'].get.operationId).toBe('guests.summary');
    expect(doc.paths['/api/events/{id}/rsvp-settings'].put.operationId).toBe('guests.updateSettings');
    const event = doc.paths['/api/events'].post.requestBody.content['application/json'].schema;
    expect(event.properties).toHaveProperty('parentEventId');
  });
});
