import type { AuditActionValue } from '../../../shared/schemas/admin';
import { specificMessage } from '../vendor-dashboard/format';

export { timeAgo } from '../profile/relative-time';
export { formatCount, formatDate, formatDateTime, statusLabel } from '../vendor-dashboard/format';

/** The audit log's actions as a person says them (the Activity tab's rows and its filter). */
export const AUDIT_ACTION_LABELS: Record<AuditActionValue, string> = {
  'claim.approve': 'Approved a claim',
  'claim.reject': 'Rejected a claim',
  'claim.revoke': 'Revoked a claim',
  'vendor.verify': 'Verified a listing',
  'vendor.unverify': 'Removed a verification',
  'vendor.hide': 'Hid a listing',
  'vendor.unhide': 'Unhid a listing',
  'user.suspend': 'Suspended an account',
  'user.reinstate': 'Reinstated an account',
  'user.role': 'Changed a role',
  'report.dismiss': 'Dismissed a report',
  'report.suspend_sender': 'Suspended a reported sender',
};

/** An action the log holds that this screen does not know yet still reads as something. */
export function auditActionLabel(action: string): string {
  return action in AUDIT_ACTION_LABELS
    ? AUDIT_ACTION_LABELS[action as AuditActionValue]
    : action.replace(/[._]/g, ' ');
}

const AUDIT_ACTION_PALETTES: Record<AuditActionValue, 'green' | 'red' | 'orange' | 'gray'> = {
  'claim.approve': 'green',
  'claim.reject': 'red',
  'claim.revoke': 'red',
  'vendor.verify': 'green',
  'vendor.unverify': 'orange',
  'vendor.hide': 'red',
  'vendor.unhide': 'green',
  'user.suspend': 'red',
  'user.reinstate': 'green',
  'user.role': 'orange',
  'report.dismiss': 'gray',
  'report.suspend_sender': 'red',
};

/** Colour of an action's badge: what takes something away in red, what gives it back in green. */
export function auditActionPalette(action: string): 'green' | 'red' | 'orange' | 'gray' {
  return AUDIT_ACTION_PALETTES[action as AuditActionValue] ?? 'gray';
}

/** 'suspendedAt' -> 'Suspended at'. */
export function fieldLabel(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A before or after value of the audit log (JSON) in words. */
export function changeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return dateTime.format(new Date(value));
    // An id says little to a person: its first characters are enough to tell two apart.
    if (UUID.test(value)) return `${value.slice(0, 8)}…`;
    return value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(changeValue).join(', ');
  return JSON.stringify(value);
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** The fields an audit row changed, before -> after; fields whose value stayed are left out. */
export function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const from = changeValue(before?.[field]);
    const to = changeValue(after?.[field]);
    if (from !== to) changes.push({ field: fieldLabel(field), before: from, after: to });
  }
  return changes;
}

/**
 * The spec's fixed failure text, followed by the server's reason when it gave one a person can act
 * on ('Another claim for this listing has already been approved').
 */
export function failureText(fixed: string, error: unknown): string {
  const specific = specificMessage(error);
  return specific ? `${fixed} ${specific}` : fixed;
}

/** '1–25 of 83'. */
export function rangeText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'None';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `${first}–${last} of ${total}`;
}
