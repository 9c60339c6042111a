import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGING_MESSAGES } from '../../../shared/schemas/messages';
import { inTransaction } from '../../platform/db/transaction';
import { appendLiveEvents } from '../../platform/live/live-events';
import { rowsWhere } from '../../test/fixtures';
import { harnessForFile, type Party } from '../../test/harness';
import { rejection } from '../../test/rejection';
import { notify } from './notifications.service';

const h = harnessForFile();
let user: Party;

beforeAll(async () => {
  user = await h.signedIn('customer');
});

/** A notification for the user, announced as the services do. */
async function notifyUser(userId: string, link = '/messages', listing = 'Hello') {
  return inTransaction(h.db, async (trx) => {
    const event = await notify(trx, {
      userId,
      kind: 'admin_notice',
      about: { code: 'listing.visible', params: { listing } },
      link,
    });
    await appendLiveEvents(trx, [event]);
    return event.ref.notificationId as string;
  });
}

const eventsOf = async (userId: string) =>
  h.db.selectFrom('liveEvents').select(['seq', 'kind', 'ref']).where('userId', '=', userId).execute();

const offSite = [
  '//evil.example/x',
  '/\\evil.example',
  '/\\/evil.example',
  'https://evil.example/x',
  'javascript:alert(1)',
  'messages',
  '',
  '/\t/evil.example',
];

describe('notification links', () => {
  it('are paths of the app: notify() throws for anything else and writes nothing', async () => {
    const before = await rowsWhere(h.db, 'notifications', { userId: user.user.id });
    for (const link of offSite) {
      await expect(notifyUser(user.user.id, link), JSON.stringify(link)).rejects.toThrow(
        'is not a path of the app',
      );
    }
    await expect(notifyUser(user.user.id, `/${'x'.repeat(300)}`)).rejects.toThrow('is not a path of the app');
    const after = await rowsWhere(h.db, 'notifications', { userId: user.user.id });
    expect(after).toHaveLength(before.length);
    for (const link of ['/', '/messages?thread=1', '/vendor-dashboard?tab=messages&thread=2']) {
      await notifyUser(user.user.id, link);
    }
  });

  it('that are not paths of the app are refused by the table itself', async () => {
    for (const link of offSite) {
      const insert = h.db
        .insertInto('notifications')
        .values({ userId: user.user.id, kind: 'admin_notice', title: 'Direct', link })
        .execute();
      await expect(insert, JSON.stringify(link)).rejects.toThrow(/check constraint/);
    }
    await h.db
      .insertInto('notifications')
      .values({ userId: user.user.id, kind: 'admin_notice', title: 'Direct', link: '/events?x=1' })
      .execute();
  });
});

describe('notification text', () => {
  it('is cut to the column bounds without splitting a character', async () => {
    // "Your listing " and the name: the title reaches 200 characters in the middle of the emoji.
    const listing = `${'a'.repeat(185)}😀 and more`;
    const body = `${'b'.repeat(498)}👍🏽 and more`;
    const id = await inTransaction(h.db, async (trx) => {
      const event = await notify(trx, {
        userId: user.user.id,
        kind: 'admin_notice',
        about: { code: 'listing.hidden', params: { listing } },
        body,
        link: '/',
      });
      return event.ref.notificationId as string;
    });
    const row = await h.db
      .selectFrom('notifications')
      .select(['title', 'body'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe(`Your listing ${'a'.repeat(185)}…`);
    expect(row.body).toBe(`${'b'.repeat(498)}…`);
    expect(row.title + row.body).not.toContain('\uFFFD');
  });
});

describe('marking a notification read', () => {
  it('announces the change once, however often it is repeated', async () => {
    const reader = await h.signedIn('vendor');
    const id = await notifyUser(reader.user.id);
    const before = await eventsOf(reader.user.id);
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await reader.caller.notifications.markRead({ id }));
    expect(results[0]?.readAt).toBeInstanceOf(Date);
    // Read once: later marks keep the first time.
    expect(new Set(results.map((r) => r.readAt?.getTime())).size).toBe(1);
    const after = await eventsOf(reader.user.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ kind: 'notification', ref: { notificationId: id } });
    expect((await reader.caller.notifications.list()).unreadCount).toBe(0);
  });

  it('announces one change when marks of the same item race', async () => {
    const reader = await h.signedIn('customer');
    const id = await notifyUser(reader.user.id);
    const before = await eventsOf(reader.user.id);
    await Promise.all(Array.from({ length: 5 }, () => reader.caller.notifications.markRead({ id })));
    expect(await eventsOf(reader.user.id)).toHaveLength(before.length + 1);
  });

  it("is 'not found' for someone else's notification and one that does not exist", async () => {
    const owner = await h.signedIn('customer');
    const id = await notifyUser(owner.user.id);
    for (const [who, target] of [
      [user, id],
      [owner, randomUUID()],
    ] as const) {
      const error = await rejection(who.caller.notifications.markRead({ id: target }));
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toBe(MESSAGING_MESSAGES.notificationNotFound);
    }
    const row = await h.db
      .selectFrom('notifications')
      .select('readAt')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.readAt).toBeNull();
    const events = await h.db
      .selectFrom('liveEvents')
      .select('seq')
      .where(sql<boolean>`ref->>'notificationId' = ${id}`)
      .execute();
    // Only its creation.
    expect(events).toHaveLength(1);
  });
});
