import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readGuestFile } from '../domains/guests/guests.import';
import { createHarness } from '../test/harness';
import { demoGuestListPath } from './demo-guests';
import { DEMO_ACCOUNTS, seedDemoData } from './seed';

describe('the demo guest list', () => {
  it('is a clean file: invented people at example.com, no answers, households named', () => {
    const file = readGuestFile(readFileSync(demoGuestListPath()));
    expect(file.rows.every((r) => r.errors.length === 0)).toBe(true);
    expect(file.columns.map((c) => c.field)).not.toContain(null);
    for (const r of file.rows) {
      if (r.email) expect(r.email).toMatch(/@example\.com$/);
      expect(r.household).not.toBe('');
    }
  });

  it("is imported into the demo family's bar mitzvah, everyone invited and no one answered", async () => {
    const fresh = await createHarness();
    try {
      await seedDemoData(fresh.db, { vendors: 0 });
      const event = await fresh.db
        .selectFrom('events as e')
        .innerJoin('users as u', 'u.id', 'e.userId')
        .select(['e.id'])
        .where('u.email', '=', DEMO_ACCOUNTS.customer.email)
        .where('e.title', '=', "Ari's Bar Mitzvah")
        .executeTakeFirstOrThrow();
      const guests = await fresh.db
        .selectFrom('guests as g')
        .innerJoin('guestInvitations as i', 'i.guestId', 'g.id')
        .select(['g.name', 'g.householdId', 'i.eventId', 'i.rsvp', 'i.answeredAt'])
        .where('g.eventId', '=', event.id)
        .execute();
      expect(guests).toHaveLength(39);
      expect(new Set(guests.map((g) => g.householdId)).size).toBe(15);
      expect(
        guests.every((g) => g.eventId === event.id && g.rsvp === 'invited' && g.answeredAt === null),
      ).toBe(true);
      const households = await fresh.db
        .selectFrom('households')
        .select(['name', 'plusOnesAllowed'])
        .where('eventId', '=', event.id)
        .execute();
      expect(households).toContainEqual({ name: 'The Cohens from Chicago', plusOnesAllowed: 0 });
      expect(households).toContainEqual({ name: 'The Mizrahis', plusOnesAllowed: 1 });
    } finally {
      await fresh.close();
    }
  });
});
