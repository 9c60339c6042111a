import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGING_MESSAGES } from '../../../shared/schemas/messages';
import { messageCodeFields } from '../../platform/http/errors';
import { familyAndBand, rowsWhere, useUpLimit, vendorWithListing } from '../../test/fixtures';
import { harnessForFile, type Party } from '../../test/harness';

const h = harnessForFile();
let customer: Party;
let owner: Party;
let admin: Party;
let otherCustomer: Party;
let vendorId: string;

beforeAll(async () => {
  ({ customer, owner, vendorId } = await familyAndBand(h));
  admin = await h.signedIn('admin');
  otherCustomer = await h.signedIn('customer');
});

async function newThread(from: Party = customer) {
  const res = await h.request('POST', `/api/vendors/${vendorId}/request-availability`, from, {
    eventType: 'Wedding',
    date: '2027-06-13',
    message: 'Are you free?',
  });
  expect(res.statusCode).toBe(201);
  return res.json().threadId as string;
}

describe('the documented message paths (spec section 7)', () => {
  it('GET /api/messages/unread-count answers {unreadCount}, 401 for guests', async () => {
    await newThread();
    const res = await h.request('GET', '/api/messages/unread-count', owner);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['unreadCount']);
    expect(res.json().unreadCount).toBeGreaterThanOrEqual(1);
    expect((await h.request('GET', '/api/messages/unread-count', admin)).json()).toEqual({ unreadCount: 0 });
    const guest = await h.request('GET', '/api/messages/unread-count', null);
    expect(guest.statusCode).toBe(401);
  });

  it('GET /api/messages/threads lists the caller’s threads with a cursor', async () => {
    const threadId = await newThread();
    const res = await h.request('GET', '/api/messages/threads?limit=1', customer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.threads).toHaveLength(1);
    expect(body.threads[0]).toMatchObject({
      id: threadId,
      side: 'customer',
      vendor: { businessName: 'Hora Nights' },
    });
    expect(typeof body.threads[0].lastMessageAt).toBe('string');
    expect(typeof body.nextCursor).toBe('string');
    const next = await h.request(
      'GET',
      `/api/messages/threads?limit=1&cursor=${encodeURIComponent(body.nextCursor)}`,
      customer,
    );
    expect(next.statusCode).toBe(200);
    expect(next.json().threads[0].id).not.toBe(threadId);
    expect((await h.request('GET', '/api/messages/threads', admin)).statusCode).toBe(403);
    expect((await h.request('GET', '/api/messages/threads', null)).statusCode).toBe(401);
    expect((await h.request('GET', '/api/messages/threads?limit=0', customer)).statusCode).toBe(400);
  });

  it('GET /api/messages/{threadId} answers thread and messages; 404 to others, 403 to admins', async () => {
    const threadId = await newThread();
    const res = await h.request('GET', `/api/messages/${threadId}`, owner);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.thread).toMatchObject({
      subject: 'Wedding on Sun, Jun 13, 2027: availability request',
      eventType: 'Wedding',
      eventDate: '2027-06-13',
    });
    expect(body.thread.request).toMatchObject({ guestCount: 100, status: 'sent' });
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatchObject({ messageText: 'Are you free?', mine: false, status: 'sent' });

    const other = await h.request('GET', `/api/messages/${threadId}`, otherCustomer);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: MESSAGING_MESSAGES.threadNotFound,
        ...messageCodeFields(MESSAGING_MESSAGES.threadNotFound),
      },
    });
    expect((await h.request('GET', `/api/messages/${threadId}`, admin)).statusCode).toBe(403);
    expect((await h.request('GET', `/api/messages/${threadId}`, null)).statusCode).toBe(401);
    const older = await h.request('GET', `/api/messages/${threadId}?before=${body.messages[0].id}`, owner);
    expect(older.json()).toMatchObject({ messages: [], hasMoreBefore: false });
  });

  it('POST /api/messages/{threadId}/reply takes {messageText, messageType} and answers 201 with the message', async () => {
    const threadId = await newThread();
    const res = await h.request('POST', `/api/messages/${threadId}/reply`, owner, {
      messageText: '  We are free  ',
      messageType: 'text',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      threadId,
      messageText: 'We are free',
      senderSide: 'vendor',
      mine: true,
    });
    const blank = await h.request('POST', `/api/messages/${threadId}/reply`, owner, { messageText: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(MESSAGING_MESSAGES.replyRequired);
    const long = await h.request('POST', `/api/messages/${threadId}/reply`, owner, {
      messageText: 'a'.repeat(5001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(MESSAGING_MESSAGES.replyTooLong);
    const other = await h.request('POST', `/api/messages/${threadId}/reply`, otherCustomer, {
      messageText: 'Hi',
    });
    expect(other.statusCode).toBe(404);
  });

  it('a reply retried with the same Idempotency-Key posts once', async () => {
    const threadId = await newThread();
    const key = randomUUID();
    const send = () =>
      h.request(
        'POST',
        `/api/messages/${threadId}/reply`,
        customer,
        { messageText: 'Once' },
        {
          'idempotency-key': key,
        },
      );
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const rows = await rowsWhere(h.db, 'messages', { threadId, messageText: 'Once' });
    expect(rows).toHaveLength(1);
  });

  it('PATCH /api/messages/{messageId}/seen with an empty body marks the receiver’s message seen', async () => {
    const threadId = await newThread();
    const reply = await h.request('POST', `/api/messages/${threadId}/reply`, owner, { messageText: 'Yes!' });
    const messageId = reply.json().id as string;
    const bySender = await h.request('PATCH', `/api/messages/${messageId}/seen`, owner);
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json().error.message).toBe(MESSAGING_MESSAGES.notReceiver);
    const before = (await h.request('GET', '/api/messages/unread-count', customer)).json()
      .unreadCount as number;
    const res = await h.request('PATCH', `/api/messages/${messageId}/seen`, customer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: { id: messageId, status: 'seen' }, unreadCount: before - 1 });
    expect(typeof res.json().message.seenAt).toBe('string');
    expect((await h.request('PATCH', `/api/messages/${messageId}/seen`, otherCustomer)).statusCode).toBe(404);
  });

  it('POST /api/messages/{threadId}/mark-seen marks every incoming message', async () => {
    const threadId = await newThread();
    const res = await h.request('POST', `/api/messages/${threadId}/mark-seen`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ seen: 1 });
  });

  it('POST and DELETE /api/messages/{threadId}/block, POST .../report', async () => {
    const threadId = await newThread();
    const blocked = await h.request('POST', `/api/messages/${threadId}/block`, owner);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ canReply: false, blocked: { bySide: 'vendor' } });
    const refused = await h.request('POST', `/api/messages/${threadId}/reply`, customer, {
      messageText: 'Hello?',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGING_MESSAGES.theyBlocked);
    expect((await h.request('POST', `/api/messages/${threadId}/block`, customer)).statusCode).toBe(409);
    expect((await h.request('DELETE', `/api/messages/${threadId}/block`, customer)).statusCode).toBe(403);
    const unblocked = await h.request('DELETE', `/api/messages/${threadId}/block`, owner);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json()).toMatchObject({ canReply: true, blocked: null });

    const report = await h.request('POST', `/api/messages/${threadId}/report`, customer, { reason: 'Pushy' });
    expect(report.statusCode).toBe(201);
    expect(report.json()).toMatchObject({ status: 'open' });
    const again = await h.request('POST', `/api/messages/${threadId}/report`, customer, { reason: 'Pushy' });
    expect(again.statusCode).toBe(409);
  });

  it('POST /api/messages/threads starts a conversation (201), customers only', async () => {
    const res = await h.request('POST', '/api/messages/threads', customer, {
      vendorId,
      subject: 'Small dinner',
      messageText: 'Do you play dinners?',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ thread: { subject: 'Small dinner' }, messages: [{ mine: true }] });
    const byVendor = await h.request('POST', '/api/messages/threads', owner, {
      vendorId,
      subject: 'x',
      messageText: 'x',
    });
    expect(byVendor.statusCode).toBe(403);
    const missing = await h.request('POST', '/api/messages/threads', customer, {
      vendorId: randomUUID(),
      subject: 'x',
      messageText: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(MESSAGING_MESSAGES.vendorNotFound);
  });

  it('answers 429 with Retry-After past the rate limit', async () => {
    const family = await h.signedIn('customer');
    const threadId = await newThread(family);
    await useUpLimit(h.db, `messages:user:${family.user.id}`, h.deps.config.limits.messages);
    const res = await h.request('POST', `/api/messages/${threadId}/reply`, family, { messageText: 'Hi' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('quick replies over REST', () => {
  it('GET, POST (201), PATCH with version, DELETE', async () => {
    const vendor = await h.signedIn('vendor');
    const created = await h.request('POST', '/api/quick-replies', vendor, {
      title: 'Thanks',
      body: 'Thank you!',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const list = await h.request('GET', '/api/quick-replies', vendor);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject([{ id, title: 'Thanks' }]);
    const edited = await h.request('PATCH', `/api/quick-replies/${id}`, vendor, {
      body: 'Thanks!',
      version: 1,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ body: 'Thanks!', version: 2 });
    const stale = await h.request('PATCH', `/api/quick-replies/${id}`, vendor, {
      body: 'Old',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toMatchObject({ id, version: 2, body: 'Thanks!' });
    expect((await h.request('GET', '/api/quick-replies', customer)).statusCode).toBe(403);
    expect((await h.request('DELETE', `/api/quick-replies/${id}`, owner)).statusCode).toBe(404);
    const deleted = await h.request('DELETE', `/api/quick-replies/${id}`, vendor);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
  });
});

describe('notifications over REST', () => {
  it('GET /api/notifications, PATCH /{id}/read, POST /read-all', async () => {
    const { vendor, listing } = await vendorWithListing(h, { claimed: true });
    for (let i = 0; i < 2; i++) {
      const res = await h.request('POST', '/api/messages/threads', customer, {
        vendorId: listing.id,
        subject: `Question ${i}`,
        messageText: `Question ${i}?`,
      });
      expect(res.statusCode).toBe(201);
    }
    const list = await h.request('GET', '/api/notifications', vendor);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ unreadCount: 2 });
    expect(list.json().items[0]).toMatchObject({
      kind: 'message',
      title: 'New message from Miriam',
      about: { code: 'message.new', params: { sender: 'Miriam' } },
      readAt: null,
    });
    const first = list.json().items[0].id as string;
    const read = await h.request('PATCH', `/api/notifications/${first}/read`, vendor);
    expect(read.statusCode).toBe(200);
    expect(typeof read.json().readAt).toBe('string');
    expect((await h.request('PATCH', `/api/notifications/${first}/read`, customer)).statusCode).toBe(404);
    const all = await h.request('POST', '/api/notifications/read-all', vendor);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ updated: 1 });
    expect((await h.request('GET', '/api/notifications', vendor)).json().unreadCount).toBe(0);
    expect((await h.request('GET', '/api/notifications', admin)).statusCode).toBe(200);
    expect((await h.request('GET', '/api/notifications', null)).statusCode).toBe(401);
  });
});

describe('routing', () => {
  it('static paths win over {threadId}', async () => {
    for (const path of ['/api/messages/unread-count', '/api/messages/threads']) {
      const res = await h.request('GET', path, customer);
      expect(res.statusCode).toBe(200);
    }
    // Not a thread id: refused by the input check with the conversation's own words.
    const bogus = await h.request('GET', '/api/messages/not-a-thread', customer);
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().error.message).toBe(MESSAGING_MESSAGES.threadNotFound);
  });
});
