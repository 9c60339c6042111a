import { sql } from 'kysely';
import { conflictFor } from '../../shared/jewish-calendar';
import type { UserDto } from '../../shared/schemas/auth';
import { updateMyAvailabilityInput } from '../../shared/schemas/availability';
import { quoteInput } from '../../shared/schemas/bookings';
import { availabilityRequestSubject } from '../../shared/schemas/requests';
import { reviewCreateInput, reviewReplyInput } from '../../shared/schemas/reviews';
import { updateOwnAvailability } from '../domains/availability/availability.service';
import { settleBookingClock } from '../domains/bookings/bookings.jobs';
import { acceptQuote, sendQuote } from '../domains/bookings/bookings.service';
import { approvePending } from '../domains/family/family.service';
import { notificationTexts } from '../domains/notifications/notifications.service';
import {
  addBusinessMinutes,
  businessMinutesBetween,
  listingClock,
  type RestClock,
  restPeriods,
} from '../domains/observance/business-hours';
import { createReview, replyToReview } from '../domains/reviews/reviews.service';
import { lockAndFindListingNamed, withDerivedColumns } from '../domains/vendors/vendors.queries';
import type { Db } from '../platform/db/create-db';
import type { Context } from '../platform/trpc/context';
import { seedDemoGuestList } from './demo-guests';
import { generateDemoVendors, seededRandom } from './demo-vendors';
import {
  createAvailabilityRequest,
  createDeposit,
  createEvent,
  createMemo,
  createTask,
  createThread,
  createUser,
  createVendor,
  DEFAULT_PASSWORD,
  daysFromNow,
  type EventOverrides,
} from './factories';

/** The demo accounts, shown in the README and on the sign-in pages. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@simchahub.com', password: DEFAULT_PASSWORD, name: 'Miriam Katz' },
  customer: { email: 'customer@simchahub.com', password: DEFAULT_PASSWORD, name: 'Sarah Goldberg' },
  vendor: { email: 'vendor@simchahub.com', password: DEFAULT_PASSWORD, name: 'David Levy' },
} as const;

export const DEFAULT_DEMO_VENDORS = 320;

/** The instant of a wall-clock date and time in New York, where the demo families live. */
function newYorkInstant(civilDate: string, time: string): Date {
  const asUtc = new Date(`${civilDate}T${time}:00.000Z`);
  const offset = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    timeZoneName: 'shortOffset',
  })
    .formatToParts(asUtc)
    .find((p) => p.type === 'timeZoneName')?.value;
  const hours = Number(/GMT([+-]\d+)/.exec(offset ?? '')?.[1] ?? 0);
  return new Date(asUtc.getTime() - hours * 3_600_000);
}

/**
 * The first Sunday at or after `from` free of Jewish holidays, at the given New York time, so demo
 * events start without a conflict (an event is stored as the instant of its local date and time).
 */
function nextFreeSunday(from: Date, time: string): Date {
  const d = new Date(from);
  d.setUTCDate(d.getUTCDate() + ((7 - d.getUTCDay()) % 7));
  while (conflictFor(d.toISOString().slice(0, 10), time).hasConflict) d.setUTCDate(d.getUTCDate() + 7);
  return newYorkInstant(d.toISOString().slice(0, 10), time);
}

/** The demo's own listings and claimed businesses, whose names the generated listings keep clear of. */
const HAND_MADE_NAMES = ['Levy Simcha Photography', 'Levy Simcha Video'];

/**
 * The generated listings, each name passing the rule users meet when they name a listing (no other
 * listing looks the same: lockAndFindListingNamed), checked here as their service checks it.
 */
