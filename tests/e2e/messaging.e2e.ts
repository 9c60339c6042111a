import type { APIRequestContext, Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termId } from '../../src/client/i18n/terms';
import { formatCivilDay } from '../../src/shared/dates';
import { formatCurrency } from '../../src/shared/money';
import { parseAvailabilityRequestSubject } from '../../src/shared/schemas/requests';
import {
  DEMO,
  eventually,
  holdRequests,
  launchBrowser,
  openSession,
  type RegisteredAccount,
  registerAccount,
  type Session,
  screenshot,
  signIn,
  trackSessions,
  type ViewportName,
} from './browser';
import { LANGUAGE, say, sayPattern, withoutIsolates } from './language';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const viewports: ViewportName[] = ['desktop', 'phone'];

const sessions = trackSessions('messaging');
async function openTracked(viewport: ViewportName): Promise<Session> {
  return sessions.track(await openSession(browser, viewport));
}

/** A 1x1 PNG: small, and a real image for the upload's signature check. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A poll for what arrives over the live stream or after a few calls in turn: generous, the machine may be busy. */

/** Four letters that keep business names (unique across listings) apart without crowding the screen. */
function shortTag(): string {
  return Math.random().toString(36).slice(2, 6).toUpperCase();
}

/** A new account signed in in this browser context, used by its pages. */
function register(session: Session, role: 'customer' | 'vendor', name: string): Promise<RegisteredAccount> {
  return registerAccount(session.context.request, role, name);
}

/** A listing owned by the signed-in vendor of this context (POST /api/vendors makes the caller its owner). */
async function createListing(api: APIRequestContext, businessName: string): Promise<{ id: string }> {
  const res = await api.post('/api/vendors', {
    data: {
      businessName,
      category: 'Musicians',
      contactEmail: 'music@example.com',
      description: 'Live music for weddings, bar and bat mitzvahs.',
      city: 'Teaneck',
      state: 'NJ',
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string };
}

/** A conversation started by the customer of this context, over REST. */
async function startThread(
  api: APIRequestContext,
  vendorId: string,
  subject: string,
  messageText: string,
): Promise<string> {
  const res = await api.post('/api/messages/threads', { data: { vendorId, subject, messageText } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { thread: { id: string } }).thread.id;
}

async function unreadCount(api: APIRequestContext): Promise<number> {
  const res = await api.get('/api/messages/unread-count');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { unreadCount: number }).unreadCount;
}

/** Marks the page so that a later check can tell it was never reloaded. */
async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __noReload?: boolean }).__noReload = true;
  });
}
async function stillNotReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
}

// Locators of the messaging screens, by role and name.
const conversations = (page: Page) =>
  page.getByRole('list', { name: say('messages.list.conversations'), exact: true });
const threadLink = (page: Page, other: string | RegExp) =>
  conversations(page).getByRole('link', { name: other });
const conversation = (page: Page, other: string) =>
  page.getByRole('region', { name: sayPattern('messages.pane.labelWith', { name: other }, { end: true }) });
const messageLog = (page: Page) =>
  page.getByRole('log', { name: say('messages.conversation.log'), exact: true });
/** One message of the open conversation, found by its text. */
const messageItem = (page: Page, text: string) =>
  messageLog(page).getByRole('listitem').filter({ hasText: text });
const replyBox = (page: Page) =>
  page.getByRole('textbox', { name: say('messages.reply.label'), exact: true });
const sendButton = (page: Page) =>
  page.getByRole('button', { name: say('messages.reply.send'), exact: true });
/** The bell (the toast area is a region whose name also starts with "Notifications"). */
const bell = (page: Page) => page.getByRole('button', { name: sayPattern('common.notifications.title') });
const vendorTab = (page: Page) =>
  page.getByRole('tab', { name: sayPattern('common.appNav.messages', {}, { start: false }) });

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The words a screen reader hears first on an unread notification: 'Unread: '. */
const UNREAD = new RegExp(`^${escapeRegExp(say('common.notifications.unreadPrefix'))}`);

/** A bell item about a new message from `sender`, unread: 'Unread: New message from …'. */
function unreadMessageFrom(sender: string): RegExp {
  return new RegExp(
    UNREAD.source + sayPattern('bell.message.new.title', { sender }, { start: false }).source,
  );
}

