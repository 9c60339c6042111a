import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGING_LIMITS, MESSAGING_MESSAGES } from '../../../shared/schemas/messages';
import { createVendor } from '../../demo/factories';
import { StaleWriteError } from '../../platform/db/stale-write';
import { liveStream } from '../../platform/live/stream';
import {
  familyAndBand,
  liveEventsOf,
  rowsOldestFirst,
  rowsWhere,
  turnOffEmails,
  useUpLimit,
} from '../../test/fixtures';
import { harnessForFile, type Party } from '../../test/harness';
import { expectEachRejected, expectRejected, rejection } from '../../test/rejection';
import { createSession } from '../auth/sessions';
import { inboxFeed } from './live-feed';
import { unreadCountQuery } from './messages.queries';
import { threadsPageQuery } from './messages.service';

const h = harnessForFile();
let customer: Party;
let owner: Party;
let otherCustomer: Party;
let otherVendor: Party;
let admin: Party;
let vendorId: string;

beforeAll(async () => {
  ({ customer, owner, vendorId } = await familyAndBand(h));
  otherCustomer = await h.signedIn('customer');
  otherVendor = await h.signedIn('vendor');
  admin = await h.signedIn('admin');
  // Another listing for the other vendor, so they are a vendor with threads of their own.
  await createVendor(h.db, { businessName: 'Other Band', ownerId: otherVendor.user.id, claimed: true });
});

const request = {
  eventType: 'Wedding' as const,
  date: '2027-06-13',
  message: 'Are you free for our wedding?',
  guestCount: 180,
  budgetMin: '2000',
  budgetMax: '4000',
  city: 'Teaneck',
};

/** A thread born of an availability request from `from` to `to` (the shared listing by default). */
async function requestThread(from: Party = customer, to: string = vendorId) {
  const sent = await from.caller.requests.send({ id: to, ...request });
  return { threadId: sent.threadId as string, requestId: sent.id };
}

/** A party's block, unblock and report of a thread, each made when called. */
function threadActions(party: Party, threadId: string) {
  return [
    () => party.caller.messages.block({ threadId }),
    () => party.caller.messages.unblock({ threadId }),
    () => party.caller.messages.report({ threadId, reason: 'Spam' }),
  ];
}

async function threadRow(threadId: string) {
  return h.db.selectFrom('messageThreads').selectAll().where('id', '=', threadId).executeTakeFirstOrThrow();
}

/** The new-message mails queued for a user, oldest first. */
const mailsTo = (userId: string) => rowsOldestFirst(h.db, 'mailOutbox', { userId, kind: 'new-message' });

/** A user's notifications, oldest first. */
const notificationsOf = (userId: string) => rowsOldestFirst(h.db, 'notifications', { userId });

async function newListing(overrides: { ownerId?: string | null; businessName?: string } = {}) {
  return createVendor(h.db, {
    businessName: overrides.businessName ?? `Listing ${randomUUID().slice(0, 6)}`,
    ownerId: overrides.ownerId ?? null,
    claimed: Boolean(overrides.ownerId),
  });
}

/** A new family and a new vendor with a listing of their own, apart from the shared ones. */
async function familyAndListing() {
  const family = await h.signedIn('customer');
  const vendor = await h.signedIn('vendor');
  const listing = await newListing({ ownerId: vendor.user.id });
  return { family, vendor, listing };
}

async function claim(listingId: string, ownerId: string) {
  await h.db.updateTable('vendors').set({ ownerId, claimed: true }).where('id', '=', listingId).execute();
}

async function upload(uploaderId: string, name = 'floorplan.pdf') {
  const id = randomUUID();
  await h.db
    .insertInto('attachments')
    .values({
      id,
      uploaderId,
      name,
      contentType: 'application/pdf',
      bytes: 2048,
      threadId: null,
      messageId: null,
    })
    .execute();
  return id;
}

