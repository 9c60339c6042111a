import { sql } from 'kysely';
import { conflictFor } from '../../shared/jewish-calendar';
import { approvePending } from '../family/family.service';
import type { Db } from './create-db';
import { generateDemoVendors } from './demo-vendors';
import {
  createDeposit,
  createEvent,
  createMemo,
  createTask,
  createUser,
  createVendor,
  DEFAULT_PASSWORD,
  daysFromNow,
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

async function insertVendorsInBatches(db: Db, count: number): Promise<void> {
  const rows = generateDemoVendors(count);
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('vendors')
      .values(rows.slice(i, i + 500))
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
    await createUser(trx, { ...DEMO_ACCOUNTS.admin, role: 'admin' });
    const sarah = await createUser(trx, {
      ...DEMO_ACCOUNTS.customer,
      role: 'customer',
      phone: '(201) 555-0142',
      familyLabel: 'Goldberg Family',
    });
    const rachel = await createUser(trx, {
      email: 'rachel.goldberg@simchahub.com',
      name: 'Rachel Goldberg',
      role: 'customer',
      familyLabel: 'Goldberg Family',
    });
    // Sarah founded the circle; Rachel joined with her approval (decision 007).
    await approvePending(trx, sarah.id, rachel.id, now);
    const david = await createUser(trx, {
      ...DEMO_ACCOUNTS.vendor,
      role: 'vendor',
      phone: '(212) 555-0188',
    });

    await insertVendorsInBatches(trx, options.vendors ?? DEFAULT_DEMO_VENDORS);
    const studio = await createVendor(trx, {
      businessName: 'Levy Simcha Photography',
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
      imageUrl: '/images/categories/photographers.svg',
      verified: true,
      claimed: true,
      ownerId: david.id,
      rating: '4.90',
      reviewCount: 132,
      latitude: 40.7788,
      longitude: -73.9822,
    });

    // Sarah's son's bar mitzvah, about five months out, on a Sunday so it clears Shabbat.
    const barMitzvah = await createEvent(trx, sarah.id, {
      title: "Ari's Bar Mitzvah",
      type: 'Bar Mitzvah',
      date: nextFreeSunday(daysFromNow(150, now), '11:00'),
      time: '11:00',
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
    await createDeposit(trx, barMitzvah.id, {
      vendorName: 'The Goldberg Ballroom',
      amount: '5000.00',
      dueDate: daysFromNow(-20, now),
      paid: true,
      paidDate: daysFromNow(-25, now),
    });
    await createDeposit(trx, barMitzvah.id, {
      vendorName: 'Levy Simcha Photography',
      amount: '1200.00',
      dueDate: daysFromNow(14, now),
    });
    await createDeposit(trx, barMitzvah.id, {
      vendorName: 'Shalom Table Catering',
      amount: '3500.00',
      dueDate: daysFromNow(45, now),
    });
    await createDeposit(trx, barMitzvah.id, {
      vendorName: 'Hora Nights Band',
      amount: '800.00',
      dueDate: daysFromNow(75, now),
    });
    await createMemo(trx, barMitzvah.id, {
      title: 'Guest list notes',
      content: "Grandma Esther's side: 42 guests. Remember the Cohens from Chicago need a hotel block.",
    });
    await createMemo(trx, barMitzvah.id, {
      title: 'Menu ideas',
      content: 'Meat menu, with a pareve dessert table. Ask about a kids\u2019 station.',
    });

    await createEvent(trx, sarah.id, {
      title: "Noa & Eitan's Engagement Party",
      type: 'Other',
      date: nextFreeSunday(daysFromNow(40, now), '18:30'),
      time: '18:30',
      venue: 'Shalom Gardens, Great Neck',
      notes: 'Intimate dinner for close family.',
    });
    await createEvent(trx, rachel.id, {
      title: "Maya's Bat Mitzvah",
      type: 'Bat Mitzvah',
      date: nextFreeSunday(daysFromNow(220, now), '12:00'),
      time: '12:00',
      venue: 'Riverdale Jewish Center',
    });

    const thread = await trx
      .insertInto('messageThreads')
      .values({
        vendorId: studio.id,
        customerId: sarah.id,
        eventId: barMitzvah.id,
        eventType: 'Bar Mitzvah',
        eventDate: barMitzvah.date,
        subject: "Availability for Ari's Bar Mitzvah",
        lastMessageAt: daysFromNow(-2, now),
        unreadByCustomer: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const requestText =
      "Hello! We're planning Ari's bar mitzvah and would love photo coverage of the service and the party. Are you available?";
    const responseText =
      'Mazel tov! We are available that day and would be honoured to photograph Ari\u2019s bar mitzvah. ' +
      'Our full-day package covers the service, family portraits and the party; happy to talk details.';
    await trx
      .insertInto('messages')
      .values([
        {
          threadId: thread.id,
          senderId: sarah.id,
          receiverId: david.id,
          messageText: requestText,
          // David read it before answering.
          status: 'seen',
          seenAt: daysFromNow(-2, now),
          createdAt: daysFromNow(-3, now),
        },
        {
          threadId: thread.id,
          senderId: david.id,
          receiverId: sarah.id,
          messageText: responseText,
          createdAt: daysFromNow(-2, now),
        },
      ])
      .execute();
    await trx
      .insertInto('availabilityRequests')
      .values({
        eventId: barMitzvah.id,
        vendorId: studio.id,
        userId: sarah.id,
        threadId: thread.id,
        message: requestText,
        eventType: 'Bar Mitzvah',
        eventDate: barMitzvah.date,
        eventTime: '11:00',
        guestCount: 180,
        budgetMin: '2000.00',
        budgetMax: '3500.00',
        city: 'Teaneck',
        response: responseText,
        status: 'responded',
        respondedAt: daysFromNow(-2, now),
        createdAt: daysFromNow(-3, now),
      })
      .execute();
    // The bell's item for David's unread answer.
    await trx
      .insertInto('notifications')
      .values({
        userId: sarah.id,
        kind: 'message',
        title: 'New message from Levy Simcha Photography',
        body: responseText.slice(0, 140),
        link: `/messages?thread=${thread.id}`,
        threadId: thread.id,
        createdAt: daysFromNow(-2, now),
        updatedAt: daysFromNow(-2, now),
      })
      .execute();

    // A request David has not answered yet: the vendor dashboard opens on something to do.
    const mayaDate = nextFreeSunday(daysFromNow(220, now), '12:00');
    const rachelText =
      "Shalom! We're looking for a photographer for Maya's bat mitzvah: the kiddush and an evening party, about 120 guests. Could you send your packages?";
    const rachelThread = await trx
      .insertInto('messageThreads')
      .values({
        vendorId: studio.id,
        customerId: rachel.id,
        eventType: 'Bat Mitzvah',
        eventDate: mayaDate,
        subject: `Bat Mitzvah on ${mayaDate.toISOString().slice(0, 10)}: availability request`,
        lastMessageAt: daysFromNow(-1, now),
        unreadByVendor: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('messages')
      .values({
        threadId: rachelThread.id,
        senderId: rachel.id,
        receiverId: david.id,
        messageText: rachelText,
        createdAt: daysFromNow(-1, now),
      })
      .execute();
    await trx
      .insertInto('availabilityRequests')
      .values({
        vendorId: studio.id,
        userId: rachel.id,
        threadId: rachelThread.id,
        message: rachelText,
        eventType: 'Bat Mitzvah',
        eventDate: new Date(`${mayaDate.toISOString().slice(0, 10)}T00:00:00.000Z`),
        eventTime: '12:00',
        guestCount: 120,
        budgetMin: '1500.00',
        budgetMax: '2500.00',
        city: 'Riverdale',
        createdAt: daysFromNow(-1, now),
      })
      .execute();
    await trx
      .insertInto('notifications')
      .values({
        userId: david.id,
        kind: 'message',
        title: 'New message from Rachel Goldberg',
        body: rachelText.slice(0, 140),
        link: `/vendor-dashboard?tab=messages&thread=${rachelThread.id}`,
        threadId: rachelThread.id,
        createdAt: daysFromNow(-1, now),
        updatedAt: daysFromNow(-1, now),
      })
      .execute();

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
