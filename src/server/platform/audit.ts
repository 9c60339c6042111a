import type { AuditActionValue } from '../../shared/schemas/admin';
import type { UserDto } from '../../shared/schemas/auth';
import type { Db } from './db/create-db';

/** Admin actions the audit log knows (one vocabulary with the Activity view's filter). */
export type AuditAction = AuditActionValue;

export interface AuditEntry {
  actor: Pick<UserDto, 'id' | 'email'>;
  action: AuditAction;
  targetType: 'claim' | 'vendor' | 'user' | 'report' | 'review';
  targetId: string | null;
  reason?: string | null;
  /** The changed fields before and after the action. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Writes one audit row in the caller's transaction, so the action and its record land together or
 * not at all. The table is append-only: the database refuses UPDATE, DELETE and TRUNCATE on it.
 */
export async function recordAudit(trx: Db, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('auditLog')
    .values({
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      reason: entry.reason ?? null,
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
    })
    .execute();
}
