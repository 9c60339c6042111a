import type { UserDto } from '../../shared/schemas/auth';
import type { Db } from '../db/create-db';

/** Admin actions the audit log knows (issue 13 adds its screens and the rest of the actions). */
export type AuditAction =
  | 'claim.approve'
  | 'claim.reject'
  | 'claim.revoke'
  | 'vendor.verify'
  | 'vendor.unverify'
  | 'vendor.hide'
  | 'vendor.unhide'
  | 'user.suspend'
  | 'user.reinstate'
  | 'user.role'
  | 'report.handle';

export interface AuditEntry {
  actor: Pick<UserDto, 'id' | 'email'>;
  action: AuditAction;
  targetType: 'claim' | 'vendor' | 'user' | 'report';
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
