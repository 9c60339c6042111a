import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { ZodRealError } from 'zod';
import {
  GUEST_MESSAGES,
  type GuestFieldValues,
  MEAL_LABELS,
  MEALS,
  type Meal,
  RSVP_LABELS,
  type RsvpStatus,
} from '../../../shared/schemas/guests';
import type { Db } from '../../platform/db/create-db';
import { escapeHtml } from '../../platform/mail/render';
import { type GuestListEvent, listEventIdsOfList } from '../guest-lists/guest-lists.access';

/**
 * A guest list out of the app (decision 043): a CSV file (RFC 4180, UTF-8 with a byte order mark so
 * Excel reads it right) whose columns the import reads back, and a printable page per (sub-)event, by
 * household or by table, drawn by the server.
 */

interface ListedGuest extends GuestFieldValues {
  householdId: string;
  householdName: string;
  plusOnesAllowed: number;
  /** The guest who brings this plus-one. */
  guestOf: string | null;
  /** With an event: the answer for it, and the meal chosen for it (else the usual one). */
  rsvp: RsvpStatus | null;
  eventMeal: Meal | null;
}

interface ListedEvent {
  id: string;
  title: string;
  date: Date;
  time: string | null;
  venue: string | null;
  timeZone: string | null;
}

const eventProblem = () =>
  new TRPCError({
    code: 'BAD_REQUEST',
    message: GUEST_MESSAGES.eventNotOnList,
    cause: new ZodRealError([
      { code: 'custom', path: ['eventId'], message: GUEST_MESSAGES.eventNotOnList, input: undefined },
    ]),
  });