async function insertVendorsInBatches(db: Db, count: number): Promise<void> {
  // About one in ten gives its name in Hebrew too, as a listing may (decision 045).
  const rows = generateDemoVendors(count, undefined, {
    uniqueNames: { reserved: HAND_MADE_NAMES },
    hebrewNames: 0.1,
  });
  for (const row of rows) {
    const same = await lockAndFindListingNamed(db, row.businessName);
    if (same) throw new Error(`Demo listing '${row.businessName}' looks the same as '${same.businessName}'`);
  }
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('vendors')
      .values(rows.slice(i, i + 500).map(withDerivedColumns))
      .execute();
  }
}

export interface SeedResult {
  seeded: boolean;
  reason?: string;
}

/** Writes the demo data into a database that has none; a second run changes nothing. */
export async function seedDemoData(
  db: Db,
  options: { vendors?: number; now?: Date } = {},
): Promise<SeedResult> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', DEMO_ACCOUNTS.admin.email)
    .executeTakeFirst();
  if (existing) return { seeded: false, reason: 'demo accounts already exist' };
  const now = options.now ?? new Date();

  await db.transaction().execute(async (trx) => {
    // The accounts people sign in to have their addresses confirmed, as their owners would have.
    await createUser(trx, { ...DEMO_ACCOUNTS.admin, role: 'admin', emailConfirmed: true });
    const sarah = await createUser(trx, {
      ...DEMO_ACCOUNTS.customer,
      emailConfirmed: true,
      role: 'customer',
      phone: '(201) 555-0142',
      familyLabel: 'Goldberg Family',
    });
    const rachel = await createUser(trx, {
      email: 'rachel.goldberg@simchahub.com',
      name: 'Rachel Goldberg',
      emailConfirmed: true,
      role: 'customer',
      familyLabel: 'Goldberg Family',
    });
    // Sarah founded the circle; Rachel joined with her approval (decision 007).
    await approvePending(trx, sarah.id, rachel.id, now);
    const david = await createUser(trx, {
      ...DEMO_ACCOUNTS.vendor,
      emailConfirmed: true,
      role: 'vendor',
      phone: '(212) 555-0188',
    });

    await insertVendorsInBatches(trx, options.vendors ?? DEFAULT_DEMO_VENDORS);
    const studio = await createVendor(trx, {
      businessName: 'Levy Simcha Photography',
      nameHe: 'לוי שמחה – צילום אירועים',
      category: 'Photographers',
      contactEmail: 'studio@levysimcha.example.com',
      contactPhone: '(212) 555-0188',
      address: '245 West 72nd Street',
      city: 'New York',
      state: 'NY',
      zipcode: '10023',
      country: 'USA',
      neighborhood: 'Upper West Side',
      description:
        'Twenty years of weddings, bar and bat mitzvahs on the Upper West Side. Candid coverage of every hora, ' +
        'family portraits the grandparents will frame, and albums delivered within six weeks.',
      website: 'https://levysimcha.example.com',
      verified: true,
      claimed: true,
      ownerId: david.id,
      latitude: 40.7788,
      longitude: -73.9822,
    });

    /** An event about `days` out, on a Sunday free of holidays so it clears Shabbat, at `time`. */
    const onFreeSunday = (ownerId: string, days: number, time: string, details: EventOverrides) =>
      createEvent(trx, ownerId, { ...details, date: nextFreeSunday(daysFromNow(days, now), time), time });

    // Sarah's son's bar mitzvah, about five months out.
    const barMitzvah = await onFreeSunday(sarah.id, 150, '11:00', {
      title: "Ari's Bar Mitzvah",
      type: 'Bar Mitzvah',
      venue: 'The Goldberg Ballroom, Teaneck',
      notes: 'Kiddush after the Torah reading; party in the ballroom from noon. About 180 guests.',
      isPublic: true,
    });
    const tasks: [string, string, number, boolean][] = [
      ['Book the venue', 'Sign the contract and pay the hall deposit', -30, true],
      ['Meet the rabbi about the parasha', 'Schedule weekly lessons for Ari', -10, true],
      ['Choose the caterer', 'Tastings with two caterers on the approved list', 20, false],
      ['Send invitations', 'Order printed invitations and the online RSVP page', 60, false],
      ['Plan the candle-lighting ceremony', 'Thirteen candles: pick the honourees and the songs', 100, false],
    ];
    for (const [title, description, days, completed] of tasks) {
      await createTask(trx, barMitzvah.id, {
        title,
        description,
        dueDate: daysFromNow(days, now),
        completed,
      });
    }
    // [vendor, amount, due date, paid on (null: not paid yet)]
    const deposits: [string, string, Date, Date | null][] = [
      ['The Goldberg Ballroom', '5000.00', daysFromNow(-20, now), daysFromNow(-25, now)],
      ['Levy Simcha Photography', '1200.00', daysFromNow(14, now), null],
      ['Shalom Table Catering', '3500.00', daysFromNow(45, now), null],
      ['Hora Nights Band', '800.00', daysFromNow(75, now), null],
    ];
    for (const [vendorName, amount, dueDate, paidDate] of deposits) {
      await createDeposit(trx, barMitzvah.id, {
        vendorName,
        amount,
        dueDate,
        paid: paidDate !== null,
        paidDate,
      });
    }
    // The guest list, imported from the family's spreadsheet as anyone would (issue 31).
    await seedDemoGuestList(trx, barMitzvah);
    await createMemo(trx, barMitzvah.id, {
      title: 'Guest list notes',
      content: "Grandma Esther's side: 42 guests. Remember the Cohens from Chicago need a hotel block.",
    });
    await createMemo(trx, barMitzvah.id, {
      title: 'Menu ideas',
      content: 'Meat menu, with a pareve dessert table. Ask about a kids\u2019 station.',
    });

    await onFreeSunday(sarah.id, 40, '18:30', {
      title: "Noa & Eitan's Engagement Party",
      type: 'Other',
      venue: 'Shalom Gardens, Great Neck',
      notes: 'Intimate dinner for close family.',
    });
    const batMitzvah = await onFreeSunday(rachel.id, 220, '12:00', {
      title: "Maya's Bat Mitzvah",
      type: 'Bat Mitzvah',
      venue: 'Riverdale Jewish Center',
    });

    const studioSide = {
      id: studio.id,
      businessName: studio.businessName,
      ownerId: david.id,
      clock: listingClock(studio),
    };
    // Sarah asked about Ari's bar mitzvah; David has answered, and she has not read it yet.
    await seedRequest(trx, {
      studio: studioSide,
      customer: sarah,
      eventId: barMitzvah.id,
      eventType: 'Bar Mitzvah',
      eventDate: barMitzvah.date,
      eventTime: '11:00',
      guestCount: 180,
      budget: { min: '2000.00', max: '3500.00' },
      city: 'Teaneck',
      subject: "Availability for Ari's Bar Mitzvah",
      text: "Hello! We're planning Ari's bar mitzvah and would love photo coverage of the service and the party. Are you available?",
      sentAt: daysFromNow(-3, now),
      answer: {
        text:
          'Mazel tov! We are available that day and would be honoured to photograph Ari\u2019s bar mitzvah. ' +
          'Our full-day package covers the service, family portraits and the party; happy to talk details.',
        at: daysFromNow(-2, now),
        read: false,
      },
    });

    // A request David has not answered yet: the vendor dashboard opens on something to do.
    await seedRequest(trx, {
      studio: studioSide,
      customer: rachel,
      eventType: 'Bat Mitzvah',
      eventDate: batMitzvah.date,
      requestDay: new Date(`${batMitzvah.date.toISOString().slice(0, 10)}T00:00:00.000Z`),
      eventTime: '12:00',
      guestCount: 120,
      budget: { min: '1500.00', max: '2500.00' },
      city: 'Riverdale',
      text: "Shalom! We're looking for a photographer for Maya's bat mitzvah: the kiddush and an evening party, about 120 guests. Could you send your packages?",
      sentAt: daysFromNow(-1, now),
    });

    await seedStudioHistory(trx, studioSide, now);
    await seedStudioBookings(trx, studioSide, david, onFreeSunday);
    await quoteForAri(trx, studioSide, david, sarah.id, now);
    await stateStudioCalendar(trx, david, studio.id, now);

    await trx
      .insertInto('vendorClaims')
      .values({
        userId: david.id,
        businessName: 'Levy Simcha Video',
        businessDescription:
          'The video arm of Levy Simcha Photography: highlight films and full-length edits.',
        businessAddress: '245 West 72nd Street, New York, NY 10023',
        businessPhone: '(212) 555-0189',
        businessEmail: 'video@levysimcha.example.com',
        businessWebsite: 'https://levysimcha.example.com/video',
        ownershipProof: 'Business registration number NY-4471920 and a utility bill in the business name.',
      })
      .execute();
  });
  return { seeded: true };
}

