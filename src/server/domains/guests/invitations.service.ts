import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import {
  GUEST_INVITATION_MESSAGES,
  GUEST_LIMITS,
  GUEST_MESSAGES,
  type RemindersDto,
  type RsvpViewDto,
  type SentInvitationDto,
} from '../../../shared/schemas/guests';
import type { Db } from '../../platform/db/create-db';
import { inTransaction } from '../../platform/db/transaction';
import { enqueueMail, languageOfUser } from '../../platform/mail/outbox';
import { newSecretToken, sha256Hex } from '../../platform/tokens';
import type { Context } from '../../platform/trpc/context';
import {
  findGuestListEvent,
  findGuestListOfHousehold,
  type GuestListEvent,
} from '../guest-lists/guest-lists.access';
import { invitationMail, invitationText, type MailedEvent, reminderMail } from './invitations.mails';
import { invitationZoneOf, rsvpViewOf } from './rsvp.service';

/**
 * The family's side of invitations (issue 31, decision 043): a household's personal link (only its
 * SHA-256 kept; links handed out stay live until revoked), the invitation and reminder mails through the outbox,
 * and the prefilled words for WhatsApp. Every call names a household or event the caller may touch
 * (the owner and the active circle-mates); anything else is "not found".
 */

type SignedIn = Context & { user: NonNullable<Context['user']> };

const DAY_MS = 24 * 60 * 60 * 1000;

async function listOfHousehold(db: Db, householdId: string, userId: string): Promise<GuestListEvent> {
  const list = await findGuestListOfHousehold(db, householdId, userId);
  if (!list) throw new TRPCError({ code: 'NOT_FOUND', message: GUEST_MESSAGES.householdNotFound });
  return list;
}

export function rsvpUrl(appUrl: string, token: string): string {
  return `${appUrl}/rsvp/${token}`;
}

/**
 * A new link for the household, in the caller's transaction. Links already handed out stay live: a
 * reminder mail must not break the link the family sent by WhatsApp. Only the newest
 * GUEST_LIMITS.liveLinksMax stay live (older ones are withdrawn), and revokeLink withdraws them all.
 * The household row is locked so two makers at once count the same links. The token is returned
 * once; only its hash is stored.
 */
export async function makeLink(
  trx: Db,
  householdId: string,
  createdBy: string | null,
  now: Date,
): Promise<string> {
  await trx.selectFrom('households').select('id').where('id', '=', householdId).forUpdate().execute();
  const token = newSecretToken();
  await trx
    .insertInto('rsvpLinks')
    .values({ householdId, tokenHash: sha256Hex(token), createdBy, createdAt: now })
    .execute();
  const keep = trx
    .selectFrom('rsvpLinks')
    .select('id')
    .where('householdId', '=', householdId)
    .where('revokedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(GUEST_LIMITS.liveLinksMax);
  await trx
    .updateTable('rsvpLinks')
    .set({ revokedAt: now })
    .where('householdId', '=', householdId)
    .where('revokedAt', 'is', null)
    .where('id', 'not in', keep)
    .execute();
  return token;
}

/** invitations.createLink: a new personal link for the household (links handed out before still work). */
export async function createLink(ctx: SignedIn, input: { id: string }): Promise<{ url: string }> {
  return inTransaction(ctx.db, async (trx) => {
    await listOfHousehold(trx, input.id, ctx.user.id);
    const token = await makeLink(trx, input.id, ctx.user.id, ctx.now());
    return { url: rsvpUrl(ctx.config.appUrl, token) };
  });
}

/** invitations.revokeLink: every link of the household stops working (its page answers 404). */
export async function revokeLink(ctx: SignedIn, input: { id: string }): Promise<{ ok: true }> {
  await listOfHousehold(ctx.db, input.id, ctx.user.id);
  await ctx.db
    .updateTable('rsvpLinks')
    .set({ revokedAt: ctx.now() })
    .where('householdId', '=', input.id)
    .where('revokedAt', 'is', null)
    .execute();
  return { ok: true };
}

function mailedEvents(view: RsvpViewDto): MailedEvent[] {
  return view.events.map((e) => ({
    title: e.title,
    localDate: e.localDate,
    time: e.time,
    where: [e.venue, e.place].filter(Boolean).join(', ') || null,
  }));
}

/** The deadline as an invitation tells it, at the main event's place; null once answers closed. */
async function mailedDeadline(db: Db, householdId: string, view: RsvpViewDto) {
  return view.deadline && !view.closed
    ? { at: view.deadline, zone: await invitationZoneOf(db, householdId) }
    : null;
}

/** The distinct e-mail addresses of the household's named guests (plus-ones are not mailed). */
async function addressesOf(db: Db, householdId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('guests')
    .select('email')
    .where('householdId', '=', householdId)
    .where('plusOneOf', 'is', null)
    .where('email', 'is not', null)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const seen = new Map<string, string>();
  for (const r of rows) {
    const email = r.email?.trim();
    if (email && !seen.has(email.toLowerCase())) seen.set(email.toLowerCase(), email);
  }
  return [...seen.values()];
}

/** A fresh link and one mail per address, in the caller's transaction. */
async function mailHousehold(
  trx: Db,
  ctx: Pick<Context, 'config'>,
  householdId: string,
  to: string[],
  kind: 'rsvp-invitation' | 'rsvp-reminder',
  createdBy: string | null,
  now: Date,
): Promise<string> {
  const token = await makeLink(trx, householdId, createdBy, now);
  const url = rsvpUrl(ctx.config.appUrl, token);
  const view = await rsvpViewOf(trx, householdId, now);
  const content = {
    householdName: view.householdName,
    hostName: view.hostName,
    title: view.title,
    events: mailedEvents(view),
    message: view.message,
    deadline: await mailedDeadline(trx, householdId, view),
    url,
    // Guests have no account: the mail is in the language of the family member who sends it.
    language: await languageOfUser(trx, createdBy),
  };
  const mail = kind === 'rsvp-invitation' ? invitationMail(content) : reminderMail(content);
  for (const address of to) {
    await enqueueMail(trx, { kind, to: address, userId: null, notification: false, ...mail });
  }
  return url;
}

/**
 * invitations.send: a fresh link, mailed through the outbox to every guest of the household with an
 * address; the household is marked invited. Refused when no one in it has an address.
 */
export async function sendInvitation(ctx: SignedIn, input: { id: string }): Promise<SentInvitationDto> {
  return inTransaction(ctx.db, async (trx) => {
    await listOfHousehold(trx, input.id, ctx.user.id);
    const to = await addressesOf(trx, input.id);
    if (to.length === 0)
      throw new TRPCError({ code: 'BAD_REQUEST', message: GUEST_INVITATION_MESSAGES.noEmail });
    const now = ctx.now();
    const url = await mailHousehold(trx, ctx, input.id, to, 'rsvp-invitation', ctx.user.id, now);
    await trx.updateTable('households').set({ invitedAt: now }).where('id', '=', input.id).execute();
    return { url, sentTo: to };
  });
}

/** invitations.message: the prefilled invitation for WhatsApp; `{link}` stands for the household's link. */
export async function invitationMessage(ctx: SignedIn, input: { id: string }): Promise<{ text: string }> {
  await listOfHousehold(ctx.db, input.id, ctx.user.id);
  const view = await rsvpViewOf(ctx.db, input.id, ctx.now());
  return {
    text: invitationText({
      hostName: view.hostName,
      title: view.title,
      events: mailedEvents(view),
      message: view.message,
      deadline: await mailedDeadline(ctx.db, input.id, view),
      // The words the family member sends, in their own language.
      language: ctx.user.language,
    }),
  };
}

/**
 * Takes the reminder turn of the households among `ids` that had none in the last 3 days, in one
 * conditional UPDATE: two servers (or two clicks) reminding at once cannot both take a household.
 */
async function takeReminderTurns(trx: Db, ids: string[], now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const since = new Date(now.getTime() - GUEST_LIMITS.reminderEveryDays * DAY_MS);
  const rows = await trx
    .updateTable('households')
    .set({ remindedAt: now })
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('remindedAt', 'is', null), eb('remindedAt', '<=', since)]))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Households of the list still awaiting an answer (an invitation still 'invited'). */
function awaitingHouseholds(db: Db, mainEventId: string) {
  return db
    .selectFrom('households')
    .select(['households.id'])
    .where('households.eventId', '=', mainEventId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('guests')
          .innerJoin('guestInvitations', 'guestInvitations.guestId', 'guests.id')
          .select(sql`1`.as('one'))
          .whereRef('guests.householdId', '=', 'households.id')
          .where('guestInvitations.rsvp', '=', 'invited'),
      ),
    );
}