/** The (sub-)event to filter by: the one asked for, else the one the list was opened from when it is a sub-event. */
async function chosenEvent(db: Db, list: GuestListEvent, eventId: string | undefined): Promise<ListedEvent> {
  const id = eventId ?? list.namedEventId;
  if (!(await listEventIdsOfList(db, list.id)).includes(id)) throw eventProblem();
  return db
    .selectFrom('events')
    .select(['id', 'title', 'date', 'time', 'venue', 'timeZone'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The list's guests, by household (a household's plus-ones after its invited guests); only those invited to `eventId` when given. */
async function listedGuests(db: Db, mainEventId: string, eventId: string | null): Promise<ListedGuest[]> {
  return db
    .selectFrom('guests as g')
    .innerJoin('households as h', 'h.id', 'g.householdId')
    .leftJoin('guests as p', 'p.id', 'g.plusOneOf')
    .leftJoin('guestInvitations as i', (join) =>
      join.onRef('i.guestId', '=', 'g.id').on('i.eventId', '=', eventId ?? sql<string>`null::uuid`),
    )
    .select([
      'g.name',
      'g.email',
      'g.phone',
      'g.side',
      'g.tags',
      'g.meal',
      'g.dietaryNote',
      'g.kashrutStandard',
      'g.tableName',
      'g.householdId',
      'h.name as householdName',
      'h.plusOnesAllowed',
      'p.name as guestOf',
      'i.rsvp',
      'i.meal as eventMeal',
    ])
    .where('g.eventId', '=', mainEventId)
    .$if(eventId !== null, (qb) => qb.where('i.guestId', 'is not', null))
    .orderBy(sql`lower(h.name)`)
    .orderBy('h.id')
    .orderBy(sql`g.plus_one_of is not null`)
    .orderBy('g.createdAt')
    .orderBy('g.name')
    .orderBy('g.id')
    .execute();
}

// ---------------------------------------------------------------------------------------------------
// CSV

/** The columns of an exported list, named as the import reads them. */
export const EXPORT_COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'Household',
  'Side',
  'Tags',
  'Meal',
  'Dietary',
  'Kashrut',
  'Table',
  'Plus-ones',
  'Guest of',
] as const;

/**
 * One RFC 4180 field: quoted when it holds a quote, comma or line break. A cell a spreadsheet would
 * run as a formula (starting =, @, or + or - before anything but a phone number) gets a leading quote
 * mark, which the import takes off again.
 */
export function csvField(value: string): string {
  const guarded =
    /^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !/^[+-][\d\s().\-/]*$/.test(value))
      ? `'${value}`
      : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

const csvLine = (cells: string[]) => `${cells.map(csvField).join(',')}\r\n`;

/**
 * The list as a CSV file with a byte order mark; with an event (a sub-event, or `eventId`), only the
 * guests invited to it and their answer for it in an RSVP column.
 */
export async function guestListCsv(
  db: Db,
  list: GuestListEvent,
  eventId?: string,
): Promise<{ csv: string; title: string }> {
  const event =
    eventId !== undefined || list.namedEventId !== list.id ? await chosenEvent(db, list, eventId) : null;
  const guests = await listedGuests(db, list.id, event?.id ?? null);
  const header = event ? [...EXPORT_COLUMNS, 'RSVP'] : [...EXPORT_COLUMNS];
  let csv = `\uFEFF${csvLine(header)}`;
  for (const g of guests) {
    const cells = [
      g.name,
      g.email ?? '',
      g.phone ?? '',
      g.householdName,
      g.side ?? '',
      g.tags.join('; '),
      g.meal ? MEAL_LABELS[g.meal] : '',
      g.dietaryNote ?? '',
      g.kashrutStandard ?? '',
      g.tableName ?? '',
      String(g.plusOnesAllowed),
      g.guestOf ?? '',
    ];
    if (event) cells.push(g.rsvp ? RSVP_LABELS[g.rsvp] : '');
    csv += csvLine(cells);
  }
  return { csv, title: event?.title ?? list.title };
}

// ---------------------------------------------------------------------------------------------------
// The printable page

export type PrintGrouping = 'household' | 'table';

function eventWhen(event: ListedEvent): string {
  const zone = event.timeZone ?? 'UTC';
  try {
    const day = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(event.date);
    return event.time ? `${day} at ${event.time}` : day;
  } catch {
    return event.date.toISOString().slice(0, 10);
  }
}

const PRINT_CSS = `
  body { font: 11pt/1.4 Georgia, 'Times New Roman', serif; color: #111; margin: 2rem auto; max-width: 52rem; padding: 0 1rem; }
  h1 { font-size: 18pt; margin: 0 0 .2rem; }
  .when { margin: 0 0 1rem; color: #444; }
  .totals { display: flex; flex-wrap: wrap; gap: .4rem 1.5rem; margin: 0 0 1.2rem; padding: .6rem .8rem; border: 1px solid #999; }
  .totals span b { font-size: 12pt; }
  section { break-inside: avoid; page-break-inside: avoid; margin: 0 0 1rem; }
  h2 { font-size: 12pt; margin: 0 0 .3rem; border-bottom: 1px solid #999; }
  h2 small { font-weight: normal; color: #555; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: start; padding: .15rem .4rem; vertical-align: top; }
  th { font-size: 9pt; text-transform: uppercase; letter-spacing: .03em; color: #555; }
  td.rsvp { width: 7rem; } td.meal { width: 7rem; }
  .note { color: #444; font-size: 10pt; }
  footer { margin-top: 1.5rem; font-size: 9pt; color: #666; }
  @media print { body { margin: 0; max-width: none; } @page { margin: 1.5cm; } }
`;

/**
 * A plain page to print the guests invited to one (sub-)event, by household or by table: each
 * guest's answer and meal (the one chosen for this event, else their usual one), dietary and kashrut
 * notes, and the totals. Every text the family wrote is escaped.
 */
export async function guestListPrintPage(
  db: Db,
  list: GuestListEvent,
  options: { eventId?: string; by?: PrintGrouping; now: Date },
): Promise<string> {
  const event = await chosenEvent(db, list, options.eventId);
  const by = options.by ?? 'household';
  const guests = await listedGuests(db, list.id, event.id);

  const groups = new Map<string, { title: string; guests: ListedGuest[] }>();
  for (const g of guests) {
    const key = by === 'household' ? g.householdId : (g.tableName ?? '');
    // "3" reads "Table 3"; a table already called "Table 3" (or "Table of cousins") is not named twice.
    const table = g.tableName && /^table\b/i.test(g.tableName) ? g.tableName : `Table ${g.tableName}`;
    const title = by === 'household' ? g.householdName : g.tableName ? table : 'No table yet';
    const group = groups.get(key) ?? { title, guests: [] };
    group.guests.push(g);
    groups.set(key, group);
  }
  const ordered = [...groups.entries()];
  if (by === 'table') {
    // By the name shown ("Table 2" before "Table 10"), the guests without a table last.
    ordered.sort(([a, ga], [b, gb]) =>
      a === ''
        ? 1
        : b === ''
          ? -1
          : ga.title.localeCompare(gb.title, 'en', { numeric: true, sensitivity: 'base' }),
    );
  }

  const mealOf = (g: ListedGuest) => g.eventMeal ?? g.meal;
  const count = (status: RsvpStatus[]) => guests.filter((g) => g.rsvp && status.includes(g.rsvp)).length;
  const attending = guests.filter((g) => g.rsvp === 'attending');
  const mealTotals = MEALS.map(
    (meal) => [MEAL_LABELS[meal], attending.filter((g) => mealOf(g) === meal).length] as const,
  )
    .filter(([, n]) => n > 0)
    .concat(
      [['No meal chosen', attending.filter((g) => !mealOf(g)).length] as const].filter(([, n]) => n > 0),
    );
  const total = (label: string, n: number) => `<span>${escapeHtml(label)}: <b>${n}</b></span>`;

  const sections = ordered
    .map(([, group]) => {
      const rows = group.guests
        .map((g) => {
          const notes = [g.dietaryNote, g.kashrutStandard ? `Kashrut: ${g.kashrutStandard}` : null]
            .filter(Boolean)
            .join('; ');
          const name = g.guestOf
            ? `${escapeHtml(g.name)} <span class="note">(guest of ${escapeHtml(g.guestOf)})</span>`
            : escapeHtml(g.name);
          const meal = mealOf(g);
          const extra =
            by === 'table'
              ? `<td>${escapeHtml(g.householdName)}</td>`
              : `<td>${escapeHtml(g.tableName ?? '')}</td>`;
          return `<tr><td dir="auto">${name}</td><td class="rsvp">${escapeHtml(g.rsvp ? RSVP_LABELS[g.rsvp] : '')}</td><td class="meal">${meal ? MEAL_LABELS[meal] : ''}</td>${extra}<td class="note" dir="auto">${escapeHtml(notes)}</td></tr>`;
        })
        .join('');
      const size = `${group.guests.length} guest${group.guests.length === 1 ? '' : 's'}`;
      return `<section><h2 dir="auto">${escapeHtml(group.title)} <small>${size}</small></h2><table><thead><tr><th>Name</th><th>RSVP</th><th>Meal</th><th>${by === 'table' ? 'Household' : 'Table'}</th><th>Notes</th></tr></thead><tbody>${rows}</tbody></table></section>`;
    })
    .join('\n');

  const heading = event.id === list.id ? event.title : `${event.title} (${list.title})`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Guest list: ${escapeHtml(event.title)}</title>
<style>${PRINT_CSS}</style>
</head>
<body>
<header>
<h1 dir="auto">${escapeHtml(heading)}</h1>
<p class="when">${escapeHtml(eventWhen(event))}${event.venue ? ` · ${escapeHtml(event.venue)}` : ''} · guests by ${by}</p>
</header>
<div class="totals">${[
    total('Invited', guests.length),
    total('Attending', attending.length),
    total('Declined', count(['declined'])),
    total('Awaiting', count(['invited', 'no_answer'])),
    ...mealTotals.map(([label, n]) => total(label, n)),
  ].join('')}</div>
${sections || '<p>No guests are invited to this event yet.</p>'}
<footer>Printed from SimchaHub on ${escapeHtml(options.now.toISOString().slice(0, 10))}.</footer>
</body>
</html>
`;
}