/** The Messages entry's text: its name, the unread count, and on a phone the count said for screen readers. */
function messagesEntryText(unread: number): RegExp {
  const name = escapeRegExp(say('common.appNav.messages'));
  if (unread === 0) return new RegExp(`^${name}$`);
  const suffix = escapeRegExp(say('common.appNav.unreadSuffix', { count: unread }));
  return new RegExp(`^${name}\\s*${unread}(?:${suffix})?$`);
}

/** The Messages entry of the navigation: the side panel on a desktop, the bottom bar on a phone. */
function messagesEntry(page: Page, viewport: ViewportName): Locator {
  const nav = page.getByRole('navigation', {
    name: say(viewport === 'desktop' ? 'common.nav.main' : 'common.appNav.quick'),
    exact: true,
  });
  return nav.getByRole('link', { name: sayPattern('common.appNav.messages') });
}

const YOU = say('messages.conversation.you');
const VENDOR = say('messages.conversation.vendor');
const CUSTOMER = say('messages.conversation.customer');

/** The texts shown at the top of a message: who wrote it ('You', 'Vendor', 'Customer'). */
async function authorOf(item: Locator): Promise<string> {
  return ((await item.locator('span').first().textContent()) ?? '').trim();
}

async function toast(page: Page, title: string): Promise<void> {
  await eventually(() => page.getByRole('status').getByText(title, { exact: true }).first().isVisible()).toBe(
    true,
  );
}

/** Closes every toast: on a phone they sit over the header, where the bell is. */
async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: say('common.toast.dismiss'), exact: true });
  while ((await close.count()) > 0) {
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
  }
}

/** The name the bell carries with `count` unread: 'Notifications' or 'Notifications, N unread'. */
function bellLabel(count: number): string {
  return count === 0 ? say('common.notifications.title') : say('common.notifications.labelUnread', { count });
}

/** The name the bell carries: 'Notifications' or 'Notifications, N unread'. */
async function bellName(page: Page): Promise<string> {
  return (await bell(page).getAttribute('aria-label')) ?? '';
}

/** Opens the bell's panel and waits until it has finished opening (its entrance animation included). */
async function openBell(page: Page): Promise<Locator> {
  await bell(page).click();
  const panel = page.getByRole('dialog', { name: say('common.notifications.title'), exact: true });
  await eventually(() => panel.isVisible()).toBe(true);
  // Its opening played out (a skeleton's pulse, which never ends, aside).
  await panel.evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  return panel;
}

/** The bell's unread count, read from its name (0 when it says no more than 'Notifications'). */
async function bellCount(page: Page): Promise<number> {
  const name = await bellName(page);
  // A language may say a count in words ('one unread'): the count is the one whose label it is.
  for (let count = 0; count <= 100; count++) if (bellLabel(count) === name) return count;
  throw new Error(`unexpected bell name: ${name}`);
}

