import { sql } from 'kysely';
import type { Db } from '../db/create-db';
import type { NewUser, UserUpdate } from '../db/types';
import { userColumns } from './sessions';

export async function findUserById(db: Db, id: string) {
  return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
}

/** Case-insensitive match on the trimmed email; includes the hash, for sign-in only. */
export async function findUserCredentialsByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select([...userColumns, 'users.passwordHash'])
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
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

export async function updateUser(db: Db, id: string, values: UserUpdate) {
  return db
    .updateTable('users')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .returning(userColumns)
    .executeTakeFirstOrThrow();
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
