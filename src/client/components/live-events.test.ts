import { describe, expect, it } from 'vitest';
import type { LiveEvent, NotificationDto } from '../../shared/schemas/messages';
import type { TrpcUtils } from '../lib/messages-cache';
import { applyLiveEvent } from './live-events';

/** A stand-in for trpc.useUtils(): records every procedure helper called, by its dotted path. */
function recordingUtils() {
  const calls: string[] = [];
  const at = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_, key) => at([...path, String(key)]),
      apply: () => {
        calls.push(path.join('.'));
        return Promise.resolve();
      },
    });
  return { utils: at([]) as TrpcUtils, calls };
}

/** Runs what the event asks to refetch at once, instead of a moment later. */
function applied(event: LiveEvent): string[] {
  const { utils, calls } = recordingUtils();
  applyLiveEvent(utils, event, (_key, refetch) => void refetch());
  return calls.filter((c) => c.endsWith('.invalidate'));
}

const unread = { messages: 0, notifications: 1 };

function notification(kind: NotificationDto['kind']): LiveEvent {
  const at = new Date('2026-11-23T12:00:00Z');
  return {
    kind: 'notification',
    unread,
    notification: {
      id: '00000000-0000-4000-8000-000000000001',
      kind,
      title: 'Your claim for Simcha Hall was approved',
      body: '',
      link: '/vendor-dashboard?tab=claims',
      threadId: null,
      readAt: null,
      createdAt: at,
      updatedAt: at,
    },
  };
}

describe('live events and the vendor dashboard', () => {
  it('reads the claims, the own listings and the role again when a claim was decided', () => {
    expect(applied(notification('claim_decided'))).toEqual(
      expect.arrayContaining([
        'claims.mine.invalidate',
        'vendors.mine.invalidate',
        'auth.session.invalidate',
      ]),
    );
  });

  it('leaves them alone for other notifications', () => {
    const refetched = applied(notification('request_answered'));
    expect(refetched).not.toContain('claims.mine.invalidate');
    expect(refetched).not.toContain('vendors.mine.invalidate');
  });

  it('reads them again after a reconnect, when a decision may have been missed', () => {
    expect(applied({ kind: 'sync', unread })).toEqual(
      expect.arrayContaining(['claims.mine.invalidate', 'vendors.mine.invalidate']),
    );
  });
});

describe('live events and the guest list', () => {
  it('reads the guest lists and their counts again when a list changed (an RSVP answer, an edit)', () => {
    const refetched = applied({ kind: 'guests', eventId: '00000000-0000-4000-8000-000000000002', unread });
    expect(refetched).toEqual(['guests.invalidate']);
  });

  it('leaves the guest lists alone for messages and notifications', () => {
    expect(applied(notification('request_answered'))).not.toContain('guests.invalidate');
  });
});