/**
 * invitations.remind: a reminder mail to each household of the event's list that still has
 * unanswered invitations, was invited (a mail, or a live link) and has an address, at most once
 * per household in 3 days. Each reminder carries a fresh link (tokens are not kept to mail again).
 */
export async function remindEvent(ctx: SignedIn, input: { id: string }): Promise<RemindersDto> {
  const list = await findGuestListEvent(ctx.db, input.id, ctx.user.id);
  if (!list) throw new TRPCError({ code: 'NOT_FOUND', message: GUEST_MESSAGES.eventNotOnList });
  return inTransaction(ctx.db, async (trx) => {
    const now = ctx.now();
    const awaiting = await awaitingHouseholds(trx, list.id)
      .where((eb) =>
        eb.or([
          eb('households.invitedAt', 'is not', null),
          eb.exists(
            eb
              .selectFrom('rsvpLinks')
              .select(sql`1`.as('one'))
              .whereRef('rsvpLinks.householdId', '=', 'households.id')
              .where('rsvpLinks.revokedAt', 'is', null),
          ),
        ]),
      )
      .orderBy('households.id')
      .execute();
    const reachable: Array<{ id: string; to: string[] }> = [];
    for (const h of awaiting) {
      const to = await addressesOf(trx, h.id);
      if (to.length > 0) reachable.push({ id: h.id, to });
    }
    const taken = new Set(
      await takeReminderTurns(
        trx,
        reachable.map((h) => h.id),
        now,
      ),
    );
    for (const h of reachable) {
      if (taken.has(h.id)) await mailHousehold(trx, ctx, h.id, h.to, 'rsvp-reminder', ctx.user.id, now);
    }
    return { reminded: taken.size, skipped: awaiting.length - taken.size };
  });
}

/** invitations.remindHousehold: one household's reminder, refused within 3 days of the last one. */
export async function remindHousehold(ctx: SignedIn, input: { id: string }): Promise<SentInvitationDto> {
  return inTransaction(ctx.db, async (trx) => {
    await listOfHousehold(trx, input.id, ctx.user.id);
    const to = await addressesOf(trx, input.id);
    if (to.length === 0)
      throw new TRPCError({ code: 'BAD_REQUEST', message: GUEST_INVITATION_MESSAGES.noEmail });
    const now = ctx.now();
    const taken = await takeReminderTurns(trx, [input.id], now);
    if (taken.length === 0)
      throw new TRPCError({ code: 'BAD_REQUEST', message: GUEST_MESSAGES.reminderTooSoon });
    const url = await mailHousehold(trx, ctx, input.id, to, 'rsvp-reminder', ctx.user.id, now);
    return { url, sentTo: to };
  });
}
