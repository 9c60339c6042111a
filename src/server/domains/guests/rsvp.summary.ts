import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db';
import { inTransaction } from '../../platform/db/transaction';
import { enqueueMail } from '../../platform/mail/outbox';
import { listGuestListPeople } from '../guest-lists/guest-lists.access';
import { summaryMail } from './invitations.mails';
import { guestListLink } from './rsvp.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily summary of RSVP answers (decision 043): for each main event with answers newer than its
 * last summary, and no summary in the last day, one mail to each person who may see the list (the
 * owner and the active circle-mates) with e-mail notifications on: who answered since, and where
 * every (sub-)event's counts stand. Each event's turn is taken by one conditional UPDATE of
 * `rsvp_summary_at` from the value it was read at, in the transaction that queues the mails: with
 * several servers sweeping, one of them takes it and the others find it taken. Returns the number of
 * events summarised.
 */
export async function sendRsvpSummaries(deps: { db: Db; now: () => Date; appUrl: string }): Promise<number> {
  const now = deps.now();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const due = await deps.db
    .selectFrom('events as e')
    .select(['e.id', 'e.rsvpSummaryAt'])
    .where('e.parentEventId', 'is', null)
    .where((eb) => eb.or([eb('e.rsvpSummaryAt', 'is', null), eb('e.rsvpSummaryAt', '<=', dayAgo)]))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('households as h')
          .select(sql`1`.as('one'))
          .whereRef('h.eventId', '=', 'e.id')
          .where(sql<boolean>`h.answered_at > coalesce(e.rsvp_summary_at, '-infinity'::timestamptz)`),
      ),
    )
    .limit(200)
    .execute();
  let sent = 0;
  for (const event of due) {
    const done = await inTransaction(deps.db, async (trx) => {
      const since = event.rsvpSummaryAt;
      const taken = await trx
        .updateTable('events')
        .set({ rsvpSummaryAt: now })
        .where('id', '=', event.id)
        .where(
          since === null ? sql<boolean>`rsvp_summary_at is null` : sql<boolean>`rsvp_summary_at = ${since}`,
        )
        .returning(['id', 'title', 'userId'])
        .executeTakeFirst();
      if (!taken) return false;
      const answered = await trx
        .selectFrom('households as h')
        .innerJoin('guests as g', 'g.householdId', 'h.id')
        .innerJoin('guestInvitations as i', 'i.guestId', 'g.id')
        .select([
          'h.name as householdName',
          sql<number>`count(*) filter (where i.rsvp = 'attending')::int`.as('attending'),
          sql<number>`count(*) filter (where i.rsvp = 'declined')::int`.as('declined'),
        ])
        .where('h.eventId', '=', event.id)
        .where(sql<boolean>`h.answered_at > coalesce(${since}::timestamptz, '-infinity'::timestamptz)`)
        .groupBy(['h.id', 'h.name', 'h.answeredAt'])
        .orderBy('h.answeredAt')
        .execute();
      const counts = await trx
        .selectFrom('events as ev')
        .leftJoin('guestInvitations as i', 'i.eventId', 'ev.id')
        .select([
          'ev.title',
          sql<number>`count(i.guest_id) filter (where i.rsvp = 'attending')::int`.as('attending'),
          sql<number>`count(i.guest_id) filter (where i.rsvp = 'declined')::int`.as('declined'),
          sql<number>`count(i.guest_id) filter (where i.rsvp in ('invited', 'no_answer'))::int`.as(
            'awaiting',
          ),
        ])
        .where((eb) => eb.or([eb('ev.id', '=', event.id), eb('ev.parentEventId', '=', event.id)]))
        .groupBy(['ev.id', 'ev.title', 'ev.date'])
        .orderBy(sql`ev.parent_event_id is not null`)
        .orderBy('ev.date')
        .execute();
      const people = await listGuestListPeople(trx, taken.userId);
      const users = await trx
        .selectFrom('users')
        .select(['id', 'name', 'email', 'language'])
        .where('id', 'in', people)
        .execute();
      for (const user of users) {
        await enqueueMail(trx, {
          kind: 'rsvp-summary',
          to: user.email,
          userId: user.id,
          notification: true,
          ...summaryMail({
            name: user.name,
            title: taken.title,
            answered,
            counts,
            url: `${deps.appUrl}${guestListLink(event.id)}`,
            language: user.language,
          }),
        });
      }
      return true;
    });
    if (done) sent++;
  }
  return sent;
}
