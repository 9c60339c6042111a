import { describe, expect, it } from 'vitest';
import { LiveHub, type NotificationSource } from './hub';

/** A source driven by the test, as a LISTEN connection would drive it. */
function manualSource() {
  let handlers: Parameters<NotificationSource['start']>[0] | null = null;
  const source: NotificationSource = {
    listening: true,
    async start(h) {
      handlers = h;
    },
    async stop() {},
  };
  return {
    source,
    notify: (userId: string) => handlers?.onNotify(userId),
    resync: () => handlers?.onResync(),
  };
}

describe('LiveHub', () => {
  it('wakes only the streams of the notified user', async () => {
    const { source, notify } = manualSource();
    const hub = new LiveHub(source);
    await hub.start();
    const woken: string[] = [];
    hub.subscribe('a', () => woken.push('a1'));
    hub.subscribe('a', () => woken.push('a2'));
    const offB = hub.subscribe('b', () => woken.push('b'));
    notify('a');
    expect(woken).toEqual(['a1', 'a2']);
    offB();
    notify('b');
    expect(woken).toEqual(['a1', 'a2']);
    expect(hub.streamCount).toBe(2);
  });

  it("ends a user's oldest stream when they open more than allowed", () => {
    const hub = new LiveHub(manualSource().source, { maxStreamsPerUser: 2 });
    const evicted: number[] = [];
    const offs = [1, 2, 3, 4].map((n) =>
      hub.subscribe(
        'a',
        () => {},
        () => evicted.push(n),
      ),
    );
    hub.subscribe('b', () => {});
    expect(evicted).toEqual([1, 2]);
    expect(hub.streamCount).toBe(3);
    // Unsubscribing an evicted stream afterwards is harmless.
    offs[0]?.();
    expect(hub.streamCount).toBe(3);
  });

  it('lets at most maxConcurrentReads reads run at once, and every read runs', async () => {
    const hub = new LiveHub(manualSource().source, { maxConcurrentReads: 3 });
    let running = 0;
    let peak = 0;
    const reads = Array.from({ length: 20 }, (_, i) =>
      hub.read(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        running -= 1;
        if (i === 5) throw new Error('a failed read frees its slot');
        return i;
      }),
    );
    const results = await Promise.allSettled(reads);
    expect(peak).toBe(3);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(19);
    // The slots are all free again.
    expect(await hub.read(async () => running)).toBe(0);
  });

  it('after a resync, wakes every stream within the spread', async () => {
    const { source, resync } = manualSource();
    const hub = new LiveHub(source, { resyncSpreadMs: 50 });
    await hub.start();
    const woken = new Set<string>();
    for (const user of ['a', 'b', 'c']) hub.subscribe(user, () => woken.add(user));
    resync();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect([...woken].sort()).toEqual(['a', 'b', 'c']);
  });
});
