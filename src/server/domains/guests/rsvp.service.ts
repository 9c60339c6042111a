import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { NotificationAbout } from '../../../shared/coded-sentences';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n';
import { civilDateIn } from '../../../shared/local-time';
import {
  GUEST_INVITATION_MESSAGES,
  GUEST_MESSAGES,
  type Meal,
  type RsvpAnswerInput,
  type RsvpViewDto,
  type rsvpAnswerInput,
} from '../../../shared/schemas/guests';
import type { Db } from '../../platform/db/create-db';
import { inTransaction } from '../../platform/db/transaction';
import { enforceLimit } from '../../platform/limits/rate-limit';
import { appendLiveEvents, type NewLiveEvent } from '../../platform/live/live-events';
import { sha256Hex } from '../../platform/tokens';
import type { Context } from '../../platform/trpc/context';
import { fieldError } from '../../platform/trpc/field-error';
import { listGuestListPeople } from '../guest-lists/guest-lists.access';
import { publishGuestListChange } from '../guest-lists/guest-lists.live';
import { notificationTexts, notify } from '../notifications/notifications.service';
import { eventClock, observanceOfUser } from '../observance/observance.service';
import { placeById } from '../places/places.service';
import { eventPageFacts, instantInWords } from './rsvp.notes';

/**
 * The public side of invitations (issue 31, decision 043): a household's personal link opens its RSVP
 * page, which shows its own people and the (sub-)events they are invited to, and takes their answers
 * until the deadline. Nothing of any other household is read: every query is keyed by the household
 * the live link belongs to.
 */

type AnswerInput = z.output<typeof rsvpAnswerInput>;

export function invitationNotFound(): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: GUEST_MESSAGES.invitationNotFound });
}

/** The live link of a token and its household, or undefined (unknown, withdrawn). */
export async function findLiveLink(db: Db, token: string) {
  return db
    .selectFrom('rsvpLinks')
    .innerJoin('households', 'households.id', 'rsvpLinks.householdId')
    .select(['rsvpLinks.id as linkId', 'households.id as householdId', 'households.eventId'])
    .where('rsvpLinks.tokenHash', '=', sha256Hex(token))
    .where('rsvpLinks.revokedAt', 'is', null)
    .executeTakeFirst();
}

/** Guessing tokens costs a hit per try from the same address (the limit all RSVP reads share). */
async function limitTries(ctx: Pick<Context, 'db' | 'config' | 'now' | 'ip'>) {
  await enforceLimit(ctx, 'rsvp', `rsvp:ip:${ctx.ip}`, GUEST_INVITATION_MESSAGES.tooManyTries);
}

/** The main event as an RSVP page needs it, and its zone. */
async function mainEventOf(db: Db, eventId: string) {
  const event = await db
    .selectFrom('events')
    .innerJoin('users', 'users.id', 'events.userId')
    .select([
      'events.id',
      'events.userId',
      'events.title',
      'events.type',
      'events.date',
      'events.time',
      'events.placeId',
      'events.timeZone',
      'events.durationMinutes',
      'events.rsvpDeadline',
      'events.rsvpMessage',
      'users.name as hostName',
      'users.hebrewDatesEnabled',
    ])
    .where('events.id', '=', eventId)
    .executeTakeFirstOrThrow();
  const owner = await observanceOfUser(db, event.userId);
  const clock = eventClock(event, owner);
  const zone = event.timeZone ?? clock.place?.timeZone ?? 'UTC';
  return { event, owner, zone };
}

/** The zone a household's invitation tells its deadline in: its main event's place's. */
export async function invitationZoneOf(db: Db, householdId: string): Promise<string> {
  const household = await db
    .selectFrom('households')
    .select('eventId')
    .where('id', '=', householdId)
    .executeTakeFirstOrThrow();
  return (await mainEventOf(db, household.eventId)).zone;
}

/**
 * The RSVP page's content for a household: its people, their invitations, and only those events; its
 * sentences (the deadline, Hebrew dates, Shabbat notes) in `language`.
 */
