import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db';
import { newSecretToken, sha256Hex } from '../../platform/tokens';

/** 256 random bits, URL-safe, for a reset link. Only its SHA-256 is stored. */
export function newResetToken(): string {
  return newSecretToken();
}

export function hashResetToken(token: string): string {
  return sha256Hex(token);
}

/** Who a reset mail goes to: case-insensitive match on the trimmed email. */
export async function findUserForReset(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('passwordHash').where('id', '=', userId).executeTakeFirst();
  return row?.passwordHash ?? null;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string, now: Date) {
  await db.updateTable('users').set({ passwordHash, updatedAt: now }).where('id', '=', userId).execute();
}

export async function insertResetToken(
  db: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .insertInto('passwordResetTokens')
    .values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      expiresAt: values.expiresAt,
      createdAt: values.now,
    })
    .execute();
}

/** A token that can still be used, with its user; null when unknown, used or expired. */
export async function findUsableResetToken(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('passwordResetTokens')
    .innerJoin('users', 'users.id', 'passwordResetTokens.userId')
    .select(['passwordResetTokens.id', 'users.id as userId', 'users.email', 'users.suspendedAt'])
    .where('passwordResetTokens.tokenHash', '=', tokenHash)
    .where('passwordResetTokens.usedAt', 'is', null)
    .where('passwordResetTokens.expiresAt', '>', now)
    .executeTakeFirst();
}

/**
 * Marks a usable token used and returns its user, or null when another request used it first:
 * the conditional update lets exactly one of two racing confirmations through.
 */
export async function useResetToken(db: Db, tokenHash: string, now: Date): Promise<string | null> {
  const row = await db
    .updateTable('passwordResetTokens')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning('userId')
    .executeTakeFirst();
  return row?.userId ?? null;
}

/** Every reset link of the user still outstanding stops working (its password just changed). */
export async function retireResetTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('passwordResetTokens')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .execute();
}

/** Drops links that expired or were used over a day ago; nothing can use them any more. */
export async function deleteDeadResetTokens(db: Db, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const result = await db
    .deleteFrom('passwordResetTokens')
    .where((eb) => eb.or([eb('expiresAt', '<=', dayAgo), eb('usedAt', '<=', dayAgo)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
