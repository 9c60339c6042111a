import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db';
import type { NewUser, UserUpdate } from '../../platform/db/types';

/**
 * A person's account as every domain reads it (the UserDto): never the password hash or the
 * suspension, which only signing in reads.
 */
export const userColumns = [
  'users.id',
  'users.email',
  'users.name',
  'users.phone',
  'users.familyLabel',
  'users.hebrewDatesEnabled',
  'users.shabbatWarningsEnabled',
  'users.emailNotificationsEnabled',
  'users.role',
  'users.createdAt',
  'users.emailConfirmedAt',
  'users.homePlaceId',
  'users.observanceSchedule',
  'users.candleMinutes',
  'users.havdalah',
  'users.weddingCustom',
  'users.language',
  'users.version',
] as const;

export async function findUserById(db: Db, id: string) {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

export async function emailTakenByOther(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  let q = db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase());
  if (exceptUserId) q = q.where('id', '!=', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Db, values: NewUser) {
  return db.insertInto('users').values(values).returning(userColumns).executeTakeFirstOrThrow();
}

/**
 * Applies profile changes if the user is still at `version`, raising it by one, and answers the
 * user as this statement wrote them; undefined when the row is not at that version.
 */
export async function updateUserAt(db: Db, id: string, version: number, values: UserUpdate) {
  return db
    .updateTable('users')
    .set({ ...values, version: sql<number>`version + 1`, updatedAt: new Date() })
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(userColumns)
    .executeTakeFirst();
}