describe('who sees a conversation', () => {
  it('the customer and the owning vendor, each from their side', async () => {
    const { threadId } = await requestThread();
    const mine = await customer.caller.messages.threads();
    const summary = mine.threads.find((t) => t.id === threadId);
    expect(summary).toMatchObject({
      side: 'customer',
      subject: 'Wedding on Sun, Jun 13, 2027: availability request',
      eventType: 'Wedding',
      eventDate: '2027-06-13',
      status: 'active',
      vendor: { id: vendorId, businessName: 'Hora Nights', managed: true },
      customer: { id: customer.user.id, name: 'Miriam' },
      lastMessage: { preview: request.message, senderSide: 'customer', status: 'sent' },
      unreadCount: 0,
      blocked: null,
    });
    const theirs = await owner.caller.messages.threads();
    expect(theirs.threads.find((t) => t.id === threadId)).toMatchObject({ side: 'vendor', unreadCount: 1 });

    const asCustomer = await customer.caller.messages.conversation({ threadId });
    expect(asCustomer.messages).toHaveLength(1);
    expect(asCustomer.messages[0]).toMatchObject({
      mine: true,
      senderSide: 'customer',
      receiverId: owner.user.id,
    });
    const asVendor = await owner.caller.messages.conversation({ threadId });
    expect(asVendor.messages[0]).toMatchObject({ mine: false, senderSide: 'customer' });
    expect(asVendor.thread).toMatchObject({ side: 'vendor', canReply: true, cannotReplyReason: null });
  });

  it('the vendor also sees threads that arrived before they claimed the listing', async () => {
    const listing = await newListing();
    const { threadId } = await requestThread(customer, listing.id);
    const claimer = await h.signedIn('vendor');
    expect((await claimer.caller.messages.threads()).threads).toEqual([]);
    await claim(listing.id, claimer.user.id);
    const { threads } = await claimer.caller.messages.threads();
    expect(threads.map((t) => t.id)).toEqual([threadId]);
    expect(threads[0]?.unreadCount).toBe(1);
    expect((await claimer.caller.messages.unreadCount()).unreadCount).toBe(1);
    const conversation = await claimer.caller.messages.conversation({ threadId });
    expect(conversation.messages[0]).toMatchObject({ receiverId: null, mine: false, senderSide: 'customer' });
  });

  it('is "not found" for another customer and another vendor, whatever they try', async () => {
    const { threadId } = await requestThread();
    const [message] = (await customer.caller.messages.conversation({ threadId })).messages;
    for (const outsider of [otherCustomer, otherVendor]) {
      // Made one at a time: a call left waiting to be awaited would reject unhandled.
      const calls = [
        () => outsider.caller.messages.conversation({ threadId }),
        () => outsider.caller.messages.reply({ threadId, messageText: 'Hello?' }),
        () => outsider.caller.messages.markThreadSeen({ threadId }),
        ...threadActions(outsider, threadId),
      ];
      await expectEachRejected(calls, { code: 'NOT_FOUND', message: MESSAGING_MESSAGES.threadNotFound });
      await expectRejected(
        outsider.caller.messages.markSeen({ messageId: message?.id as string }),
        'NOT_FOUND',
        MESSAGING_MESSAGES.messageNotFound,
      );
      expect((await outsider.caller.messages.threads()).threads.some((t) => t.id === threadId)).toBe(false);
    }
    // A thread that does not exist reads the same.
    const missing = await rejection(customer.caller.messages.conversation({ threadId: randomUUID() }));
    expect(missing.message).toBe(MESSAGING_MESSAGES.threadNotFound);
  });

  it('is forbidden to admins and needs a session', async () => {
    const { threadId } = await requestThread();
    const forAdmin = await rejection(admin.caller.messages.conversation({ threadId }));
    expect(forAdmin.code).toBe('FORBIDDEN');
    expect((await rejection(admin.caller.messages.threads())).code).toBe('FORBIDDEN');
    expect((await rejection(admin.caller.messages.reply({ threadId, messageText: 'x' }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await admin.caller.messages.unreadCount()).unreadCount).toBe(0);
    const guest = h.anonymous().caller;
    expect((await rejection(guest.messages.conversation({ threadId }))).code).toBe('UNAUTHORIZED');
    expect((await rejection(guest.messages.threads())).code).toBe('UNAUTHORIZED');
    expect((await rejection(guest.messages.unreadCount())).code).toBe('UNAUTHORIZED');
    expect((await rejection(guest.messages.reply({ threadId, messageText: 'x' }))).code).toBe('UNAUTHORIZED');
  });
});

describe('the thread list', () => {
  it('pages newest first with an opaque cursor, ties broken by id', async () => {
    const family = await h.signedIn('customer');
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push((await requestThread(family)).threadId);
    // Two threads at the same microsecond, and microseconds a millisecond Date would lose.
    const base = '2027-01-01 10:00:00.123456+00';
    await sql`update message_threads set last_message_at = ${base}::timestamptz
      where id in (${created[1]}, ${created[2]})`.execute(h.db);
    await sql`update message_threads set last_message_at = ${base}::timestamptz + interval '1 microsecond'
      where id = ${created[3]}`.execute(h.db);
    const expected = await h.db
      .selectFrom('messageThreads')
      .select('id')
      .where('customerId', '=', family.user.id)
      .orderBy('lastMessageAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await family.caller.messages.threads({ limit: 2, cursor });
      seen.push(...page.threads.map((t) => t.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected.map((r) => r.id));
  });

  it("pages a vendor's threads across all their listings as one list", async () => {
    const vendor = await h.signedIn('vendor');
    const listings = [
      await newListing({ ownerId: vendor.user.id }),
      await newListing({ ownerId: vendor.user.id }),
    ];
    for (let i = 0; i < 7; i++) await requestThread(customer, listings[i % 2]?.id);
    const expected = await h.db
      .selectFrom('messageThreads')
      .select('id')
      .where(
        'vendorId',
        'in',
        listings.map((l) => l.id),
      )
      .orderBy('lastMessageAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await vendor.caller.messages.threads({ limit: 3, cursor });
      expect(page.threads.every((t) => t.side === 'vendor')).toBe(true);
      seen.push(...page.threads.map((t) => t.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(expected.map((r) => r.id));
    expect(seen).toHaveLength(7);
  });

  it('moves a thread to the top when a message arrives and previews at most 140 characters', async () => {
    const family = await h.signedIn('customer');
    const first = await requestThread(family);
    await requestThread(family);
    const long = 'x'.repeat(300);
    await owner.caller.messages.reply({ threadId: first.threadId, messageText: long });
    const { threads } = await family.caller.messages.threads();
    expect(threads[0]?.id).toBe(first.threadId);
    expect(threads[0]?.lastMessage).toMatchObject({ senderSide: 'vendor', status: 'sent' });
    expect(threads[0]?.lastMessage?.preview).toHaveLength(MESSAGING_LIMITS.previewChars);
    expect(threads[0]?.unreadCount).toBe(1);
  });

  it('refuses a cursor it did not make', async () => {
    for (const cursor of ['nonsense', Buffer.from('1_2').toString('base64url')]) {
      const error = await rejection(customer.caller.messages.threads({ cursor }));
      expect(error.code).toBe('BAD_REQUEST');
    }
  });
});

describe('a conversation', () => {
  it('shows the availability request it was born of and pages back from the newest 100', async () => {
    const { threadId, requestId } = await requestThread();
    const conversation = await customer.caller.messages.conversation({ threadId });
    expect(conversation.thread.request).toMatchObject({
      id: requestId,
      eventType: 'Wedding',
      eventDate: '2027-06-13',
      guestCount: 180,
      budgetMin: '2000.00',
      budgetMax: '4000.00',
      city: 'Teaneck',
      hasConflict: false,
      conflictReason: null,
      status: 'sent',
    });
    expect(conversation.hasMoreBefore).toBe(false);

    // 120 more, a second apart, after the first.
    await sql`insert into messages (thread_id, sender_id, receiver_id, message_text, created_at)
      select ${threadId}, ${owner.user.id}, ${customer.user.id}, 'Message ' || n,
        now() + n * interval '1 second'
      from generate_series(1, 120) as n`.execute(h.db);
    const newest = await customer.caller.messages.conversation({ threadId });
    expect(newest.messages).toHaveLength(MESSAGING_LIMITS.conversationPage);
    expect(newest.messages.at(-1)?.messageText).toBe('Message 120');
    expect(newest.messages[0]?.messageText).toBe('Message 21');
    expect(newest.hasMoreBefore).toBe(true);
    const older = await customer.caller.messages.conversation({
      threadId,
      before: newest.messages[0]?.id as string,
    });
    expect(older.messages.map((m) => m.messageText)).toEqual([
      request.message,
      ...Array.from({ length: 20 }, (_, i) => `Message ${i + 1}`),
    ]);
    expect(older.hasMoreBefore).toBe(false);
  });

  it('refuses `before` that is not a message of the thread', async () => {
    const { threadId } = await requestThread();
    const other = await requestThread();
    const [foreign] = (await customer.caller.messages.conversation({ threadId: other.threadId })).messages;
    for (const before of [randomUUID(), foreign?.id as string]) {
      await expectRejected(
        customer.caller.messages.conversation({ threadId, before }),
        'NOT_FOUND',
        MESSAGING_MESSAGES.messageNotFound,
      );
    }
  });
});

describe('replying', () => {
  it('trims the text, posts it to the other party and counts it unread for them', async () => {
    const { threadId } = await requestThread();
    const before = await threadRow(threadId);
    const message = await owner.caller.messages.reply({ threadId, messageText: '  We are free!  ' });
    expect(message).toMatchObject({
      threadId,
      senderId: owner.user.id,
      receiverId: customer.user.id,
      senderSide: 'vendor',
      mine: true,
      messageText: 'We are free!',
      messageType: 'text',
      status: 'sent',
      seenAt: null,
      attachments: [],
    });
    const after = await threadRow(threadId);
    expect(after.unreadByCustomer).toBe(1);
    expect(after.unreadByVendor).toBe(before.unreadByVendor);
    expect(after.lastMessageAt.getTime()).toBeGreaterThanOrEqual(before.lastMessageAt.getTime());
  });

  it.each([
    ['   ', MESSAGING_MESSAGES.replyRequired],
    ['', MESSAGING_MESSAGES.replyRequired],
    ['y'.repeat(5001), MESSAGING_MESSAGES.replyTooLong],
  ])('refuses %#', async (messageText, expected) => {
    const { threadId } = await requestThread();
    await expectRejected(customer.caller.messages.reply({ threadId, messageText }), 'BAD_REQUEST', expected);
  });

  it('takes exactly 5,000 characters', async () => {
    const { threadId } = await requestThread();
    const message = await customer.caller.messages.reply({ threadId, messageText: 'z'.repeat(5000) });
    expect(message.messageText).toHaveLength(5000);
  });

  it('posts once for a retried idempotency key', async () => {
    const { threadId } = await requestThread();
    const idempotencyKey = randomUUID();
    const first = await customer.caller.messages.reply({
      threadId,
      messageText: 'Once only',
      idempotencyKey,
    });
    const again = await customer.caller.messages.reply({
      threadId,
      messageText: 'Once only',
      idempotencyKey,
    });
    expect(again.id).toBe(first.id);
    const rows = await rowsWhere(h.db, 'messages', { threadId, messageText: 'Once only' });
    expect(rows).toHaveLength(1);
    expect((await threadRow(threadId)).unreadByVendor).toBe(2);
  });

  it("marks the request responded with the vendor's first reply only", async () => {
    const { threadId, requestId } = await requestThread();
    await customer.caller.messages.reply({ threadId, messageText: 'Also, do you play Klezmer?' });
    const stillSent = await h.db
      .selectFrom('availabilityRequests')
      .select(['status', 'response'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(stillSent).toEqual({ status: 'sent', response: null });

    await owner.caller.messages.reply({ threadId, messageText: 'Yes, we are free that night.' });
    await owner.caller.messages.reply({ threadId, messageText: 'And we play Klezmer.' });
    const [listed] = (await customer.caller.requests.list()).filter((r) => r.id === requestId);
    expect(listed).toMatchObject({ status: 'responded', response: 'Yes, we are free that night.' });
    expect(listed?.respondedAt).toBeInstanceOf(Date);
    const answered = (await notificationsOf(customer.user.id)).filter(
      (n) => n.kind === 'request_answered' && n.threadId === threadId,
    );
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({
      title: 'Hora Nights answered your availability request',
      link: `/messages?thread=${threadId}`,
    });
    const conversation = await customer.caller.messages.conversation({ threadId });
    expect(conversation.thread.request?.status).toBe('responded');
  });

  it('notifies the receiver with one unread item per thread', async () => {
    const family = await h.signedIn('customer', { name: 'Rivka' });
    const { threadId } = await requestThread(family);
    const forVendor = (await notificationsOf(owner.user.id)).filter((n) => n.threadId === threadId);
    expect(forVendor).toHaveLength(1);
    expect(forVendor[0]).toMatchObject({
      kind: 'message',
      title: 'New message from Rivka',
      body: request.message,
      link: `/vendor-dashboard?tab=messages&thread=${threadId}`,
      readAt: null,
    });
    await family.caller.messages.reply({ threadId, messageText: 'One more thing' });
    const updated = (await notificationsOf(owner.user.id)).filter((n) => n.threadId === threadId);
    expect(updated).toHaveLength(1);
    expect(updated[0]?.body).toBe('One more thing');

    await owner.caller.messages.reply({ threadId, messageText: 'Happy to help' });
    const forFamily = await notificationsOf(family.user.id);
    expect(forFamily.find((n) => n.kind === 'message')).toMatchObject({
      title: 'New message from Hora Nights',
      link: `/messages?thread=${threadId}`,
    });
  });

  it('cuts the preview of the notification without splitting a character', async () => {
    const family = await h.signedIn('customer');
    const { threadId } = await requestThread(family);
    // The emoji's halves would straddle the cut at 139 code units.
    const text = `${'a'.repeat(MESSAGING_LIMITS.previewChars - 2)}😀 and the rest`;
    await owner.caller.messages.reply({ threadId, messageText: text });
    const item = (await notificationsOf(family.user.id)).find(
      (n) => n.kind === 'message' && n.threadId === threadId,
    );
    expect(item?.body).toBe(`${'a'.repeat(MESSAGING_LIMITS.previewChars - 2)}…`);
    expect(item?.body).not.toContain('\uFFFD');
  });

  it('refuses attachments that are not the sender’s own fresh uploads, and links those that are', async () => {
    const { threadId } = await requestThread();
    const theirs = await upload(otherCustomer.user.id);
    await expectRejected(
      customer.caller.messages.reply({ threadId, messageText: 'See attached', attachmentIds: [theirs] }),
      'BAD_REQUEST',
      MESSAGING_MESSAGES.attachmentNotFound,
    );
    const posted = await rowsWhere(h.db, 'messages', { threadId, messageText: 'See attached' });
    expect(posted).toEqual([]);

    const mine = await upload(customer.user.id, 'menu.pdf');
    const message = await customer.caller.messages.reply({
      threadId,
      messageText: 'See attached',
      attachmentIds: [mine],
    });
    expect(message.attachments).toEqual([
      {
        id: mine,
        name: 'menu.pdf',
        contentType: 'application/pdf',
        bytes: 2048,
        url: `/api/attachments/${mine}`,
      },
    ]);
    const asVendor = await owner.caller.messages.conversation({ threadId });
    expect(asVendor.messages.at(-1)?.attachments.map((a) => a.id)).toEqual([mine]);
    // Sent once: it cannot ride along with a second message.
    const again = await rejection(
      customer.caller.messages.reply({ threadId, messageText: 'Again', attachmentIds: [mine] }),
    );
    expect(again.message).toBe(MESSAGING_MESSAGES.attachmentNotFound);
  });

  it('answers 429 past the per-user rate limit', async () => {
    const family = await h.signedIn('customer');
    const { threadId } = await requestThread(family);
    await useUpLimit(h.db, `messages:user:${family.user.id}`, h.deps.config.limits.messages);
    const error = await rejection(family.caller.messages.reply({ threadId, messageText: 'Hello again' }));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.message).toContain(MESSAGING_MESSAGES.tooMany);
    const start = await rejection(
      family.caller.messages.startThread({ vendorId, subject: 'Hi', messageText: 'Hi' }),
    );
    expect(start.code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('mail for new messages', () => {
  it('goes once per thread while earlier messages stay unread', async () => {
    const family = await h.signedIn('customer', { name: 'Chana' });
    const { threadId } = await requestThread(family);
    const first = await mailsTo(owner.user.id);
    const forThread = () => mailsTo(owner.user.id).then((m) => m.length - first.length);
    expect(first.at(-1)).toMatchObject({ subject: 'New message from Chana on SimchaHub' });
    expect(first.at(-1)?.textBody).toContain(`/vendor-dashboard?tab=messages&thread=${threadId}`);
    expect(first.at(-1)?.textBody).toContain(h.deps.config.appUrl);
    await family.caller.messages.reply({ threadId, messageText: 'Another' });
    await family.caller.messages.reply({ threadId, messageText: 'And another' });
    expect(await forThread()).toBe(0);
    await owner.caller.messages.markThreadSeen({ threadId });
    await family.caller.messages.reply({ threadId, messageText: 'After you read it' });
    expect(await forThread()).toBe(1);
  });

  it('escapes the message in the HTML part', async () => {
    const family = await h.signedIn('customer', { name: '<b>Bold</b>' });
    const before = (await mailsTo(owner.user.id)).length;
    await family.caller.messages.startThread({
      vendorId,
      subject: 'Question',
      messageText: '<script>alert(1)</script>',
    });
    const mails = await mailsTo(owner.user.id);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.htmlBody).not.toContain('<script>');
    expect(mails.at(-1)?.htmlBody).toContain('&lt;script&gt;');
    expect(mails.at(-1)?.htmlBody).not.toContain('<b>Bold');
  });

  it('is not sent to a user who turned e-mail notifications off', async () => {
    const quiet = await h.signedIn('vendor');
    await turnOffEmails(h.db, quiet.user.id);
    const listing = await newListing({ ownerId: quiet.user.id });
    await requestThread(customer, listing.id);
    expect(await mailsTo(quiet.user.id)).toEqual([]);
    expect((await notificationsOf(quiet.user.id)).length).toBe(1);
  });
});

describe('seen marks', () => {
  it('only the receiver marks a message seen, lowering their unread count in the same step', async () => {
    const family = await h.signedIn('customer');
    const { threadId } = await requestThread(family);
    const [first] = (await family.caller.messages.conversation({ threadId })).messages;
    const messageId = first?.id as string;
    for (const [who, code, message] of [
      [family, 'FORBIDDEN', MESSAGING_MESSAGES.notReceiver],
      [otherVendor, 'NOT_FOUND', MESSAGING_MESSAGES.messageNotFound],
    ] as const) {
      await expectRejected(who.caller.messages.markSeen({ messageId }), code, message);
    }
    expect((await rejection(owner.caller.messages.markSeen({ messageId: randomUUID() }))).code).toBe(
      'NOT_FOUND',
    );

    const vendorUnread = (await owner.caller.messages.unreadCount()).unreadCount;
    const marked = await owner.caller.messages.markSeen({ messageId });
    expect(marked.message).toMatchObject({ id: messageId, status: 'seen', mine: false });
    expect(marked.message.seenAt).toBeInstanceOf(Date);
    expect(marked.unreadCount).toBe(vendorUnread - 1);
    expect((await threadRow(threadId)).unreadByVendor).toBe(0);
    // Its notification is read now that nothing in the thread is unread.
    const items = (await notificationsOf(owner.user.id)).filter((n) => n.threadId === threadId);
    expect(items.every((n) => n.readAt !== null)).toBe(true);

    const again = await owner.caller.messages.markSeen({ messageId });
    expect(again.message.seenAt).toEqual(marked.message.seenAt);
    expect(again.unreadCount).toBe(marked.unreadCount);
    expect((await threadRow(threadId)).unreadByVendor).toBe(0);
    const asSender = await family.caller.messages.conversation({ threadId });
    expect(asSender.messages[0]?.status).toBe('seen');
  });

  it('never lowers a counter below zero', async () => {
    const family = await h.signedIn('customer');
    const { threadId } = await requestThread(family);
    await h.db.updateTable('messageThreads').set({ unreadByVendor: 0 }).where('id', '=', threadId).execute();
    const [first] = (await owner.caller.messages.conversation({ threadId })).messages;
    await owner.caller.messages.markSeen({ messageId: first?.id as string });
    expect((await threadRow(threadId)).unreadByVendor).toBe(0);
  });

  it('marks every unread incoming message of a thread at once', async () => {
    const family = await h.signedIn('customer');
    const { threadId } = await requestThread(family);
    await owner.caller.messages.reply({ threadId, messageText: 'One' });
    await owner.caller.messages.reply({ threadId, messageText: 'Two' });
    await family.caller.messages.reply({ threadId, messageText: 'Mine' });
    expect((await family.caller.messages.unreadCount()).unreadCount).toBe(2);
    const result = await family.caller.messages.markThreadSeen({ threadId });
    expect(result).toEqual({ seen: 2, unreadCount: 0 });
    const { messages } = await family.caller.messages.conversation({ threadId });
    expect(messages.filter((m) => !m.mine).every((m) => m.status === 'seen')).toBe(true);
    // Their own messages stay unseen until the vendor reads them.
    expect(messages.filter((m) => m.mine).every((m) => m.status === 'sent')).toBe(true);
    expect((await threadRow(threadId)).unreadByCustomer).toBe(0);
    expect((await notificationsOf(family.user.id)).every((n) => n.readAt !== null)).toBe(true);
    expect(await family.caller.messages.markThreadSeen({ threadId })).toEqual({ seen: 0, unreadCount: 0 });
  });
});

describe('concurrent writers of one thread', () => {
  it('keep each unread counter equal to the unseen messages it counts', async () => {
    const { family, vendor, listing } = await familyAndListing();
    const { threadId } = await requestThread(family, listing.id);
    const first = await vendor.caller.messages.reply({ threadId, messageText: 'First answer' });
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) =>
        family.caller.messages.reply({ threadId, messageText: `F${i}` }),
      ),
      ...Array.from({ length: 6 }, (_, i) =>
        vendor.caller.messages.reply({ threadId, messageText: `V${i}` }),
      ),
      family.caller.messages.markSeen({ messageId: first.id }),
      vendor.caller.messages.markThreadSeen({ threadId }),
    ]);
    const unseen = await h.db
      .selectFrom('messages as m')
      .innerJoin('messageThreads as t', 't.id', 'm.threadId')
      .select([
        sql<string>`count(*) filter (where m.sender_id = t.customer_id)`.as('byCustomer'),
        sql<string>`count(*) filter (where m.sender_id <> t.customer_id)`.as('byVendor'),
      ])
      .where('m.threadId', '=', threadId)
      .where('m.status', '=', 'sent')
      .executeTakeFirstOrThrow();
    const row = await threadRow(threadId);
    expect(row.unreadByVendor).toBe(Number(unseen.byCustomer));
    expect(row.unreadByCustomer).toBe(Number(unseen.byVendor));
  });
});

describe('a listing nobody has claimed', () => {
  it("keeps the customer's messages until a vendor claims it, then hands them over", async () => {
    const listing = await newListing({ businessName: 'Unclaimed Hall' });
    const family = await h.signedIn('customer', { name: 'Leah' });
    const conversation = await family.caller.messages.startThread({
      vendorId: listing.id,
      subject: 'Hall for a bar mitzvah',
      messageText: 'Is the hall free in May?',
    });
    expect(conversation.thread).toMatchObject({
      vendor: { id: listing.id, managed: false },
      canReply: true,
      cannotReplyReason: null,
    });
    expect(conversation.messages[0]).toMatchObject({ receiverId: null, mine: true });
    // Nobody to notify, mail or stream to.
    expect(
      await h.db
        .selectFrom('notifications')
        .select('id')
        .where('threadId', '=', conversation.thread.id)
        .execute(),
    ).toEqual([]);
    await family.caller.messages.reply({ threadId: conversation.thread.id, messageText: 'Anyone there?' });

    const newOwner = await h.signedIn('vendor');
    await claim(listing.id, newOwner.user.id);
    const { threads } = await newOwner.caller.messages.threads();
    expect(threads[0]).toMatchObject({ id: conversation.thread.id, unreadCount: 2 });
    const seen = await newOwner.caller.messages.markThreadSeen({ threadId: conversation.thread.id });
    expect(seen).toEqual({ seen: 2, unreadCount: 0 });
    const answer = await newOwner.caller.messages.reply({
      threadId: conversation.thread.id,
      messageText: 'Yes, it is free.',
    });
    expect(answer.receiverId).toBe(family.user.id);
    const after = await family.caller.messages.conversation({ threadId: conversation.thread.id });
    expect(after.thread.vendor.managed).toBe(true);
    expect(after.messages.at(-1)).toMatchObject({ messageText: 'Yes, it is free.', mine: false });
  });
});

describe('starting a conversation', () => {
  it('opens a thread with its first message, unread for the vendor', async () => {
    const family = await h.signedIn('customer', { name: 'Sarah' });
    const idempotencyKey = randomUUID();
    const input = {
      vendorId,
      subject: '  Sheva brachot  ',
      messageText: 'Do you play small dinners?',
      idempotencyKey,
    };
    const conversation = await family.caller.messages.startThread(input);
    expect(conversation.thread).toMatchObject({
      subject: 'Sheva brachot',
      side: 'customer',
      eventType: null,
      eventDate: null,
      request: null,
      unreadCount: 0,
      vendor: { id: vendorId, managed: true },
    });
    expect(conversation.messages).toHaveLength(1);
    expect(conversation.messages[0]).toMatchObject({ receiverId: owner.user.id, mine: true });
    expect(conversation.hasMoreBefore).toBe(false);
    expect((await threadRow(conversation.thread.id)).unreadByVendor).toBe(1);
    const again = await family.caller.messages.startThread(input);
    expect(again.thread.id).toBe(conversation.thread.id);
    const threads = await rowsWhere(h.db, 'messageThreads', { customerId: family.user.id });
    expect(threads).toHaveLength(1);
  });

  it('is for customers, to a listing that exists and is not their own', async () => {
    for (const who of [owner, admin]) {
      const error = await rejection(
        who.caller.messages.startThread({ vendorId, subject: 'Hi', messageText: 'Hi' }),
      );
      expect(error.code).toBe('FORBIDDEN');
    }
    await expectRejected(
      customer.caller.messages.startThread({ vendorId: randomUUID(), subject: 'Hi', messageText: 'Hi' }),
      'NOT_FOUND',
      MESSAGING_MESSAGES.vendorNotFound,
    );
    const ownListing = await newListing({ ownerId: otherCustomer.user.id });
    await expectRejected(
      otherCustomer.caller.messages.startThread({
        vendorId: ownListing.id,
        subject: 'Hi',
        messageText: 'Hi',
      }),
      'FORBIDDEN',
      MESSAGING_MESSAGES.ownListing,
    );
    const blank = await rejection(
      customer.caller.messages.startThread({ vendorId, subject: '  ', messageText: 'Hi' }),
    );
    expect(blank.message).toBe(MESSAGING_MESSAGES.subjectRequired);
  });
});

describe('availability requests as messages', () => {
  it('links uploaded attachments and describes them from the stored file, not the client', async () => {
    const family = await h.signedIn('customer');
    const file = await upload(family.user.id, 'floorplan.pdf');
    const sent = await family.caller.requests.send({
      id: vendorId,
      ...request,
      attachments: [
        { id: file, name: 'renamed.exe', size: 1, type: 'image/png' },
        { name: 'described-only.jpg', size: 5000, type: 'image/jpeg' },
      ],
    });
    expect(sent.attachments).toEqual([
      { id: file, name: 'floorplan.pdf', size: 2048, type: 'application/pdf' },
      { name: 'described-only.jpg', size: 5000, type: 'image/jpeg' },
    ]);
    const asVendor = await owner.caller.messages.conversation({ threadId: sent.threadId as string });
    expect(asVendor.messages[0]?.attachments).toMatchObject([{ id: file, name: 'floorplan.pdf' }]);
  });

  it("refuses another user's upload and sends nothing", async () => {
    const family = await h.signedIn('customer');
    const foreign = await upload(otherCustomer.user.id);
    const error = await rejection(
      family.caller.requests.send({
        id: vendorId,
        ...request,
        attachments: [{ id: foreign, name: 'x.pdf', size: 1, type: 'application/pdf' }],
      }),
    );
    expect(error.message).toBe(MESSAGING_MESSAGES.attachmentNotFound);
    expect(await family.caller.requests.list()).toEqual([]);
  });

  it('notifies and streams to the owner like a reply', async () => {
    const family = await h.signedIn('customer', { name: 'Esther' });
    const { threadId } = await requestThread(family);
    const events = await h.db
      .selectFrom('liveEvents')
      .select(['userId', 'kind', 'ref'])
      .where(sql<boolean>`ref->>'threadId' = ${threadId}`)
      .execute();
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: owner.user.id, kind: 'message' }),
        expect.objectContaining({ userId: family.user.id, kind: 'message' }),
      ]),
    );
    const notification = (await notificationsOf(owner.user.id)).find((n) => n.threadId === threadId);
    expect(notification?.title).toBe('New message from Esther');
  });
});

describe('blocking', () => {
  it('stops messages from both sides until the side that blocked unblocks', async () => {
    const family = await h.signedIn('customer');
    const { threadId } = await requestThread(family);
    const blocked = await family.caller.messages.block({ threadId });
    expect(blocked).toMatchObject({
      id: threadId,
      canReply: false,
      cannotReplyReason: MESSAGING_MESSAGES.youBlocked,
      blocked: { bySide: 'customer' },
    });
    const row = await threadRow(threadId);
    expect(row).toMatchObject({ blockedBySide: 'customer', blockedBy: family.user.id });

    for (const [who, message] of [
      [family, MESSAGING_MESSAGES.youBlocked],
      [owner, MESSAGING_MESSAGES.theyBlocked],
    ] as const) {
      await expectRejected(
        who.caller.messages.reply({ threadId, messageText: 'Hello' }),
        'FORBIDDEN',
        message,
      );
    }
    const vendorView = await owner.caller.messages.conversation({ threadId });
    expect(vendorView.thread).toMatchObject({
      canReply: false,
      cannotReplyReason: MESSAGING_MESSAGES.theyBlocked,
    });

    await expectRejected(
      owner.caller.messages.block({ threadId }),
      'CONFLICT',
      MESSAGING_MESSAGES.alreadyBlocked,
    );
    await expectRejected(
      owner.caller.messages.unblock({ threadId }),
      'FORBIDDEN',
      MESSAGING_MESSAGES.onlyBlockerUnblocks,
    );

    const unblocked = await family.caller.messages.unblock({ threadId });
    expect(unblocked).toMatchObject({ canReply: true, cannotReplyReason: null, blocked: null });
    await expectRejected(
      family.caller.messages.unblock({ threadId }),
      'CONFLICT',
      MESSAGING_MESSAGES.notBlocked,
    );
    await owner.caller.messages.reply({ threadId, messageText: 'Thanks for unblocking' });

    const kinds = await h.db
      .selectFrom('liveEvents')
      .select(['userId'])
      .where('kind', '=', 'thread')
      .where(sql<boolean>`ref->>'threadId' = ${threadId}`)
      .execute();
    // Block and unblock, each to both parties.
    expect(kinds.filter((k) => k.userId === family.user.id)).toHaveLength(2);
    expect(kinds.filter((k) => k.userId === owner.user.id)).toHaveLength(2);
  });
});

describe("a vendor's block", () => {
  const again = { subject: 'Hello again', messageText: 'Are you there?' };

  it('holds for the customer and the listing: no new conversation or request reaches the vendor', async () => {
    const { family, vendor, listing } = await familyAndListing();
    const otherListing = await newListing({ ownerId: vendor.user.id });
    const { threadId } = await requestThread(family, listing.id);
    await vendor.caller.messages.block({ threadId });

    const reached = async () => ({
      threads: (
        await h.db
          .selectFrom('messageThreads')
          .select('id')
          .where('customerId', '=', family.user.id)
          .execute()
      ).length,
      notifications: (await notificationsOf(vendor.user.id)).length,
      mails: (await mailsTo(vendor.user.id)).length,
      events: (
        await h.db.selectFrom('liveEvents').select('seq').where('userId', '=', vendor.user.id).execute()
      ).length,
    });
    const before = await reached();
    await expectRejected(
      family.caller.messages.startThread({ vendorId: listing.id, ...again }),
      'FORBIDDEN',
      MESSAGING_MESSAGES.theyBlocked,
    );
    await expectRejected(requestThread(family, listing.id), 'FORBIDDEN', MESSAGING_MESSAGES.theyBlocked);
    expect(await reached()).toEqual(before);

    // Their other listing, and other families, are not concerned.
    await family.caller.messages.startThread({ vendorId: otherListing.id, ...again });
    await requestThread(await h.signedIn('customer'), listing.id);

    // Lifted with the block.
    await vendor.caller.messages.unblock({ threadId });
    const reopened = await family.caller.messages.startThread({ vendorId: listing.id, ...again });
    expect(reopened.thread.canReply).toBe(true);
    await requestThread(family, listing.id);
  });

  it("any of the pair's threads blocked by the vendor is enough; the customer's own block stops nobody", async () => {
    const { family, vendor, listing } = await familyAndListing();
    const first = await requestThread(family, listing.id);
    const second = await requestThread(family, listing.id);
    await family.caller.messages.block({ threadId: first.threadId });
    await family.caller.messages.startThread({ vendorId: listing.id, ...again });
    await vendor.caller.messages.block({ threadId: second.threadId });
    const refused = await rejection(family.caller.messages.startThread({ vendorId: listing.id, ...again }));
    expect(refused.message).toBe(MESSAGING_MESSAGES.theyBlocked);
  });

  it("holds in the customer's other open threads with the listing, attachments and all, until lifted", async () => {
    const { family, vendor, listing } = await familyAndListing();
    const blocked = await requestThread(family, listing.id);
    const other = await requestThread(family, listing.id);
    await vendor.caller.messages.block({ threadId: blocked.threadId });
    const unread = async () =>
      (await h.db.selectFrom('messages').select('id').where('threadId', '=', other.threadId).execute())
        .length;
    const before = await unread();

    await expectRejected(
      family.caller.messages.reply({ threadId: other.threadId, messageText: 'Still here' }),
      'FORBIDDEN',
      MESSAGING_MESSAGES.theyBlocked,
    );
    const file = await upload(family.user.id);
    await expectRejected(
      family.caller.messages.reply({
        threadId: other.threadId,
        messageText: 'See the plan',
        attachmentIds: [file],
      }),
      'FORBIDDEN',
      MESSAGING_MESSAGES.theyBlocked,
    );
    const rest = await h.request(
      'POST',
      `/api/messages/${other.threadId}/reply`,
      { user: family.user },
      { messageText: 'Over REST' },
    );
    expect(rest.statusCode).toBe(403);
    expect(await unread()).toBe(before);
    // The vendor may still answer in it; the customer again once the block is lifted.
    await vendor.caller.messages.reply({ threadId: other.threadId, messageText: 'Noted' });
    await vendor.caller.messages.unblock({ threadId: blocked.threadId });
    await family.caller.messages.reply({ threadId: other.threadId, messageText: 'Thank you' });
  });
});

describe('blocks, unblocks and reports', () => {
  it('answer 429 past the per-user rate limit', async () => {
    const { family, vendor, listing } = await familyAndListing();
    const { threadId } = await requestThread(family, listing.id);
    const rule = h.deps.config.limits.threadActions;
    expect(rule).toEqual({ max: 10, windowMs: 60_000 });
    for (let i = 0; i < rule.max; i++) {
      if (i % 2 === 0) await family.caller.messages.block({ threadId });
      else await family.caller.messages.unblock({ threadId });
    }
    await expectEachRejected(threadActions(family, threadId), {
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining(MESSAGING_MESSAGES.tooManyThreadActions),
    });
    expect((await threadRow(threadId)).blockedBySide).toBeNull();
    // The other party's count is their own.
    await vendor.caller.messages.block({ threadId });
    await vendor.caller.messages.report({ threadId, reason: 'Spam' });
  });

  it('write live events only when they change something', async () => {
    const { family, vendor, listing } = await familyAndListing();
    const { threadId } = await requestThread(family, listing.id);
    const threadEvents = async () =>
      (
        await h.db
          .selectFrom('liveEvents')
          .select('seq')
          .where('kind', '=', 'thread')
          .where(sql<boolean>`ref->>'threadId' = ${threadId}`)
          .execute()
      ).length;
    await vendor.caller.messages.block({ threadId });
    expect(await threadEvents()).toBe(2);
    expect((await rejection(vendor.caller.messages.block({ threadId }))).code).toBe('CONFLICT');
    expect((await rejection(family.caller.messages.block({ threadId }))).code).toBe('CONFLICT');
    expect((await rejection(family.caller.messages.unblock({ threadId }))).code).toBe('FORBIDDEN');
    expect(await threadEvents()).toBe(2);
    // Racing unblocks: one changes the thread, the others find nothing to change.
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => vendor.caller.messages.unblock({ threadId })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await threadEvents()).toBe(4);
    expect((await rejection(vendor.caller.messages.unblock({ threadId }))).code).toBe('CONFLICT');
    expect(await threadEvents()).toBe(4);
  });
});

describe('reporting', () => {
  it('stores one open report per reporter and thread', async () => {
    const { threadId } = await requestThread();
    const report = await owner.caller.messages.report({ threadId, reason: '  Spam offers  ' });
    expect(report).toMatchObject({ status: 'open' });
    const row = await h.db
      .selectFrom('threadReports')
      .selectAll()
      .where('id', '=', report.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ threadId, reporterId: owner.user.id, reason: 'Spam offers', status: 'open' });
    const again = await rejection(owner.caller.messages.report({ threadId, reason: 'Still spam' }));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe(MESSAGING_MESSAGES.alreadyReported);
    // The other party may report too, and the same reporter again once the first is closed.
    await customer.caller.messages.report({ threadId, reason: 'Rude' });
    await h.db.updateTable('threadReports').set({ status: 'resolved' }).where('id', '=', report.id).execute();
    await owner.caller.messages.report({ threadId, reason: 'Spam again' });
    const blank = await rejection(owner.caller.messages.report({ threadId, reason: '   ' }));
    expect(blank.message).toBe(MESSAGING_MESSAGES.reportRequired);
  });
});

describe('quick replies', () => {
  it('are a vendor’s own, at most 10, edited from their version', async () => {
    const vendor = await h.signedIn('vendor');
    expect((await rejection(customer.caller.messages.quickReplies())).code).toBe('FORBIDDEN');
    expect(
      (await rejection(customer.caller.messages.createQuickReply({ title: 'Hi', body: 'Hello' }))).code,
    ).toBe('FORBIDDEN');

    const first = await vendor.caller.messages.createQuickReply({ title: ' Thanks ', body: 'Thank you!' });
    expect(first).toMatchObject({ title: 'Thanks', body: 'Thank you!', position: 0, version: 1 });
    for (let i = 1; i < MESSAGING_LIMITS.quickRepliesMax; i++) {
      await vendor.caller.messages.createQuickReply({ title: `Reply ${i}`, body: `Body ${i}` });
    }
    await expectRejected(
      vendor.caller.messages.createQuickReply({ title: 'One more', body: 'No' }),
      'CONFLICT',
      MESSAGING_MESSAGES.quickRepliesFull,
    );

    const list = await vendor.caller.messages.quickReplies();
    expect(list).toHaveLength(MESSAGING_LIMITS.quickRepliesMax);
    expect(list.map((q) => q.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

    const moved = await vendor.caller.messages.updateQuickReply({ id: first.id, position: 20, version: 1 });
    expect(moved).toMatchObject({ position: 20, version: 2, title: 'Thanks' });
    expect((await vendor.caller.messages.quickReplies()).at(-1)?.id).toBe(first.id);
    const stale = await rejection(
      vendor.caller.messages.updateQuickReply({ id: first.id, title: 'Old edit', version: 1 }),
    );
    expect(stale.code).toBe('CONFLICT');
    expect(stale).toBeInstanceOf(StaleWriteError);
    expect((stale as StaleWriteError).current).toMatchObject({ id: first.id, version: 2, position: 20 });

    await expectRejected(
      otherVendor.caller.messages.updateQuickReply({ id: first.id, title: 'Mine now', version: 2 }),
      'NOT_FOUND',
      MESSAGING_MESSAGES.quickReplyNotFound,
    );
    expect((await rejection(otherVendor.caller.messages.deleteQuickReply({ id: first.id }))).code).toBe(
      'NOT_FOUND',
    );

    expect(await vendor.caller.messages.deleteQuickReply({ id: first.id })).toEqual({ ok: true });
    expect((await rejection(vendor.caller.messages.deleteQuickReply({ id: first.id }))).code).toBe(
      'NOT_FOUND',
    );
    await vendor.caller.messages.createQuickReply({ title: 'Room again', body: 'Yes' });
  });

  it('cannot pass the cap with concurrent creates', async () => {
    const vendor = await h.signedIn('vendor');
    const results = await Promise.allSettled(
      Array.from({ length: MESSAGING_LIMITS.quickRepliesMax + 4 }, (_, i) =>
        vendor.caller.messages.createQuickReply({ title: `Q${i}`, body: 'Body' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(MESSAGING_LIMITS.quickRepliesMax);
    expect((await vendor.caller.messages.quickReplies()).length).toBe(MESSAGING_LIMITS.quickRepliesMax);
  });
});

/** A live stream of the user's inbox on a fresh session of theirs, as the procedures open one. */
async function inboxStream(user: { id: string; role: 'customer' | 'vendor' }, lastEventId?: string) {
  const session = await createSession(h.db, {
    userId: user.id,
    ttlMs: 60_000,
    now: new Date(),
    userAgent: 'vitest',
    ip: '127.0.0.1',
  });
  const abort = new AbortController();
  const stream = liveStream({
    db: h.db,
    hub: h.deps.live,
    feed: inboxFeed,
    user,
    sessionId: session.id,
    lastEventId: lastEventId ?? null,
    signals: [abort.signal],
  });
  const close = async () => {
    abort.abort();
    await stream.return(undefined);
  };
  return { stream, close };
}

describe('live events', () => {
  it('never replays a message, or the notification that carried its text, to someone who is no longer a party of its thread', async () => {
    const { family, vendor, listing } = await familyAndListing();
    const { threadId } = await requestThread(family, listing.id);
    const secret = 'Our date and budget, in confidence';
    await family.caller.messages.reply({ threadId, messageText: secret });
    const carriesSecret = (n: { body: string | null }) => n.body?.includes(secret) ?? false;
    const bellBefore = await vendor.caller.notifications.list();
    expect(bellBefore.items.filter(carriesSecret)).toHaveLength(1);
    // The vendor's claim is revoked: the listing has no owner now.
    await h.db
      .updateTable('vendors')
      .set({ ownerId: null, claimed: false })
      .where('id', '=', listing.id)
      .execute();
    // The bell neither shows nor counts what came with the thread's messages.
    const bellAfter = await vendor.caller.notifications.list();
    expect(bellAfter.items.filter(carriesSecret)).toEqual([]);
    expect(bellAfter.unreadCount).toBe(
      bellBefore.unreadCount - bellBefore.items.filter((n) => n.threadId === threadId && !n.readAt).length,
    );
    // Resuming from the very start: every event the vendor was ever sent is still kept.
    const { stream, close } = await inboxStream({ id: vendor.user.id, role: 'vendor' }, '0');
    try {
      const replayed = [];
      for (let item = await stream.next(); !item.done; item = await stream.next()) {
        replayed.push(item.value.event);
        if (replayed.length >= (await liveEventsOf(h.db, vendor.user.id)).length) break;
      }
      expect(replayed.length).toBeGreaterThan(0);
      // Each message comes back as a bare `thread` event, which a refetch then refuses.
      expect(replayed.filter((e) => e.kind === 'message')).toEqual([]);
      expect(replayed.filter((e) => e.kind === 'thread').length).toBeGreaterThan(0);
      // Its notification comes back as a bare `sync`, without the text it carried.
      expect(JSON.stringify(replayed)).not.toContain(secret);
    } finally {
      await close();
    }
  });

  it('numbers each user’s events without gaps and reaches the receiver’s open stream', async () => {
    const { family, vendor, listing } = await familyAndListing();
    const { threadId } = await requestThread(family, listing.id);

    const { stream, close } = await inboxStream({ id: family.user.id, role: 'customer' });
    try {
      const first = await stream.next();
      expect(first.value?.event.kind).toBe('sync');
      const reply = await vendor.caller.messages.reply({ threadId, messageText: 'Live hello' });
      const next = await stream.next();
      expect(next.value?.event).toMatchObject({
        kind: 'message',
        threadId,
        message: { id: reply.id, messageText: 'Live hello', mine: false },
        unread: { messages: 1 },
      });
    } finally {
      await close();
    }
    await family.caller.messages.markThreadSeen({ threadId });

    for (const user of [family, vendor]) {
      const rows = await liveEventsOf(h.db, user.user.id);
      expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
      const cursor = await h.db
        .selectFrom('liveCursors')
        .select('lastSeq')
        .where('userId', '=', user.user.id)
        .executeTakeFirstOrThrow();
      expect(Number(cursor.lastSeq)).toBe(rows.length);
    }
    const familyKinds = (await liveEventsOf(h.db, family.user.id)).map((r) => r.kind);
    // Their request; the reply with its notification and the request answered; the seen mark and
    // both notifications read.
    expect(familyKinds).toEqual([
      'message',
      'message',
      'notification',
      'notification',
      'seen',
      'notification',
      'notification',
    ]);
  });
});

describe('a customer account that owns a listing', () => {
  it('sees, answers and reads the threads to it from the vendor side, beside its own', async () => {
    const shop = await h.signedIn('customer', { name: 'Shira' });
    const listing = await newListing({ ownerId: shop.user.id, businessName: 'Shira Cakes' });
    const family = await h.signedIn('customer', { name: 'Dina' });
    // Shira asks a vendor herself, who answers: one unread message on her customer side.
    const own = await requestThread(shop);
    await owner.caller.messages.reply({ threadId: own.threadId, messageText: 'We are free that night' });
    const { threadId } = await requestThread(family, listing.id);

    // Her notification and mail lead where a customer account reads its conversations.
    const item = (await notificationsOf(shop.user.id)).find((n) => n.threadId === threadId);
    expect(item).toMatchObject({
      kind: 'message',
      title: 'New message from Dina',
      link: `/messages?thread=${threadId}`,
    });
    expect((await mailsTo(shop.user.id)).at(-1)?.textBody).toContain(`/messages?thread=${threadId}`);

    const { threads } = await shop.caller.messages.threads();
    expect(threads.map((t) => [t.id, t.side, t.unreadCount])).toEqual([
      [threadId, 'vendor', 1],
      [own.threadId, 'customer', 1],
    ]);
    expect((await shop.caller.messages.unreadCount()).unreadCount).toBe(2);

    const conversation = await shop.caller.messages.conversation({ threadId });
    expect(conversation.thread).toMatchObject({
      side: 'vendor',
      canReply: true,
      vendor: { id: listing.id, businessName: 'Shira Cakes' },
      customer: { id: family.user.id, name: 'Dina' },
    });
    const [first] = conversation.messages;
    expect(first).toMatchObject({ mine: false, senderSide: 'customer', receiverId: shop.user.id });

    const marked = await shop.caller.messages.markSeen({ messageId: first?.id as string });
    expect(marked.message.status).toBe('seen');
    expect(marked.unreadCount).toBe(1);
    expect((await threadRow(threadId)).unreadByVendor).toBe(0);

    const answer = await shop.caller.messages.reply({ threadId, messageText: 'Yes, we bake for 200 guests' });
    expect(answer).toMatchObject({ senderSide: 'vendor', receiverId: family.user.id, mine: true });
    const asFamily = await family.caller.messages.conversation({ threadId });
    expect(asFamily.messages.at(-1)).toMatchObject({ mine: false, senderSide: 'vendor' });
    expect(asFamily.thread.request?.status).toBe('responded');
    expect((await notificationsOf(family.user.id)).find((n) => n.kind === 'message')?.title).toBe(
      'New message from Shira Cakes',
    );

    await family.caller.messages.reply({ threadId, messageText: 'Wonderful, and gluten free?' });
    expect((await shop.caller.messages.unreadCount()).unreadCount).toBe(2);
    expect(await shop.caller.messages.markThreadSeen({ threadId })).toEqual({ seen: 1, unreadCount: 1 });
    expect(await shop.caller.messages.markThreadSeen({ threadId: own.threadId })).toEqual({
      seen: 1,
      unreadCount: 0,
    });

    // Her block is the vendor side's: it holds for the family and her listing.
    const blocked = await shop.caller.messages.block({ threadId });
    expect(blocked).toMatchObject({
      blocked: { bySide: 'vendor' },
      cannotReplyReason: MESSAGING_MESSAGES.youBlocked,
    });
    const refused = await rejection(
      family.caller.messages.startThread({ vendorId: listing.id, subject: 'Hi', messageText: 'Hi' }),
    );
    expect(refused.message).toBe(MESSAGING_MESSAGES.theyBlocked);
  });

  it('keeps a thread it is also the customer of on its customer side, listed once', async () => {
    const listing = await newListing();
    const shop = await h.signedIn('customer');
    const conversation = await shop.caller.messages.startThread({
      vendorId: listing.id,
      subject: 'Before I ran it',
      messageText: 'Is this hall free?',
    });
    const threadId = conversation.thread.id;
    await claim(listing.id, shop.user.id);
    const { threads } = await shop.caller.messages.threads();
    expect(threads.filter((t) => t.id === threadId).map((t) => t.side)).toEqual(['customer']);
    // Their own message is unread for the vendor side only: not theirs to count.
    expect((await threadRow(threadId)).unreadByVendor).toBe(1);
    expect((await shop.caller.messages.unreadCount()).unreadCount).toBe(0);
    expect((await shop.caller.messages.conversation({ threadId })).thread.side).toBe('customer');
  });

  it('works the same way round for a vendor account that is the customer of a thread', async () => {
    const vendor = await h.signedIn('vendor');
    await newListing({ ownerId: vendor.user.id });
    // Vendor accounts cannot start one; a thread written directly stands for any that might exist.
    const { id: threadId } = await h.db
      .insertInto('messageThreads')
      .values({ vendorId, customerId: vendor.user.id, subject: 'As a guest', unreadByCustomer: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { threads } = await vendor.caller.messages.threads();
    expect(threads.map((t) => [t.id, t.side, t.unreadCount])).toEqual([[threadId, 'customer', 1]]);
    expect((await vendor.caller.messages.unreadCount()).unreadCount).toBe(1);
    expect(await vendor.caller.messages.markThreadSeen({ threadId })).toEqual({ seen: 0, unreadCount: 0 });
  });
});

describe('query plans with many threads', () => {
  function planNodes(plan: Record<string, unknown>): Record<string, unknown>[] {
    const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
    return [plan, ...children.flatMap(planNodes)];
  }

  async function seqScans(query: { compile(): CompiledQuery }) {
    const compiled = query.compile();
    const { rows } = await h.db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
    );
    const raw = rows[0]?.['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Record<string, unknown> }[];
    return (
      planNodes(parsed[0]?.Plan as Record<string, unknown>)
        .filter((n) => n['Node Type'] === 'Seq Scan')
        .map((n) => n['Relation Name'])
        // A small table (the test's few listings) is read whole by design; these two grow without bound.
        .filter((name) => name === 'message_threads' || name === 'messages')
    );
  }

  it('reads threads and unread counts through indexes, for a customer, a vendor and a customer owning a listing', async () => {
    const big = await h.signedIn('vendor');
    const listing = await newListing({ ownerId: big.user.id });
    // One of the other listings belongs to a customer account, which reads its threads as a vendor does.
    const shop = await h.signedIn('customer');
    const others = await Promise.all(
      Array.from({ length: 20 }, (_, i) => newListing(i === 0 ? { ownerId: shop.user.id } : {})),
    );
    // 20,000 threads of 2,000 families with a message each, a quarter of them on the big listing.
    await sql`insert into users (email, password_hash, name, role)
      select 'plan-' || n || '@example.com', 'x', 'Family ' || n, 'customer' from generate_series(1, 2000) n`.execute(
      h.db,
    );
    const vendorIds = [listing.id, ...others.map((o) => o.id)];
    await sql`insert into message_threads (vendor_id, customer_id, subject, last_message_at, unread_by_vendor)
      select case when n % 4 = 0 then ${listing.id}::uuid else (${vendorIds}::uuid[])[2 + n % 20] end,
        u.id, 'Thread ' || n, now() - n * interval '1 minute', n % 3
      from generate_series(1, 20000) n
      join (select id, row_number() over (order by id) as k from users where email like 'plan-%') u
        on u.k = 1 + n % 2000`.execute(h.db);
    await sql`insert into messages (thread_id, sender_id, receiver_id, message_text, created_at)
      select t.id, t.customer_id, null, 'Hello', t.last_message_at from message_threads t
      where t.subject like 'Thread %'`.execute(h.db);
    await sql`analyze`.execute(h.db);

    const family = await h.db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('email', '=', 'plan-7@example.com')
      .executeTakeFirstOrThrow();
    const asFamily = { ...customer.user, id: family.id };
    const firstPage = { limit: 50 };
    expect(await seqScans(threadsPageQuery(h.db, asFamily, firstPage))).toEqual([]);
    expect(await seqScans(threadsPageQuery(h.db, big.user, firstPage))).toEqual([]);

    const page = await big.caller.messages.threads(firstPage);
    expect(page.threads).toHaveLength(50);
    const next = { limit: 50, cursor: page.nextCursor as string };
    expect(await seqScans(threadsPageQuery(h.db, big.user, next))).toEqual([]);
    expect(await seqScans(threadsPageQuery(h.db, asFamily, next))).toEqual([]);
    expect(await seqScans(threadsPageQuery(h.db, shop.user, firstPage))).toEqual([]);
    const shopPage = await shop.caller.messages.threads(firstPage);
    expect(shopPage.threads.every((t) => t.side === 'vendor')).toBe(true);
    expect(
      await seqScans(threadsPageQuery(h.db, shop.user, { limit: 50, cursor: shopPage.nextCursor as string })),
    ).toEqual([]);

    for (const user of [asFamily, big.user, shop.user]) {
      const unread = unreadCountQuery(h.db, user);
      if (!unread) throw new Error('customers and vendors have an unread count');
      expect(await seqScans(unread)).toEqual([]);
    }
  });
});