/** A family the studio photographed: its event some weeks ago, its request, the quote and its review. */
interface BookedClient {
  name: string;
  email: string;
  familyLabel: string;
  eventType: string;
  title: string;
  daysAgo: number;
  time: string;
  city: string;
  guestCount: number;
  request: string;
  answer: string;
  quote: { price: string; includes: string; deposit: string };
  review: { rating: number; text: string };
  reply?: string;
}

const BOOKED_CLIENTS: BookedClient[] = [
  {
    name: 'Chana Rosen',
    email: 'chana.rosen@example.com',
    familyLabel: 'Rosen Family',
    eventType: 'Wedding',
    title: "Shira & Avi's Wedding",
    daysAgo: 200,
    time: '17:00',
    city: 'Great Neck',
    guestCount: 250,
    request:
      'We are looking for a photographer for our daughter Shira\u2019s wedding: the tish, the bedeken, the chuppah and the party. About 250 guests.',
    answer:
      'Mazel tov! The date is open. Our wedding coverage runs from the tish to the last dance; I\u2019ll send a quote.',
    quote: {
      price: '4800.00',
      includes:
        'Two photographers from the tish to the end of the dancing, an engagement session and a 40-page album.',
      deposit: '1200.00',
    },
    review: {
      rating: 5,
      text: 'David and his second shooter caught the bedeken and every hora without ever being in the way. The album arrived in five weeks and the grandparents cried over it.',
    },
    reply: 'Thank you, Chana! Shira and Avi were a joy to photograph. Mazel tov again to the whole family.',
  },
  {
    name: 'Moshe Halpern',
    email: 'moshe.halpern@example.com',
    familyLabel: 'Halpern Family',
    eventType: 'Bar Mitzvah',
    title: "Eli's Bar Mitzvah",
    daysAgo: 120,
    time: '11:00',
    city: 'Teaneck',
    guestCount: 150,
    request:
      'Eli\u2019s bar mitzvah is on a Sunday morning: tefillin at our shul\u2019s early minyan, then a brunch at home. Do you cover both?',
    answer: 'We do, and Sunday mornings suit us well. A quote follows.',
    quote: {
      price: '2600.00',
      includes:
        'Coverage from the minyan through the brunch, family portraits, and the edited gallery online within three weeks.',
      deposit: '600.00',
    },
    review: {
      rating: 4,
      text: 'Lovely portraits and a relaxed photographer who knew the order of the morning. The gallery came a week later than promised, but it was worth the wait.',
    },
  },
  {
    name: 'Ruth Weiss',
    email: 'ruth.weiss@example.com',
    familyLabel: 'Weiss Family',
    eventType: 'Engagement',
    title: "Tova & Natan's Vort",
    daysAgo: 60,
    time: '19:00',
    city: 'New York',
    guestCount: 80,
    request:
      'A small vort at home for Tova and Natan, about 80 people, on a Sunday evening. Could you come for two hours?',
    answer: 'Happily. Two hours covers the l\u2019chaim and the family photos; quote attached in a moment.',
    quote: {
      price: '950.00',
      includes:
        'Two hours on site, the l\u2019chaim and family groupings, and the edited photos online within ten days.',
      deposit: '250.00',
    },
    review: {
      rating: 5,
      text: 'Warm, quick and discreet in a crowded living room. Every aunt is in a photo and nobody felt posed. We have booked him for the wedding too.',
    },
    reply: 'It was a pleasure, Ruth. See you under the chuppah!',
  },
];