describe.each(viewports)('messaging journeys at %s width', (viewport) => {
  const phone = viewport === 'phone';

  it('lets a customer and a vendor, each in their own browser, exchange messages live', async () => {
    const customer = await openTracked(viewport);
    const vendor = await openTracked(viewport);
    const family = await register(customer, 'customer', phone ? 'Miriam Katz' : 'Yael Friedman');
    await register(vendor, 'vendor', 'Avi Rosen');
    const business = `Kol Rinah Band ${shortTag()}`;
    const listing = await createListing(vendor.context.request, business);

    // The vendor waits on the Messages tab: nothing yet.
    await vendor.page.goto('/vendor-dashboard?tab=messages');
    await eventually(() =>
      vendor.page.getByText(say('messages.list.empty'), { exact: true }).isVisible(),
    ).toBe(true);
    expect(
      await vendor.page
        .getByRole('button', { name: say('messages.vendor.openProfile'), exact: true })
        .isVisible(),
    ).toBe(true);
    expect(await vendor.page.getByTestId('vendor-messages-unread-badge').count()).toBe(0);
    expect(await bellName(vendor.page)).toBe(bellLabel(0));
    await markNoReload(vendor.page);

    // The customer writes from the vendor's profile and lands in the new conversation.
    await customer.page.goto(`/vendor/${listing.id}`);
    await eventually(() => customer.page.getByRole('heading', { level: 1, name: business }).isVisible()).toBe(
      true,
    );
    await customer.page
      .getByRole('button', { name: say('marketplace.profile.message'), exact: true })
      .click();
    const dialog = customer.page.getByRole('dialog', {
      name: sayPattern('messages.start.title', { name: business }, { end: true }),
    });
    await eventually(() => dialog.isVisible()).toBe(true);
    const subject = 'Music for our wedding in June';
    const first = 'Shalom! Are you free on June 14th for the chuppah and the reception, about 200 guests?';
    await dialog.getByRole('textbox', { name: sayPattern('messages.start.subject') }).fill(subject);
    await dialog.getByRole('textbox', { name: sayPattern('messages.start.message') }).fill(first);
    await dialog.getByRole('button', { name: say('messages.start.submit'), exact: true }).click();
    await customer.page.waitForURL(/\/messages\?thread=[0-9a-f-]{36}$/);
    const threadId = new URL(customer.page.url()).searchParams.get('thread') as string;
    await eventually(() => conversation(customer.page, business).isVisible()).toBe(true);
    await eventually(() => messageItem(customer.page, first).isVisible()).toBe(true);
    expect(await authorOf(messageItem(customer.page, first))).toBe(YOU);
    expect(
      await messageItem(customer.page, first)
        .getByText(say('messages.conversation.sent'), { exact: true })
        .isVisible(),
    ).toBe(true);
    if (phone) {
      // On a phone the conversation has the screen to itself.
      expect(await conversations(customer.page).count()).toBe(0);
      expect(
        await customer.page.getByRole('button', { name: say('messages.pane.back'), exact: true }).isVisible(),
      ).toBe(true);
    } else {
      await eventually(() =>
        threadLink(customer.page, new RegExp(business)).getAttribute('aria-current'),
      ).toBe('true');
    }
    await markNoReload(customer.page);

    // The vendor's open tab shows the thread, the badges and the bell without a reload.
    const fromFamily = threadLink(vendor.page, new RegExp(family.name));
    await eventually(() => fromFamily.isVisible()).toBe(true);
    expect(await fromFamily.getAttribute('data-unread')).toBe('1');
    expect(await fromFamily.textContent()).toContain(subject);
    expect(await fromFamily.textContent()).toContain(say('messages.thread.unreadLabel', { count: 1 }));
    await eventually(() => vendor.page.getByTestId('vendor-messages-unread-badge').textContent()).toBe('1');
    expect(await vendorTab(vendor.page).getAttribute('aria-selected')).toBe('true');
    expect(await vendorTab(vendor.page).textContent()).toMatch(
      new RegExp(`${escapeRegExp(say('common.appNav.messages'))}\\s*1`),
    );
    await eventually(() => bellName(vendor.page)).toBe(bellLabel(1));
    if (!phone) {
      expect(
        await vendor.page.getByText(say('messages.view.noneSelected'), { exact: true }).isVisible(),
      ).toBe(true);
    }

    // The vendor opens it: the badges go, the customer's message is there, and the customer sees it seen.
    await fromFamily.click();
    await eventually(() => conversation(vendor.page, family.name).isVisible()).toBe(true);
    await eventually(() => messageItem(vendor.page, first).isVisible()).toBe(true);
    expect(await authorOf(messageItem(vendor.page, first))).toBe(CUSTOMER);
    await eventually(() => vendor.page.getByTestId('vendor-messages-unread-badge').count()).toBe(0);
    await eventually(() => bellName(vendor.page)).toBe(bellLabel(0));
    expect(
      await vendor.page.getByRole('button', { name: say('messages.quick.label'), exact: true }).isVisible(),
    ).toBe(true);
    if (phone) {
      expect(await conversations(vendor.page).count()).toBe(0);
    } else {
      expect(await fromFamily.getAttribute('aria-current')).toBe('true');
      expect(await fromFamily.getAttribute('data-unread')).toBeNull();
    }
    await eventually(() =>
      messageItem(customer.page, first).getByText(sayPattern('messages.conversation.seen')).isVisible(),
    ).toBe(true);

    // The vendor answers; the customer's open conversation shows it, labelled 'Vendor'.
    const answer = 'Mazel tov! June 14th is open. Our five-piece band plays the chuppah and the dancing.';
    await replyBox(vendor.page).fill(answer);
    await sendButton(vendor.page).click();
    await toast(vendor.page, say('messages.reply.sent'));
    expect(await replyBox(vendor.page).inputValue()).toBe('');
    await eventually(() => messageItem(vendor.page, answer).isVisible()).toBe(true);
    expect(await authorOf(messageItem(vendor.page, answer))).toBe(YOU);
    await eventually(() => messageItem(customer.page, answer).isVisible()).toBe(true);
    expect(await authorOf(messageItem(customer.page, answer))).toBe(VENDOR);
    // The customer has it open, so the vendor's message turns 'Seen'.
    await eventually(() =>
      messageItem(vendor.page, answer).getByText(sayPattern('messages.conversation.seen')).isVisible(),
    ).toBe(true);
    // Read on arrival: the customer's badges stay at none.
    await eventually(() => unreadCount(customer.context.request)).toBe(0);
    await eventually(() => customer.page.getByTestId('messages-page-unread-badge').count()).toBe(0);
    await screenshot(customer.page, 'messages-customer', viewport);
    await dismissToasts(vendor.page);
    await screenshot(vendor.page, 'messages-vendor', viewport);

    // And back: the customer answers from the reply box; the vendor reads it live.
    const more = 'Wonderful, thank you! Could you send a sample playlist?';
    await replyBox(customer.page).fill(more);
    await replyBox(customer.page).press('Enter');
    await toast(customer.page, say('messages.reply.sent'));
    await eventually(() => messageItem(vendor.page, more).isVisible()).toBe(true);
    expect(await authorOf(messageItem(vendor.page, more))).toBe(CUSTOMER);
    await eventually(() =>
      messageItem(customer.page, more).getByText(sayPattern('messages.conversation.seen')).isVisible(),
    ).toBe(true);

    if (phone) {
      // The list and the conversation are separate views on a phone.
      await customer.page.getByRole('button', { name: say('messages.pane.back'), exact: true }).click();
      await eventually(() => threadLink(customer.page, new RegExp(business)).isVisible()).toBe(true);
      expect(await conversation(customer.page, business).count()).toBe(0);
      // The list may be drawn from before the last reply a moment longer than the toast takes.
      await eventually(() => threadLink(customer.page, new RegExp(business)).textContent()).toContain(
        say('messages.thread.youPreview', { preview: more }),
      );
      await screenshot(customer.page, 'messages-customer-list', viewport);
      await vendor.page.getByRole('button', { name: say('messages.pane.back'), exact: true }).click();
      await eventually(() => threadLink(vendor.page, new RegExp(family.name)).isVisible()).toBe(true);
      expect(new URL(vendor.page.url()).searchParams.get('thread')).toBeNull();
      await threadLink(customer.page, new RegExp(business)).click();
      await eventually(() => conversation(customer.page, business).isVisible()).toBe(true);
      expect(new URL(customer.page.url()).searchParams.get('thread')).toBe(threadId);
    }
    expect(await stillNotReloaded(customer.page)).toBe(true);
    expect(await stillNotReloaded(vendor.page)).toBe(true);

    expect(customer.errors).toEqual([]);
    expect(vendor.errors).toEqual([]);
    await customer.context.close();
    await vendor.context.close();
  });

  it('opens a notification from the bell at its thread and marks it read', async () => {
    const customer = await openTracked(viewport);
    const vendor = await openTracked(viewport);
    const family = await register(customer, 'customer', 'Chana Weiss');
    await register(vendor, 'vendor', 'Moshe Adler');
    const business = `Adler Strings ${shortTag()}`;
    const listing = await createListing(vendor.context.request, business);
    const aboutWedding = 'Do you play at outdoor weddings in September?';
    const aboutBarMitzvah = 'Could you play at a bar mitzvah kiddush in March?';
    const weddingThread = await startThread(
      customer.context.request,
      listing.id,
      'Outdoor wedding',
      aboutWedding,
    );
    const kiddushThread = await startThread(
      customer.context.request,
      listing.id,
      'Bar mitzvah kiddush',
      aboutBarMitzvah,
    );

    // The bell's words by code (a page not in English) are held back until the bell is open: its
    // items wait for them, and are never shown in the English the server stored meanwhile.
    const releaseBellWords = await holdRequests(vendor.page, /\/assets\/bell-[^/]+\.js$/);
    await vendor.page.goto('/vendor-dashboard');
    await eventually(() => bellName(vendor.page)).toBe(bellLabel(2));
    expect(await vendor.page.getByTestId('notifications-badge').textContent()).toBe('2');
    await eventually(() => vendor.page.getByTestId('vendor-messages-unread-badge').textContent()).toBe('2');

    const panel = await openBell(vendor.page);
    const items = panel
      .getByRole('list', { name: say('common.notifications.latest'), exact: true })
      .getByRole('link');
    if (LANGUAGE !== 'en') {
      await vendor.page.waitForTimeout(500);
      expect(await panel.getByRole('status', { name: say('common.notifications.loading') }).isVisible()).toBe(
        true,
      );
      expect(await items.count()).toBe(0);
    }
    releaseBellWords();
    await eventually(() => items.count()).toBe(2);
    // Newest first, both unread, each about its own thread.
    expect(await items.nth(0).getAttribute('href')).toContain(`thread=${kiddushThread}`);
    expect(await items.nth(1).getAttribute('href')).toContain(`thread=${weddingThread}`);
    for (const item of await items.all()) {
      expect(await item.textContent()).toMatch(unreadMessageFrom(family.name));
    }
    expect(await items.nth(0).textContent()).toContain(aboutBarMitzvah);
    expect(
      await panel.getByRole('button', { name: say('common.notifications.markAll'), exact: true }).isEnabled(),
    ).toBe(true);
    await screenshot(vendor.page, 'notifications-panel', viewport);
    // Taking the picture must leave the panel as it was (it once closed: see screenshot in browser.ts).
    expect(await panel.isVisible()).toBe(true);

    // Opening one goes to its thread, marks it read and lowers the badge by one.
    await items.filter({ hasText: aboutWedding }).click();
    await vendor.page.waitForURL((url) => url.searchParams.get('thread') === weddingThread);
    expect(new URL(vendor.page.url()).searchParams.get('tab')).toBe('messages');
    await eventually(() => conversation(vendor.page, family.name).isVisible()).toBe(true);
    await eventually(() => messageItem(vendor.page, aboutWedding).isVisible()).toBe(true);
    await eventually(() => bellName(vendor.page)).toBe(bellLabel(1));
    await eventually(() => vendor.page.getByTestId('vendor-messages-unread-badge').textContent()).toBe('1');
    expect(await panel.count()).toBe(0);

    await openBell(vendor.page);
    await eventually(() => items.count()).toBe(2);
    expect(await items.filter({ hasText: aboutWedding }).textContent()).not.toMatch(UNREAD);
    expect(await items.filter({ hasText: aboutBarMitzvah }).textContent()).toMatch(UNREAD);
    // Mark all as read clears the bell but leaves the message itself unread in its thread.
    await panel.getByRole('button', { name: say('common.notifications.markAll'), exact: true }).click();
    await eventually(() => bellName(vendor.page)).toBe(bellLabel(0));
    expect(await items.filter({ hasText: UNREAD }).count()).toBe(0);
    expect(await vendor.page.getByTestId('vendor-messages-unread-badge').textContent()).toBe('1');
    await panel.getByRole('link', { name: say('common.notifications.allMessages'), exact: true }).click();
    await eventually(() => panel.count()).toBe(0);
    await vendor.page.waitForURL((url) => url.search === '?tab=messages');
    await eventually(() => threadLink(vendor.page, /Bar mitzvah kiddush/).getAttribute('data-unread')).toBe(
      '1',
    );

    // The customer's bell works the same way for the vendor's answer.
    await customer.page.goto('/dashboard');
    await eventually(() => bellName(customer.page)).toBe(bellLabel(0));
    const reply = await vendor.context.request.post(`/api/messages/${kiddushThread}/reply`, {
      data: { messageText: 'Yes, we play kiddushes too. Mazel tov!', messageType: 'text' },
    });
    expect(reply.status()).toBe(201);
    await eventually(() => bellName(customer.page)).toBe(bellLabel(1));
    const customerPanel = await openBell(customer.page);
    const customerItem = customerPanel
      .getByRole('list', { name: say('common.notifications.latest'), exact: true })
      .getByRole('link', { name: unreadMessageFrom(business) });
    await eventually(() => customerItem.isVisible()).toBe(true);
    await customerItem.click();
    await customer.page.waitForURL(
      (url) => url.pathname === '/messages' && url.search === `?thread=${kiddushThread}`,
    );
    await eventually(() => conversation(customer.page, business).isVisible()).toBe(true);
    await eventually(() => messageItem(customer.page, 'Yes, we play kiddushes too.').isVisible()).toBe(true);
    await eventually(() => bellName(customer.page)).toBe(bellLabel(0));
    await eventually(() => unreadCount(customer.context.request)).toBe(0);

    expect(customer.errors).toEqual([]);
    expect(vendor.errors).toEqual([]);
    await customer.context.close();
    await vendor.context.close();
  });

  it('shows the demo customer the seeded unread answer until read, and the demo vendor the open request', async () => {
    const customer = await openTracked(viewport);
    await signIn(customer.page, '/login-customer', DEMO.customer.email, DEMO.customer.password);
    await customer.page.waitForURL('**/dashboard');

    // The seed leaves David's answer to Sarah unread. The other viewport's run (or another journey)
    // may have read it already; then David answers once more, so there is something unread to read.
    const vendor = await openTracked(viewport);
    await signIn(vendor.page, '/login-vendor', DEMO.vendor.email, DEMO.vendor.password);
    await vendor.page.waitForURL('**/vendor-dashboard');
    const threads = (await (await vendor.context.request.get('/api/messages/threads?limit=50')).json()) as {
      threads: { id: string; subject: string; customer: { name: string } }[];
    };
    // Rachel's request gave its thread the subject the server writes; the page says it in its language.
    const rachelSubject = threads.threads.find((th) => th.customer.name === 'Rachel Goldberg')?.subject ?? '';
    const requested = parseAvailabilityRequestSubject(rachelSubject);
    expect(requested?.eventType).toBe('Bat Mitzvah');
    const ari = threads.threads.find((th) => th.subject === "Availability for Ari's Bar Mitzvah");
    expect(ari).toBeDefined();
    let latest =
      'Mazel tov! We are available that day and would be honoured to photograph Ari\u2019s bar mitzvah.';
    if ((await unreadCount(customer.context.request)) === 0) {
      latest = `One more thing: we can add a photo booth for the party (${viewport}).`;
      const sent = await vendor.context.request.post(`/api/messages/${ari?.id}/reply`, {
        data: { messageText: latest, messageType: 'text' },
      });
      expect(sent.status()).toBe(201);
    }
    const unread = await unreadCount(customer.context.request);
    expect(unread).toBeGreaterThan(0);

    // The badge on the Messages entry (and the bell) after sign-in.
    // The phone's bottom bar adds ", N unread" for screen readers after the number.
    await eventually(async () => (await messagesEntry(customer.page, viewport).textContent()) ?? '').toMatch(
      messagesEntryText(unread),
    );
    if (!phone) {
      expect(await customer.page.getByTestId('messages-unread-badge').getAttribute('aria-label')).toBe(
        say('common.appNav.unreadCount', { count: unread }),
      );
    }
    await eventually(() => bellCount(customer.page)).toBeGreaterThan(0);
    const bellBefore = await bellCount(customer.page);

    // /messages: the header badge and the unread thread; opening it clears them.
    await messagesEntry(customer.page, viewport).click();
    await customer.page.waitForURL((url) => url.pathname === '/messages');
    await eventually(() => customer.page.getByTestId('messages-page-unread-badge').textContent()).toBe(
      String(unread),
    );
    // Other journeys may have given Sarah more conversations with the studio: this one by its subject.
    const ariThread = conversations(customer.page)
      .getByRole('link')
      .filter({ hasText: "Availability for Ari's Bar Mitzvah" });
    await eventually(() => ariThread.isVisible()).toBe(true);
    expect(await ariThread.textContent()).toContain('Levy Simcha Photography');
    const inThread = Number(await ariThread.getAttribute('data-unread'));
    expect(inThread).toBeGreaterThan(0);
    expect(await ariThread.textContent()).toMatch(
      sayPattern('messages.thread.unreadLabel', { count: inThread }, { start: false, end: true }),
    );
    if (!phone) {
      expect(
        await customer.page.getByText(say('messages.view.noneSelected'), { exact: true }).isVisible(),
      ).toBe(true);
    }
    await ariThread.click();
    await eventually(() => conversation(customer.page, 'Levy Simcha Photography').isVisible()).toBe(true);
    await eventually(() => messageItem(customer.page, latest).isVisible()).toBe(true);
    expect(await authorOf(messageItem(customer.page, latest))).toBe(VENDOR);
    // The request the thread came from, at its top.
    const request = customer.page.getByRole('region', { name: say('messages.request.label'), exact: true });
    expect(await request.textContent()).toContain(say('messages.request.guestCount', { count: 180 }));
    // Read: the counts drop by what the thread held (to none, unless another journey left more).
    const left = unread - inThread;
    await eventually(() => unreadCount(customer.context.request)).toBe(left);
    await eventually(async () => {
      const badge = customer.page.getByTestId('messages-page-unread-badge');
      return left === 0 ? (await badge.count()) === 0 : (await badge.textContent()) === String(left);
    }).toBe(true);
    await eventually(async () => (await messagesEntry(customer.page, viewport).textContent()) ?? '').toMatch(
      messagesEntryText(left),
    );
    await eventually(() => bellCount(customer.page)).toBeLessThan(bellBefore);
    if (!phone) await eventually(() => ariThread.getAttribute('data-unread')).toBeNull();
    await screenshot(customer.page, 'messages-demo-customer', viewport);

    // The demo vendor: Rachel's unanswered availability request, its details at the top of the thread.
    await vendorTab(vendor.page).click();
    await vendor.page.waitForURL((url) => url.searchParams.get('tab') === 'messages');
    const rachel = threadLink(vendor.page, /Rachel Goldberg/);
    await eventually(() => rachel.isVisible()).toBe(true);
    expect(withoutIsolates((await rachel.textContent()) ?? '')).toContain(
      say('messages.subject.availabilityRequest', {
        type: say(termId('eventType', 'Bat Mitzvah')),
        date: formatCivilDay(requested?.date ?? '', LANGUAGE),
      }),
    );
    await rachel.click();
    await eventually(() => conversation(vendor.page, 'Rachel Goldberg').isVisible()).toBe(true);
    const details = vendor.page.getByRole('region', { name: say('messages.request.label'), exact: true });
    await eventually(() => details.isVisible()).toBe(true);
    const text = withoutIsolates((await details.textContent()) ?? '');
    const dollars = (amount: string) => formatCurrency(amount, 'USD', LANGUAGE, { trimWhole: true });
    for (const part of [
      say(termId('eventType', 'Bat Mitzvah')),
      say('messages.request.guestCount', { count: 120 }),
      say('messages.request.budgetRange', { min: dollars('1500'), max: dollars('2500') }),
      'Riverdale',
    ]) {
      expect(text).toContain(part);
    }
    await eventually(() => messageItem(vendor.page, "Maya's bat mitzvah").isVisible()).toBe(true);
    expect(await authorOf(messageItem(vendor.page, "Maya's bat mitzvah"))).toBe(CUSTOMER);
    // Read now: the thread's badge goes and the tab's badge shows what is left, if anything.
    if (!phone) await eventually(() => rachel.getAttribute('data-unread')).toBeNull();
    await eventually(async () => {
      const left = await unreadCount(vendor.context.request);
      const badge = vendor.page.getByTestId('vendor-messages-unread-badge');
      return left === 0 ? (await badge.count()) === 0 : (await badge.textContent()) === String(left);
    }).toBe(true);
    await screenshot(vendor.page, 'messages-vendor-request', viewport);

    expect(customer.errors).toEqual([]);
    expect(vendor.errors).toEqual([]);
    await customer.context.close();
    await vendor.context.close();
  });

  it('keeps the reply box honest and serves attachments only to the two parties', async () => {
    const customer = await openTracked(viewport);
    const vendor = await openTracked(viewport);
    const stranger = await openTracked(viewport);
    const family = await register(customer, 'customer', 'Devorah Klein');
    await register(vendor, 'vendor', 'Eli Brenner');
    await register(stranger, 'customer', 'Someone Else');
    const business = `Brenner Catering ${shortTag()}`;
    const listing = await createListing(vendor.context.request, business);
    const opening = 'Hello! Do you cater a sheva brachos dinner for 40?';
    const threadId = await startThread(customer.context.request, listing.id, 'Sheva brachos dinner', opening);

    await customer.page.goto(`/messages?thread=${threadId}`);
    await eventually(() => conversation(customer.page, business).isVisible()).toBe(true);
    await eventually(() => messageItem(customer.page, opening).isVisible()).toBe(true);
    await vendor.page.goto(`/vendor-dashboard?tab=messages&thread=${threadId}`);
    await eventually(() => conversation(vendor.page, family.name).isVisible()).toBe(true);
    await eventually(() => messageItem(vendor.page, opening).isVisible()).toBe(true);
    // Quick replies are the vendor's only.
    expect(
      await customer.page.getByRole('button', { name: say('messages.quick.label'), exact: true }).count(),
    ).toBe(0);

    // Blank text cannot be sent, by button or by Enter.
    const box = replyBox(customer.page);
    expect(await box.getAttribute('rows')).toBe('2');
    expect(await sendButton(customer.page).isDisabled()).toBe(true);
    await box.fill('     ');
    expect(await sendButton(customer.page).isDisabled()).toBe(true);
    await box.press('Enter');
    await box.fill('\n  \n');
    expect(await sendButton(customer.page).isDisabled()).toBe(true);
    const items = messageLog(customer.page).getByRole('listitem');
    expect(await items.count()).toBe(1);

    // Shift+Enter starts a new line; Enter sends; the text is trimmed and keeps its line break.
    await box.fill('');
    await box.pressSequentially('  Line one');
    await box.press('Shift+Enter');
    await box.pressSequentially('Line two  ');
    expect(await box.inputValue()).toBe('  Line one\nLine two  ');
    expect(await items.count()).toBe(1);
    expect(await sendButton(customer.page).isEnabled()).toBe(true);
    await box.press('Enter');
    await toast(customer.page, say('messages.reply.sent'));
    await eventually(() => items.count()).toBe(2);
    const twoLines = messageItem(customer.page, 'Line one');
    expect(await twoLines.locator('p').first().textContent()).toBe('Line one\nLine two');
    await eventually(() => messageItem(vendor.page, 'Line one').locator('p').first().textContent()).toBe(
      'Line one\nLine two',
    );

    // Markup is shown as text, never rendered.
    await box.fill('<b>bold</b> & <img src=x onerror=alert(1)>');
    await sendButton(customer.page).click();
    await eventually(() => messageItem(vendor.page, '<b>bold</b>').isVisible()).toBe(true);
    expect(await messageItem(vendor.page, '<b>bold</b>').locator('p').first().textContent()).toBe(
      '<b>bold</b> & <img src=x onerror=alert(1)>',
    );
    expect(await messageLog(vendor.page).locator('b').count()).toBe(0);
    expect(await messageLog(customer.page).locator('b').count()).toBe(0);
    expect(await messageLog(vendor.page).locator('img[src="x"]').count()).toBe(0);

    // Attachments: picked through 'Attach files', one removed again, the other sent with the reply.
    await dismissToasts(customer.page);
    const picker = customer.page.waitForEvent('filechooser');
    await customer.page.getByRole('button', { name: say('messages.reply.attach'), exact: true }).click();
    await (await picker).setFiles([
      { name: 'floor-plan.png', mimeType: 'image/png', buffer: PNG },
      { name: 'extra.png', mimeType: 'image/png', buffer: PNG },
    ]);
    const picked = customer.page.getByRole('list', { name: say('messages.reply.files'), exact: true });
    await eventually(() => picked.getByRole('listitem').count()).toBe(2);
    await customer.page
      .getByRole('button', {
        name: sayPattern('common.upload.removeFile', { name: 'extra.png' }, { end: true }),
      })
      .click();
    await eventually(() => picked.getByRole('listitem').count()).toBe(1);
    expect(await picked.textContent()).toContain('floor-plan.png');
    await eventually(() => picked.textContent()).not.toMatch(
      sayPattern('common.upload.progress', {}, { start: false }),
    );
    const withFile = 'Here is the floor plan of the hall.';
    await box.fill(withFile);
    await sendButton(customer.page).click();
    await toast(customer.page, say('messages.reply.sent'));
    await eventually(() => picked.count()).toBe(0);

    // The vendor sees the image live and may open it; a third account and a guest may not.
    const image = messageItem(vendor.page, withFile).getByRole('img', { name: 'floor-plan.png' });
    await eventually(() => image.isVisible()).toBe(true);
    const url =
      (await messageItem(vendor.page, withFile).getByRole('link').first().getAttribute('href')) ?? '';
    expect(url).toMatch(/^\/api\/attachments\/[0-9a-f-]{36}$/);
    expect(await image.getAttribute('src')).toBe(url);
    await eventually(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    const asVendor = await vendor.page.evaluate(async (u) => {
      const res = await fetch(u);
      return { status: res.status, type: res.headers.get('content-type') };
    }, url);
    expect(asVendor.status).toBe(200);
    expect(asVendor.type).toMatch(/^image\//);
    const asCustomer = await customer.context.request.get(url);
    expect(asCustomer.status()).toBe(200);
    expect((await stranger.context.request.get(url)).status()).toBe(404);
    const guest = await browser.newContext();
    expect((await guest.request.get(new URL(url, customer.page.url()).toString())).status()).toBe(401);
    await guest.close();
    await eventually(() =>
      messageItem(customer.page, withFile).getByRole('img', { name: 'floor-plan.png' }).isVisible(),
    ).toBe(true);
    await dismissToasts(customer.page);
    await screenshot(customer.page, 'messages-reply-rules', viewport);
    await screenshot(vendor.page, 'messages-vendor-attachment', viewport);

    expect(customer.errors).toEqual([]);
    expect(vendor.errors).toEqual([]);
    await customer.context.close();
    await vendor.context.close();
    await stranger.context.close();
  });
});
