import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importGuestFile } from '../domains/guests/guests.import';
import type { Db } from '../platform/db/create-db';

/** The demo guest list's file, in src/server/demo/ of the checkout (found from src/ or dist/ alike). */
export function demoGuestListPath(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('demo: no package.json above the server');
    dir = up;
  }
  return path.join(dir, 'src', 'server', 'demo', 'guest-list.csv');
}

/**
 * The demo family's guest list (decision 043), made the way a family makes one: its CSV file
 * (invented people, example.com addresses, no answers yet) imported through the import itself, in
 * the seeding transaction. Everyone is invited to the event; nobody has answered.
 */
export async function seedDemoGuestList(
  trx: Db,
  event: { id: string; userId: string; title: string },
): Promise<{ imported: number; households: number }> {
  const bytes = readFileSync(demoGuestListPath());
  const result = await importGuestFile(trx, { ...event, namedEventId: event.id }, bytes);
  if (result.skipped > 0) throw new Error(`demo guest list: ${result.skipped} rows left out as duplicates`);
  return result;
}