/**
 * Families the studio photographed before, through the paths a real booking takes: the request and
 * its answer, the studio's quote, the family's acceptance (which takes the day on the studio's
 * calendar and puts the deposit in the event's Deposits), the booking completed by the clock once
 * its day passed, the family's review and, for some, the studio's reply. Each step runs at the hour
 * it happened, so every date check is the one a family would meet.
 */
async function seedStudioBookings(
  trx: Db,
  studio: DemoStudio,
  owner: UserDto,
  onFreeSunday: (
    ownerId: string,
    days: number,
    time: string,
    details: EventOverrides,
  ) => Promise<{ id: string; date: Date }>,
): Promise<void> {
  const config = { appUrl: '' } as Context['config'];
  for (const client of BOOKED_CLIENTS) {
    const family = await createUser(trx, {
      name: client.name,
      email: client.email,
      familyLabel: client.familyLabel,
      emailConfirmed: true,
      role: 'customer',
    });
    const event = await onFreeSunday(family.id, -client.daysAgo, client.time, {
      title: client.title,
      type: client.eventType === 'Engagement' ? 'Other' : client.eventType,
    });
    const day = event.date.toISOString().slice(0, 10);
    const asked = daysFromNow(-120, event.date);
    const quotedAt = daysFromNow(-118, event.date);
    await seedRequest(trx, {
      studio,
      customer: family,
      eventId: event.id,
      eventType: client.eventType,
      eventDate: event.date,
      requestDay: new Date(`${day}T00:00:00.000Z`),
      eventTime: client.time,
      guestCount: client.guestCount,
      city: client.city,
      text: client.request,
      sentAt: asked,
      answer: { text: client.answer, at: daysFromNow(-119, event.date), read: true },
      threadCreatedAt: asked,
    });
    const request = await trx
      .selectFrom('availabilityRequests')
      .select('id')
      .where('userId', '=', family.id)
      .executeTakeFirstOrThrow();
    const quote = await sendQuote(
      trx,
      owner,
      quoteInput.parse({
        requestId: request.id,
        price: client.quote.price,
        includes: client.quote.includes,
        depositAmount: client.quote.deposit,
        depositDueDate: daysFromNow(-90, event.date).toISOString().slice(0, 10),
        validUntil: daysFromNow(-104, event.date).toISOString().slice(0, 10),
      }),
      quotedAt,
      '',
    );
    const booking = await acceptQuote(trx, family, quote.id, daysFromNow(-115, event.date), '');
    // The day passed: the clock completes the booking, as the maintenance sweep does.
    await settleBookingClock(trx, daysFromNow(2, event.date));
    const wroteAt = daysFromNow(9, event.date);
    const review = await createReview(
      { db: trx, user: family, now: () => wroteAt, config },
      reviewCreateInput.parse({ bookingId: booking.id, ...client.review }),
    );
    if (client.reply) {
      const repliedAt = daysFromNow(11, event.date);
      await replyToReview(
        { db: trx, user: owner, now: () => repliedAt, config },
        reviewReplyInput.parse({ id: review.id, text: client.reply }),
      );
    }
  }
  // What the bell said then was read long ago; what was mailed then is not sent again now.
  const families = trx
    .selectFrom('users')
    .select('id')
    .where(
      'email',
      'in',
      BOOKED_CLIENTS.map((c) => c.email),
    );
  await trx
    .updateTable('notifications')
    .set({ readAt: sql<Date>`now()` })
    .where('readAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb('userId', 'in', families),
        eb(
          'threadId',
          'in',
          trx.selectFrom('messageThreads').select('id').where('customerId', 'in', families),
        ),
        eb.and([eb('userId', '=', owner.id), eb('kind', '=', 'review')]),
      ]),
    )
    .execute();
  await trx
    .updateTable('mailOutbox')
    .set({ status: 'skipped' })
    .where('status', '=', 'pending')
    .where('toAddress', 'in', BOOKED_CLIENTS.map((c) => c.email).concat(owner.email))
    .execute();
}

