import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUEST_MESSAGES, MEAL_LABELS, MEALS } from '../../../shared/schemas/guests';
import { createEvent } from '../../demo/factories';
import { resolvePlace } from '../../domains/places/places.service';
import { harnessForFile } from '../../test/harness';
import { PAGE_CATALOGUES } from './page-texts';

const h = harnessForFile();
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(() => {
  // Every page of this file comes from one address; the per-address limit is tested with the RSVP domain.
  h.deps.config.limits.rsvp.max = 100_000;
});

const JERUSALEM = resolvePlace('Jerusalem');
const HEBREW = { 'accept-language': 'he-IL,he;q=0.9,en;q=0.5' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' };

/**
 * A wedding in Jerusalem on Saturday night (after Shabbat) whose hosts show Hebrew dates, with an
 * aufruf on the Shabbat before; the Katz family is invited to both (Yossi to the wedding only), with
 * one guest of their own.
 */
async function invitation(options: { deadline?: Date } = {}) {
  const owner = await h.signedIn('customer', { name: 'Miriam Levi', familyLabel: `Levi ${randomUUID()}` });
  await h.db.updateTable('users').set({ hebrewDatesEnabled: true }).where('id', '=', owner.user.id).execute();
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
      rsvpDeadline: options.deadline ?? new Date(Date.now() + 30 * DAY_MS),
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
  const household = await h.db
    .insertInto('households')
    .values({ eventId: main.id, name: 'The Katz family', plusOnesAllowed: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const guest = async (name: string, invitedTo: string[]) => {
    const row = await h.db
      .insertInto('guests')
      .values({ eventId: main.id, householdId: household.id, name })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('guestInvitations')
      .values(invitedTo.map((eventId) => ({ guestId: row.id, eventId })))
      .execute();
    return row.id;
  };
  const sarah = await guest('Sarah Katz', [main.id, aufruf.id]);
  await guest('Yossi Katz', [main.id]);
  const link = await owner.caller.invitations.createLink({ id: household.id });
  const token = link.url.split('/rsvp/')[1] as string;
  return { main, sarah, token };
}

/** The page's <style>, where no physical side may be named. */
const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';

describe('the RSVP page in English', () => {
  it('is as it always was, with a link to the Hebrew page', async () => {
    const { token } = await invitation();
    const res = await h.inject({ method: 'GET', url: `/rsvp/${token}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="en">\n<head>');
    expect(html).toContain('<title>Levi–Cohen wedding: your invitation · SimchaHub</title>');
    expect(html).toContain(
      '<meta name="description" content="Your personal invitation: please let the hosts know who is coming." />',
    );
    expect(html).toContain('<p>Miriam Levi invites The Katz family</p><h1>Levi–Cohen wedding</h1>');
    expect(html).toContain('Please answer by <strong>');
    expect(html).toMatch(
      /Please answer by <strong>\w+day, \w+ \d+, \d{4} at \d\d:\d\d<\/strong>\. You can change/,
    );
    expect(html).toContain('<h2>You are invited to</h2>');
    expect(html).toContain(
      '<p class="muted">Saturday, January 9, 2027 at 19:30 · 2 Shevat 5787 (evening)</p>',
    );
    expect(html).toContain('<p class="muted">Saturday, January 2, 2027 at 09:00 · 23 Tevet 5787</p>');
    expect(html).toMatch(/<p class="note">Shabbat ends at 1[67]:\d\d; the wedding starts at 19:30\.<\/p>/);
    expect(html).toMatch(/<p class="note">The aufruf falls on Shabbat/);
    expect(html).toContain('<h2>Who is coming?</h2>');
    expect(html).toContain('<legend>Sarah Katz</legend>');
    expect(html).toContain(' /> Attending</label>');
    expect(html).toContain(' /> Not attending</label>');
    expect(html).toContain('>Dietary note (optional)</label>');
    expect(html).toContain('<option value="" selected>No preference</option>');
    expect(html).toContain('<option value="children">Children&#39;s</option>');
    expect(html).toContain('<h2>Guests of your own</h2>');
    expect(html).toContain(
      '<p>Your invitation includes one guest of your own. Leave a name empty if no one comes.</p>',
    );
    expect(html).toContain('<legend>Your guest 1</legend>');
    expect(html).toContain('<legend>Comes to</legend>');
    expect(html).toContain('>A message to the hosts (optional)</label>');
    expect(html).toContain('<button type="submit">Save our answers</button>');
    expect(html).toContain(
      '<footer>Sent with SimchaHub. This page is for your household only: please do not pass the link on.</footer>',
    );
    expect(html).toContain(
      `<nav aria-label="Language"><a href="/rsvp/${token}?lang=he" hreflang="he" lang="he">עברית</a></nav>`,
    );
    // Nothing else changed: no isolates, no direction, no other Hebrew.
    expect(html).not.toContain('<bdi>');
    expect(html).not.toContain('dir=');
    expect(html.replace('עברית', '')).not.toMatch(/[\u05d0-\u05ea]/);
    expect(styleOf(html)).not.toMatch(/left|right/);
  });

  it('names the meals as the guest list does', () => {
    for (const meal of MEALS) expect(PAGE_CATALOGUES.en[`rsvp.meal.${meal}`]).toBe(MEAL_LABELS[meal]);
  });
});

describe('the RSVP page in Hebrew', () => {
  it('is written right to left in Hebrew, with names as written and dates in Hebrew', async () => {
    const { token } = await invitation();
    const res = await h.inject({ method: 'GET', url: `/rsvp/${token}`, headers: HEBREW });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="he" dir="rtl">');
    expect(html).toContain('<title>Levi–Cohen wedding: ההזמנה שלכם · SimchaHub</title>');
    expect(html).toContain('<meta name="description" content="ההזמנה האישית שלכם: ספרו למארחים מי מגיע." />');
    expect(html).toContain(
      '<p><bdi>Miriam Levi</bdi> מזמינים את <bdi>The Katz family</bdi></p><h1><bdi>Levi–Cohen wedding</bdi></h1>',
    );
    expect(html).toMatch(
      /<p>נא לאשר הגעה עד <strong><bdi>יום [א-ת]+, \d+ ב[א-ת]+ \d{4} בשעה \d\d:\d\d<\/bdi><\/strong>\. עד אז אפשר גם לשנות את התשובות\.<\/p>/,
    );
    expect(html).toContain('<h2>האירועים שאתם מוזמנים אליהם</h2>');
    expect(html).toContain(
      '<p class="muted"><bdi>יום שבת, 9 בינואר 2027</bdi> בשעה <bdi>19:30</bdi> · <bdi>ליל ב׳ בשבט תשפ״ז</bdi></p>',
    );
    expect(html).toContain(
      '<p class="muted"><bdi>יום שבת, 2 בינואר 2027</bdi> בשעה <bdi>09:00</bdi> · <bdi>כ״ג בטבת תשפ״ז</bdi></p>',
    );
    expect(html).toMatch(/<p class="note">צאת שבת בשעה 1[67]:\d\d; תחילת החתונה בשעה 19:30\.<\/p>/);
    expect(html).toMatch(/<p class="note">מועד העלייה לתורה חל בשבת/);
    expect(html).toContain('<h2>מי מגיע?</h2>');
    expect(html).toContain('<legend><bdi>Sarah Katz</bdi></legend>');
    expect(html).toContain(' /> מגיעים</label>');
    expect(html).toContain(' /> לא מגיעים</label>');
    expect(html).toContain('>הערה תזונתית (לא חובה)</label>');
    expect(html).toContain('<option value="" selected>ללא העדפה</option>');
    expect(html).toContain('<option value="children">מנת ילדים</option>');
    expect(html).toContain('<h2>המלווים שלכם</h2>');
    expect(html).toContain('<p>ההזמנה שלכם כוללת מלווה אחד. אפשר להשאיר שם ריק אם אין מי שיגיע.</p>');
    expect(html).toContain('<legend>מלווה 1</legend>');
    expect(html).toContain('<button type="submit">שמירת התשובות</button>');
    expect(html).toContain(
      '<footer>נשלח דרך SimchaHub. הדף הזה מיועד למשפחה שלכם בלבד, אז נא לא להעביר את הקישור הלאה.</footer>',
    );
    expect(html).toContain(
      `<nav aria-label="שפה"><a href="/rsvp/${token}?lang=en" hreflang="en" lang="en">English</a></nav>`,
    );
    // What guests type follows its own direction.
    expect(html).toMatch(/<textarea id="message"[^>]* dir="auto">/);
    expect(html).toMatch(/<input type="text" id="p-0-name"[^>]* dir="auto"/);
    for (const english of [
      'Attending',
      'Who is coming',
      'Save our answers',
      'Please answer',
      'invites',
      'Shevat',
    ])
      expect(html, english).not.toContain(english);
    expect(styleOf(html)).not.toMatch(/left|right/);
  });

  it('follows a ?lang= link, keeps it in the cookie, and thanks and refuses in Hebrew', async () => {
    const { token, main, sarah } = await invitation();
    const opened = await h.inject({ method: 'GET', url: `/rsvp/${token}?lang=he` });
    expect(opened.body).toContain('<html lang="he" dir="rtl">');
    const cookie = opened.cookies.find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('he');
    const headers = { ...FORM, cookie: 'lang=he' };

    const saved = await h.inject({
      method: 'POST',
      url: `/rsvp/${token}`,
      headers,
      payload: new URLSearchParams({ [`a.${sarah}.${main.id}`]: 'yes' }).toString(),
    });
    expect(saved.statusCode).toBe(303);
    const thanked = await h.inject({
      method: 'GET',
      url: saved.headers.location as string,
      headers: { cookie: 'lang=he' },
    });
    expect(thanked.body).toContain('<div class="status ok" role="status">תודה! התשובות שלכם נשמרו.</div>');

    const refused = await h.inject({
      method: 'POST',
      url: `/rsvp/${token}`,
      headers,
      payload: new URLSearchParams({
        [`a.${sarah}.${main.id}`]: 'yes',
        [`m.${sarah}.${main.id}`]: 'pizza',
      }).toString(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<html lang="he" dir="rtl">');
    expect(refused.body).toMatch(/<div class="status error" role="alert" id="form-error">המנה צריכה להיות/);
    expect(refused.body).not.toContain(GUEST_MESSAGES.badMeal);

    // The same refusal on the English page says it as the server does.
    const english = await h.inject({
      method: 'POST',
      url: `/rsvp/${token}?lang=en`,
      headers: { ...FORM, cookie: 'lang=he' },
      payload: new URLSearchParams({
        [`a.${sarah}.${main.id}`]: 'yes',
        [`m.${sarah}.${main.id}`]: 'pizza',
      }).toString(),
    });
    expect(english.statusCode).toBe(400);
    expect(english.body).toContain(`id="form-error">${GUEST_MESSAGES.badMeal}</div>`);
  });

  it('says when answers closed, and that a link is not found, in Hebrew', async () => {
    const { token } = await invitation({ deadline: new Date(Date.now() - 60_000) });
    const closed = await h.inject({ method: 'GET', url: `/rsvp/${token}`, headers: HEBREW });
    expect(closed.body).toMatch(
      /<p class="status error" role="status">המועד האחרון לאישור הגעה היה <bdi>[^<]+ בשעה \d\d:\d\d<\/bdi>\. כדי לשנות משהו, פנו למארחים\.<\/p>/,
    );
    expect(closed.body).not.toContain('<form');

    const missing = await h.inject({ method: 'GET', url: '/rsvp/not-a-token', headers: HEBREW });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="he" dir="rtl">');
    expect(missing.body).toContain('<title>ההזמנה לא נמצאה · SimchaHub</title>');
    expect(missing.body).toContain('<h1>ההזמנה לא נמצאה</h1>');
    expect(missing.body).toContain(
      '<p class="card">הקישור להזמנה אינו תקין או שבוטל. אם חיכיתם להזמנה, בקשו מהמארחים קישור חדש.</p>',
    );
    const english = await h.inject({ method: 'GET', url: '/rsvp/not-a-token' });
    expect(english.body).toContain(
      '<p class="card">This invitation link is not valid or was withdrawn. If you expected an invitation, please ask the hosts for a new link.</p>',
    );
  });
});

describe('rsvp.get in a language', () => {
  it('writes the deadline, Hebrew dates and notes in the language asked for, English otherwise', async () => {
    const { token } = await invitation();
    const visitor = h.anonymous({ ip: '10.77.0.1' });
    const english = await visitor.caller.rsvp.get({ token });
    expect(english.deadlineText).toMatch(/^\w+day, \w+ \d+, \d{4} at \d\d:\d\d$/);
    expect(english.events.map((e) => e.hebrewDate)).toEqual(['23 Tevet 5787', '2 Shevat 5787 (evening)']);
    const hebrew = await visitor.caller.rsvp.get({ token, language: 'he' });
    expect(hebrew.deadlineText).toMatch(/^יום [א-ת]+, \d+ ב[א-ת]+ \d{4} בשעה \d\d:\d\d$/);
    expect(hebrew.events.map((e) => e.hebrewDate)).toEqual(['כ״ג בטבת תשפ״ז', 'ליל ב׳ בשבט תשפ״ז']);
    expect(hebrew.events[1]?.notes).toEqual([
      expect.stringMatching(/^צאת שבת בשעה 1[67]:\d\d; תחילת החתונה בשעה 19:30\.$/),
    ]);
    // Names and titles stay as written.
    expect(hebrew.events.map((e) => e.title)).toEqual(english.events.map((e) => e.title));
  });
});
