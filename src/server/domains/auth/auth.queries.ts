import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db';
import { userColumns } from '../users/users.queries';

/** Case-insensitive match on the trimmed email; includes the hash and suspension, for sign-in only. */
export async function findUserCredentialsByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select([...userColumns, 'users.passwordHash', 'users.suspendedAt'])
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}