/**
 * David states the studio's calendar on the dashboard's Calendar tab: one event a day, a Sunday booked
 * by phone outside the app, and three days closed for a family simcha. Every other day is free.
 */
async function stateStudioCalendar(trx: Db, owner: UserDto, vendorId: string, now: Date): Promise<void> {
  const day = (n: number) => daysFromNow(n, now).toISOString().slice(0, 10);
  const sunday = daysFromNow(21, now);
  sunday.setUTCDate(sunday.getUTCDate() + ((7 - sunday.getUTCDay()) % 7));
  await updateOwnAvailability(
    trx,
    owner,
    updateMyAvailabilityInput.parse({
      vendorId,
      dailyCapacity: 1,
      entries: [
        { day: sunday.toISOString().slice(0, 10), status: 'booked', note: 'Booked by phone' },
        ...[60, 61, 62].map((n) => ({ day: day(n), status: 'closed', note: 'Family simcha' })),
      ],
    }),
    now,
  );
}

/** David's quote for Ari's bar mitzvah, sent an hour after his answer: Sarah has it to accept or decline. */
async function quoteForAri(
  trx: Db,
  studio: DemoStudio,
  owner: UserDto,
  sarahId: string,
  now: Date,
): Promise<void> {
  const request = await trx
    .selectFrom('availabilityRequests')
    .select('id')
    .where('userId', '=', sarahId)
    .where('vendorId', '=', studio.id)
    .where('eventId', 'is not', null)
    .executeTakeFirstOrThrow();
  await sendQuote(
    trx,
    owner,
    quoteInput.parse({
      requestId: request.id,
      priceMin: '2800.00',
      priceMax: '3400.00',
      includes:
        'Full-day coverage: the Torah reading, family portraits before the kiddush and the party until the last dance, with an online gallery and a 30-page album. The higher price adds a second photographer for the party.',
      depositAmount: '700.00',
      depositDueDate: daysFromNow(30, now).toISOString().slice(0, 10),
      validUntil: daysFromNow(14, now).toISOString().slice(0, 10),
    }),
    new Date(daysFromNow(-2, now).getTime() + 3_600_000),
    '',
  );
}

