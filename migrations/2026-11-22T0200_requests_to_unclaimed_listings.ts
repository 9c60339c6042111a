import { type Kysely, sql } from 'kysely';

/**
 * A family may ask a listing that nobody has claimed yet. Its messages wait without a receiver
 * and reach the vendor who claims the listing, through the thread's vendor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages ALTER COLUMN receiver_id DROP NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM messages WHERE receiver_id IS NULL`.execute(db);
  await sql`ALTER TABLE messages ALTER COLUMN receiver_id SET NOT NULL`.execute(db);
}
