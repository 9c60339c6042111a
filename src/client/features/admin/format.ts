import {
  AUDIT_REFERENCE_KEYS,
  type AuditActionValue,
  type AuditReferenceDto,
  type AuditReferenceKind,
} from '../../../shared/schemas/admin';
import { specificMessage, statusLabel } from '../vendor-dashboard/format';
import { adminSearchPath } from './admin-tabs';

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
  'review.hide': 'Hid a review',
  'review.unhide': 'Unhid a review',
  'review.dismiss_report': 'Dismissed a review report',
  'kashrut.verify': 'Verified a kashrut certificate',
  'kashrut.reject': 'Did not accept a kashrut certificate',
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
  'review.hide': 'red',
  'review.unhide': 'green',
  'review.dismiss_report': 'gray',
  'kashrut.verify': 'green',
  'kashrut.reject': 'red',
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

/** A piece of a changed value as shown: words, or a name linking to where the admin finds it. */
export interface ChangePart {
  text: string;
  href?: string;
}

export interface FieldChange {
  field: string;
  before: ChangePart[];
  after: ChangePart[];
}

/** The audit log's fields under the names the screens give them (ids are named by what they point at). */
const FIELD_LABELS: Record<string, string> = {
  ownerId: 'Owner',
  vendorId: 'Listing',
  userId: 'Account',
  claimId: 'Claim',
  rejectedClaimIds: 'Rejected claims',
  suspendedBy: 'Suspended by',
  suspendedUserId: 'Suspended account',
  approvedBy: 'Approved by',
  reportedId: 'Reported account',
  hidden: 'Visibility',
  verified: 'Verification',
};

/** Yes/no fields in the words of the Vendors tab's filter. */
const BOOLEAN_STATES: Record<string, [no: string, yes: string]> = {
  hidden: ['Visible', 'Hidden'],
  verified: ['Unverified', 'Verified'],
};

/** Fields holding a state, shown as the screens name it ('pending' -> 'Pending'). */
const STATE_FIELDS = new Set(['status', 'role']);

/** What an id names once it was deleted. */
export const DELETED_REFERENCE: Record<AuditReferenceKind, string> = {
  user: 'A deleted account',
  vendor: 'A deleted listing',
  claim: 'A deleted claim',
};

const REFERENCE_KINDS: Record<string, AuditReferenceKind | undefined> = AUDIT_REFERENCE_KEYS;

/** Where the admin dashboard shows a person or a listing: its tab, searched for it. */
export function referenceHref(reference: AuditReferenceDto): string | undefined {
  if (reference.name === null) return undefined;
  if (reference.kind === 'user') return adminSearchPath('users', reference.email ?? reference.name);
  if (reference.kind === 'vendor') return adminSearchPath('vendors', reference.name);
  return undefined;
}

/** A person, listing or claim by name, or as deleted; never by id. */
export function referencePart(reference: AuditReferenceDto): ChangePart {
  if (reference.name === null) return { text: DELETED_REFERENCE[reference.kind] };
  const href = referenceHref(reference);
  return href ? { text: reference.name, href } : { text: reference.name };
}

type References = ReadonlyMap<string, AuditReferenceDto>;

function valueParts(field: string, value: unknown, references: References): ChangePart[] {
  const kind = REFERENCE_KINDS[field];
  if (kind && (typeof value === 'string' || Array.isArray(value))) {
    const ids = Array.isArray(value) ? value : [value];
    if (ids.length === 0) return [{ text: 'None' }];
    return ids.map((id) => {
      const found = typeof id === 'string' ? references.get(`${kind}:${id.toLowerCase()}`) : undefined;
      return found ? referencePart(found) : { text: DELETED_REFERENCE[kind] };
    });
  }
  const states = BOOLEAN_STATES[field];
  if (states && typeof value === 'boolean') return [{ text: states[value ? 1 : 0] }];
  if (STATE_FIELDS.has(field) && typeof value === 'string' && value !== '') {
    return [{ text: statusLabel(value.replace(/_/g, ' ')) }];
  }
  return [{ text: changeValue(value) }];
}

/** The words of a changed value, links left out. */
export const partsText = (parts: ChangePart[]) => parts.map((p) => p.text).join(', ');

/**
 * The fields an audit row changed, before -> after, with people, listings and claims by name (from
 * the row's references) and states as the screens name them; fields whose value stayed are left out.
 */
export function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  references: readonly AuditReferenceDto[] = [],
): FieldChange[] {
  const byId: References = new Map(references.map((r) => [`${r.kind}:${r.id.toLowerCase()}`, r]));
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const from = valueParts(field, before?.[field], byId);
    const to = valueParts(field, after?.[field], byId);
    // Two deleted accounts read alike: a reference changed when its ids did.
    const same = REFERENCE_KINDS[field]
      ? sameIds(before?.[field], after?.[field])
      : JSON.stringify(from) === JSON.stringify(to);
    if (!same) changes.push({ field: FIELD_LABELS[field] ?? fieldLabel(field), before: from, after: to });
  }
  return changes;
}

function sameIds(a: unknown, b: unknown): boolean {
  // Nothing and an empty list alike say "no one".
  const norm = (v: unknown) =>
    JSON.stringify(v === undefined || v === '' || (Array.isArray(v) && v.length === 0) ? null : v, (_k, x) =>
      typeof x === 'string' ? x.toLowerCase() : x,
    );
  return norm(a) === norm(b);
}

/** Every id an audit row holds (its target, and each person, listing and claim it names), for its details. */
export function idsOf(targetType: string, targetId: string | null, references: readonly AuditReferenceDto[]) {
  const rows: { label: string; id: string }[] = [];
  const seen = new Set<string>();
  const kindWord: Record<string, string> = {
    user: 'Account',
    vendor: 'Listing',
    claim: 'Claim',
    report: 'Report',
  };
  if (targetId) {
    rows.push({
      label: `Target (${(kindWord[targetType] ?? statusLabel(targetType)).toLowerCase()})`,
      id: targetId,
    });
    seen.add(targetId.toLowerCase());
  }
  for (const r of references) {
    if (seen.has(r.id.toLowerCase())) continue;
    seen.add(r.id.toLowerCase());
    rows.push({ label: r.name ?? DELETED_REFERENCE[r.kind], id: r.id });
  }
  return rows;
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