/** The demo studio, as its requests need it: the listing and the vendor who owns it. */
interface DemoStudio {
  id: string;
  businessName: string;
  ownerId: string;
  /** Where the studio keeps Shabbat: its coordinates' clock, as the delivery reads it. */
  clock: RestClock;
}

/** One availability request to the demo studio, with the studio's answer if it gave one. */
interface DemoRequest {
  studio: DemoStudio;
  customer: { id: string; name: string };
  eventId?: string;
  eventType: string;
  /** The event's date as the thread shows it. */
  eventDate: Date;
  /** The event's day as the request stores it, where that differs from the thread's date. */
  requestDay?: Date;
  eventTime?: string;
  guestCount: number;
  budget?: { min: string; max: string };
  city: string;
  /** The thread's subject; by default the one the request form writes. */
  subject?: string;
  text: string;
  sentAt: Date;
  /** The studio's answer, and whether the customer has read it (the studio read the request as it answered). */
  answer?: { text: string; at: Date; read: boolean };
  /** When the thread row was made; by default when the seed runs. */
  threadCreatedAt?: Date;
}

/**
 * Writes a request as the request form and the studio's answer leave it: the thread, its messages,
 * the request row, and the bell's item for a message its receiver has not read.
 */
async function seedRequest(trx: Db, r: DemoRequest): Promise<void> {
  const { studio, customer, answer } = r;
  const unread = answer ? (answer.read ? null : 'customer') : 'vendor';
  const thread = await createThread(trx, studio.id, customer.id, {
    eventId: r.eventId ?? null,
    eventType: r.eventType,
    eventDate: r.eventDate,
    subject: r.subject ?? availabilityRequestSubject(r.eventType, r.eventDate.toISOString().slice(0, 10)),
    lastMessageAt: answer?.at ?? r.sentAt,
    unreadByVendor: unread === 'vendor' ? 1 : 0,
    unreadByCustomer: unread === 'customer' ? 1 : 0,
    createdAt: r.threadCreatedAt,
  });
  const request = {
    threadId: thread.id,
    senderId: customer.id,
    receiverId: studio.ownerId,
    messageText: r.text,
    status: answer ? ('seen' as const) : ('sent' as const),
    seenAt: answer?.at ?? null,
    createdAt: r.sentAt,
  };
  const reply = answer && {
    threadId: thread.id,
    senderId: studio.ownerId,
    receiverId: customer.id,
    messageText: answer.text,
    status: answer.read ? ('seen' as const) : ('sent' as const),
    seenAt: answer.read ? answer.at : null,
    createdAt: answer.at,
  };
  await trx
    .insertInto('messages')
    .values(reply ? [request, reply] : [request])
    .execute();
  await createAvailabilityRequest(trx, studio.id, customer.id, {
    eventId: r.eventId ?? null,
    threadId: thread.id,
    message: r.text,
    eventType: r.eventType,
    eventDate: r.requestDay ?? r.eventDate,
    eventTime: r.eventTime ?? null,
    guestCount: r.guestCount,
    budgetMin: r.budget?.min ?? null,
    budgetMax: r.budget?.max ?? null,
    city: r.city,
    createdAt: r.sentAt,
    response: answer?.text ?? null,
    respondedAt: answer?.at ?? null,
    responseMinutes: answer ? businessMinutesBetween(r.sentAt, answer.at, studio.clock) : null,
  });
  if (!unread) return;
  // The bell's item for the unread message.
  const last = reply ?? request;
  await trx
    .insertInto('notifications')
    .values({
      userId: last.receiverId,
      kind: 'message',
      ...notificationTexts({
        about: {
          code: 'message.new',
          params: { sender: unread === 'customer' ? studio.businessName : customer.name },
        },
        body: last.messageText.slice(0, 140),
      }),
      link:
        unread === 'customer'
          ? `/messages?thread=${thread.id}`
          : `/vendor-dashboard?tab=messages&thread=${thread.id}`,
      threadId: thread.id,
      createdAt: last.createdAt,
      updatedAt: last.createdAt,
    })
    .execute();
}