export async function rsvpViewOf(
  db: Db,
  householdId: string,
  now: Date,
  language: Language = DEFAULT_LANGUAGE,
): Promise<RsvpViewDto> {
  const household = await db
    .selectFrom('households')
    .select(['id', 'eventId', 'name', 'plusOnesAllowed', 'messageToHosts', 'answeredAt'])
    .where('id', '=', householdId)
    .executeTakeFirstOrThrow();
  const { event: main, owner, zone } = await mainEventOf(db, household.eventId);
  const guests = await db
    .selectFrom('guests')
    .select(['id', 'name', 'plusOneOf', 'meal', 'dietaryNote', 'createdAt'])
    .where('householdId', '=', householdId)
    .orderBy(sql`plus_one_of is not null`)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const guestIds = guests.map((g) => g.id);
  const invitations =
    guestIds.length === 0
      ? []
      : await db
          .selectFrom('guestInvitations')
          .select(['guestId', 'eventId', 'rsvp', 'meal', 'dietaryNote', 'answeredAt'])
          .where('guestId', 'in', guestIds)
          .execute();
  const eventIds = [...new Set(invitations.map((i) => i.eventId))];
  const events =
    eventIds.length === 0
      ? []
      : await db
          .selectFrom('events')
          .select([
            'id',
            'title',
            'type',
            'date',
            'time',
            'venue',
            'placeId',
            'timeZone',
            'durationMinutes',
            'parentEventId',
          ])
          .where('id', 'in', eventIds)
          .orderBy('date')
          .orderBy('time')
          .orderBy('id')
          .execute();
  const deadline = main.rsvpDeadline;
  return {
    householdName: household.name,
    hostName: main.hostName,
    title: main.title,
    message: main.rsvpMessage,
    deadline,
    deadlineText: deadline ? instantInWords(deadline, zone, language) : null,
    closed: deadline !== null && now.getTime() >= deadline.getTime(),
    plusOnesAllowed: household.plusOnesAllowed,
    events: events.map((e) => {
      const facts = eventPageFacts(e, owner, main.hebrewDatesEnabled, language);
      const place = e.placeId === null ? null : placeById(e.placeId);
      return {
        id: e.id,
        title: e.title,
        type: e.type,
        localDate: facts.localDate,
        time: e.time,
        venue: e.venue,
        place: place ? [place.name, place.region ?? place.countryName].filter(Boolean).join(', ') : null,
        hebrewDate: facts.hebrewDate,
        notes: facts.notes,
      };
    }),
    guests: guests.map((g) => ({
      id: g.id,
      name: g.name,
      plusOneOf: g.plusOneOf,
      meal: g.meal,
      dietaryNote: g.dietaryNote,
      invitations: invitations
        .filter((i) => i.guestId === g.id)
        .sort((a, b) => eventIds.indexOf(a.eventId) - eventIds.indexOf(b.eventId))
        .map((i) => ({
          eventId: i.eventId,
          rsvp: i.rsvp,
          meal: i.meal,
          dietaryNote: i.dietaryNote,
          answeredAt: i.answeredAt,
        })),
    })),
    messageToHosts: household.messageToHosts,
    answeredAt: household.answeredAt,
  };
}

/** rsvp.get: the household's page, for a live link, in the language asked for; marks the link used. */
export async function rsvpView(
  ctx: Context,
  input: { token: string; language?: Language | undefined },
): Promise<RsvpViewDto> {
  await limitTries(ctx);
  const link = await findLiveLink(ctx.db, input.token);
  if (!link) throw invitationNotFound();
  const now = ctx.now();
  await ctx.db.updateTable('rsvpLinks').set({ lastUsedAt: now }).where('id', '=', link.linkId).execute();
  return rsvpViewOf(ctx.db, link.householdId, now, input.language ?? DEFAULT_LANGUAGE);
}

/** The path of the family's guest list, where the bell item leads. */
export function guestListLink(mainEventId: string): string {
  return `/events?event=${mainEventId}&guests=1`;
}

/**
 * The bell for everyone who may see the list: one item per household and day for each person (a
 * later answer the same day, while the item is unread, updates it and brings it to the top).
 */
async function ringTheBell(
  trx: Db,
  input: {
    ownerId: string;
    mainEventId: string;
    householdId: string;
    about: NotificationAbout;
    now: Date;
    zone: string;
  },
): Promise<NewLiveEvent[]> {
  const people = await listGuestListPeople(trx, input.ownerId);
  const link = `${guestListLink(input.mainEventId)}&household=${input.householdId}`;
  const today = civilDateIn(input.now, input.zone);
  const events: NewLiveEvent[] = [];
  for (const userId of people) {
    const unread = await trx
      .selectFrom('notifications')
      .select(['id', 'createdAt'])
      .where('userId', '=', userId)
      .where('kind', '=', 'rsvp')
      .where('link', '=', link)
      .where('readAt', 'is', null)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (unread && civilDateIn(unread.createdAt, input.zone) === today) {
      await trx
        .updateTable('notifications')
        .set({ ...notificationTexts(input), updatedAt: sql<Date>`now()` })
        .where('id', '=', unread.id)
        .execute();
      events.push({ userId, kind: 'notification', ref: { notificationId: unread.id } });
    } else {
      events.push(await notify(trx, { userId, kind: 'rsvp', about: input.about, link }));
    }
  }
  return events;
}

interface PlusOneRow {
  name: string;
  guestId: string;
  eventIds: string[];
  meal: Meal | null;
  dietaryNote: string | null;
}

/**
 * rsvp.answer: the household's answers, all checked before anything is written, in one transaction:
 * only its own named guests, only the events each is invited to, plus-ones within the allowance and
 * brought by an invited guest, and only until the deadline. Then the family is told (live list, bell).
 */
