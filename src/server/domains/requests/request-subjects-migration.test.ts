import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as migration from '../../../../migrations/2026-11-29T0400_request_subjects_name_the_day';
import { createThread, createUser, createVendor } from '../../demo/factories';
import { harnessForFile } from '../../test/harness';

const h = harnessForFile();

describe('migration 2026-11-29T0400: request subjects name the day', () => {
  it('writes the ISO date of stored request subjects as the app writes dates, and nothing else', async () => {
    const customer = await createUser(h.db);
    const vendor = await createVendor(h.db);
    const subjects = {
      'Wedding on 2027-06-15: availability request': 'Wedding on Tue, Jun 15, 2027: availability request',
      'Bar Mitzvah on 2026-01-03: availability request':
        'Bar Mitzvah on Sat, Jan 3, 2026: availability request',
      'Wedding on Tue, Jun 15, 2027: availability request':
        'Wedding on Tue, Jun 15, 2027: availability request',
      'Question about your availability': 'Question about your availability',
      'Moved on 2027-06-15: availability request, please':
        'Moved on 2027-06-15: availability request, please',
    };
    const ids = new Map<string, string>();
    for (const subject of Object.keys(subjects)) {
      ids.set(subject, (await createThread(h.db, vendor.id, customer.id, { subject })).id);
    }
    const stored = async () => {
      const rows = await h.db
        .selectFrom('messageThreads')
        .select(['id', 'subject'])
        .where('id', 'in', [...ids.values()])
        .execute();
      return new Map(rows.map((r) => [r.id, r.subject]));
    };

    await migration.up(h.db as unknown as Kysely<unknown>);
    const after = await stored();
    for (const [before, expected] of Object.entries(subjects)) {
      expect(after.get(ids.get(before) as string), before).toBe(expected);
    }

    // Undone, every subject of the new form goes back to the ISO date.
    await migration.down(h.db as unknown as Kysely<unknown>);
    const undone = await stored();
    expect(undone.get(ids.get('Wedding on 2027-06-15: availability request') as string)).toBe(
      'Wedding on 2027-06-15: availability request',
    );
    expect(undone.get(ids.get('Bar Mitzvah on 2026-01-03: availability request') as string)).toBe(
      'Bar Mitzvah on 2026-01-03: availability request',
    );
    expect(undone.get(ids.get('Question about your availability') as string)).toBe(
      'Question about your availability',
    );
  });
});