/** Families who asked the demo studio about their simchas over the last three months. */
const PAST_CLIENTS = [
  { email: 'leah.friedman@simchahub.com', name: 'Leah Friedman' },
  { email: 'yossi.adler@simchahub.com', name: 'Yossi Adler' },
  { email: 'dina.shapiro@simchahub.com', name: 'Dina Shapiro' },
] as const;

/**
 * Past requests to the studio, each answered in its thread: [client, days ago, hour (UTC) it came
 * in, business minutes until the answer, event type, guests]. Two were answered after the 24 hours,
 * so the Analytics tab shows a rate below 100% and a median that means something.
 */
const PAST_REQUESTS: [number, number, number, number, string, number][] = [
  [0, 86, 15, 95, 'Wedding', 250],
  [1, 74, 13, 40, 'Bar Mitzvah', 160],
  [2, 63, 20, 2 * 24 * 60 + 300, 'Engagement', 60],
  [0, 51, 14, 180, 'Aufruf', 90],
  [1, 40, 21, 1500, 'Bat Mitzvah', 140],
  [2, 29, 16, 25, 'Wedding', 300],
  [0, 19, 12, 320, 'Brit Milah', 50],
  [1, 12, 17, 70, 'Sweet 16', 80],
  [2, 6, 15, 55, 'Wedding', 200],
];

