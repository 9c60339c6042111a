import { describe, expect, it } from 'vitest';
import type { ConversationDto, MessageDto } from '../../shared/schemas/messages';
import { keepOlderMessages, mergeMessages } from './messages-cache';

const THREAD = '00000000-0000-4000-8000-000000000001';

function message(n: number): MessageDto {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    threadId: THREAD,
    senderId: '00000000-0000-4000-8000-0000000000aa',
    receiverId: null,
    senderSide: 'customer',
    mine: true,
    messageText: `message ${n}`,
    messageType: 'text',
    status: 'sent',
    seenAt: null,
    createdAt: new Date(Date.UTC(2026, 10, 23, 12, n)),
    attachments: [],
  };
}

function conversation(ns: number[], hasMoreBefore: boolean): ConversationDto {
  return {
    thread: { id: THREAD } as ConversationDto['thread'],
    messages: ns.map(message),
    hasMoreBefore,
  };
}

const numbers = (c: unknown) =>
  (c as ConversationDto).messages.map((m) => Number(m.messageText.split(' ')[1]));

describe('mergeMessages', () => {
  it('keeps one copy of each message, oldest first, the later copy winning', () => {
    const seen = { ...message(2), status: 'seen' as const };
    const merged = mergeMessages([message(3), message(2)], [seen, message(1)]);
    expect(merged.map((m) => m.messageText)).toEqual(['message 1', 'message 2', 'message 3']);
    expect(merged[1]?.status).toBe('seen');
  });
});

describe('keepOlderMessages', () => {
  it('keeps the older pages when the newest page is fetched again', () => {
    const loaded = conversation([1, 2, 3, 4, 5, 6], false);
    const fresh = conversation([4, 5, 6, 7], true);
    const kept = keepOlderMessages(loaded, fresh) as ConversationDto;
    expect(numbers(kept)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(kept.hasMoreBefore).toBe(false);
  });

  it('takes the fresh page alone when it no longer meets the loaded messages', () => {
    const loaded = conversation([1, 2, 3], true);
    const fresh = conversation([8, 9], true);
    expect(numbers(keepOlderMessages(loaded, fresh))).toEqual([8, 9]);
  });

  it('takes the fresh page as it is for another thread or a first load', () => {
    const fresh = conversation([1, 2], false);
    expect(keepOlderMessages(undefined, fresh)).toBe(fresh);
    const other = { ...conversation([5], false), thread: { id: 'other' } as ConversationDto['thread'] };
    expect(keepOlderMessages(other, fresh)).toBe(fresh);
  });
});