export async function rsvpAnswer(ctx: Context, input: AnswerInput | RsvpAnswerInput): Promise<RsvpViewDto> {
  await limitTries(ctx);
  const answer = input as AnswerInput;
  const now = ctx.now();
  const householdId = await inTransaction(ctx.db, async (trx) => {
    const link = await findLiveLink(trx, answer.token);
    if (!link) throw invitationNotFound();
    // One answer of a household at a time: the checks below hold until this one commits.
    const household = await trx
      .selectFrom('households')
      .select(['id', 'eventId', 'name', 'plusOnesAllowed'])
      .where('id', '=', link.householdId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const { event: main, zone } = await mainEventOf(trx, household.eventId);
    if (main.rsvpDeadline && now.getTime() >= main.rsvpDeadline.getTime()) {
      throw fieldError('answers', GUEST_MESSAGES.deadlinePassed);
    }
    const guests = await trx
      .selectFrom('guests')
      .select(['id', 'name', 'plusOneOf'])
      .where('householdId', '=', household.id)
      .execute();
    const named = new Set(guests.filter((g) => g.plusOneOf === null).map((g) => g.id));
    const invitations =
      named.size === 0
        ? []
        : await trx
            .selectFrom('guestInvitations')
            .select(['guestId', 'eventId'])
            .where('guestId', 'in', [...named])
            .execute();
    const invited = new Set(invitations.map((i) => `${i.guestId}/${i.eventId}`));

    for (const a of answer.answers) {
      if (!named.has(a.guestId)) throw fieldError('answers', GUEST_MESSAGES.unknownGuest);
      if (!invited.has(`${a.guestId}/${a.eventId}`)) throw fieldError('answers', GUEST_MESSAGES.notInvited);
    }
    const plusOnes: PlusOneRow[] | undefined = answer.plusOnes;
    if (plusOnes) {
      if (plusOnes.length > household.plusOnesAllowed) {
        throw fieldError('plusOnes', GUEST_MESSAGES.tooManyPlusOnes(household.plusOnesAllowed));
      }
      for (const p of plusOnes) {
        if (!named.has(p.guestId)) throw fieldError('plusOnes', GUEST_MESSAGES.unknownGuest);
        if (p.eventIds.length === 0) throw fieldError('plusOnes', GUEST_MESSAGES.notInvited);
        for (const eventId of p.eventIds) {
          if (!invited.has(`${p.guestId}/${eventId}`))
            throw fieldError('plusOnes', GUEST_MESSAGES.notInvited);
        }
      }
    }

    for (const a of answer.answers) {
      await trx
        .updateTable('guestInvitations')
        .set({
          rsvp: a.attending ? 'attending' : 'declined',
          meal: a.attending ? a.meal : null,
          dietaryNote: a.attending ? a.dietaryNote : null,
          answeredAt: now,
        })
        .where('guestId', '=', a.guestId)
        .where('eventId', '=', a.eventId)
        .execute();
    }
    if (plusOnes) {
      await trx
        .deleteFrom('guests')
        .where('householdId', '=', household.id)
        .where('plusOneOf', 'is not', null)
        .execute();
      for (const p of plusOnes) {
        const row = await trx
          .insertInto('guests')
          .values({
            eventId: household.eventId,
            householdId: household.id,
            name: p.name,
            plusOneOf: p.guestId,
            meal: p.meal,
            dietaryNote: p.dietaryNote,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('guestInvitations')
          .values(
            [...new Set(p.eventIds)].map((eventId) => ({
              guestId: row.id,
              eventId,
              rsvp: 'attending' as const,
              meal: p.meal,
              dietaryNote: p.dietaryNote,
              answeredAt: now,
            })),
          )
          .execute();
      }
    }
    await trx
      .updateTable('households')
      .set({
        answeredAt: now,
        updatedAt: now,
        version: sql<number>`version + 1`,
        ...(answer.messageToHosts !== undefined ? { messageToHosts: answer.messageToHosts } : {}),
      })
      .where('id', '=', household.id)
      .execute();
    await trx.updateTable('rsvpLinks').set({ lastUsedAt: now }).where('id', '=', link.linkId).execute();

    const counts = await trx
      .selectFrom('guestInvitations')
      .innerJoin('guests', 'guests.id', 'guestInvitations.guestId')
      .select(['guestInvitations.rsvp', sql<number>`count(*)::int`.as('n')])
      .where('guests.householdId', '=', household.id)
      .groupBy('guestInvitations.rsvp')
      .execute();
    const count = (status: string) => counts.find((c) => c.rsvp === status)?.n ?? 0;
    const bell = await ringTheBell(trx, {
      ownerId: main.userId,
      mainEventId: main.id,
      householdId: household.id,
      about: {
        code: 'rsvp.answered',
        params: {
          household: household.name,
          title: main.title,
          attending: count('attending'),
          declined: count('declined'),
          notAnswered: count('invited'),
        },
      },
      now,
      zone,
    });
    await appendLiveEvents(trx, bell);
    await publishGuestListChange(trx, main.id);
    return household.id;
  });
  return rsvpViewOf(ctx.db, householdId, now);
}