/**
 * The demo studio's last 90 days: past answered requests in their threads (all read) and a daily
 * row of views, visitors, contact reveals and requests, so the vendor's Analytics tab has a story
 * to tell. Numbers come from a fixed seed: the same `now` gives the same rows.
 */
async function seedStudioHistory(trx: Db, studio: DemoStudio, now: Date): Promise<void> {
  const clients = [];
  for (const client of PAST_CLIENTS) clients.push(await createUser(trx, { ...client, role: 'customer' }));
  const requestDays: string[] = [];
  for (const [clientIndex, daysAgo, hour, answerAfter, eventType, guests] of PAST_REQUESTS) {
    const client = clients[clientIndex];
    if (!client) continue;
    // The weekday moves with the seed's date: a request that would arrive during Shabbat or Yom
    // Tov arrives the next morning instead, and the studio answers in business minutes.
    let createdAt = new Date(daysFromNow(-daysAgo, now).getTime() + hour * 3_600_000);
    const resting = restPeriods(createdAt, createdAt, studio.clock).find(
      ([from, to]) => from <= createdAt && createdAt < to,
    );
    if (resting) createdAt = new Date(resting[1].getTime() + 13 * 3_600_000);
    const respondedAt = addBusinessMinutes(createdAt, answerAfter, studio.clock);
    const eventDate = daysFromNow(90 + daysAgo * 2, createdAt);
    const text = `Hello! We're planning a ${eventType.toLowerCase()} for about ${guests} guests. Do you have the date free?`;
    const answer =
      'Thank you for asking! We have the date open and would love to be part of it; our packages are attached below.';
    await seedRequest(trx, {
      studio,
      customer: client,
      eventType,
      eventDate,
      guestCount: guests,
      city: 'New York',
      text,
      sentAt: createdAt,
      answer: { text: answer, at: respondedAt, read: true },
      threadCreatedAt: createdAt,
    });
    requestDays.push(createdAt.toISOString().slice(0, 10));
  }
  // Sarah's and Rachel's requests (3 and 1 days ago).
  requestDays.push(
    daysFromNow(-3, now).toISOString().slice(0, 10),
    daysFromNow(-1, now).toISOString().slice(0, 10),
  );

  const random = seededRandom(5787);
  // Families browse on Sundays and early in the week; hardly on Shabbat.
  const byWeekday = [1.35, 1.2, 1.1, 1.0, 0.9, 0.6, 0.35];
  const rows = [];
  for (let daysAgo = 89; daysAgo >= 0; daysAgo--) {
    const date = daysFromNow(-daysAgo, now);
    const day = date.toISOString().slice(0, 10);
    // A slow rise over the quarter, and only part of today so far.
    const trend = 0.75 + (0.5 * (89 - daysAgo)) / 89;
    const share = daysAgo === 0 ? 0.4 : 1;
    const views = Math.round(
      42 * (byWeekday[date.getUTCDay()] ?? 1) * trend * share * (0.7 + 0.6 * random()),
    );
    const part = (rate: number) => Math.round(views * rate * (0.4 + 1.2 * random()));
    rows.push({
      vendorId: studio.id,
      day,
      views,
      uniqueVisitors: Math.min(views, Math.round(views * (0.65 + 0.2 * random()))),
      phoneReveals: part(0.04),
      emailReveals: part(0.025),
      websiteReveals: part(0.06),
      requests: requestDays.filter((d) => d === day).length,
    });
  }
  await trx.insertInto('vendorDailyStats').values(rows).execute();
}
