import {
  AUDIT_REFERENCE_KEYS,
  type AuditActionValue,
  type AuditReferenceDto,
  type AuditReferenceKind,
} from '../../../shared/schemas/admin';
import type { MessageId } from '../../i18n/catalogue';
import { term } from '../../i18n/terms';
import type { Translate } from '../../i18n/use-t';
import { dateFormat } from '../../lib/intl';
import { specificMessage } from '../vendor-dashboard/format';
import { adminSearchPath } from './admin-tabs';

export { formatCount } from '../../lib/intl';
export { timeAgo } from '../profile/relative-time';

/** 'Nov 3, 2026', in the page's language. */
export const formatDate = (date: Date) =>
  dateFormat({ month: 'short', day: 'numeric', year: 'numeric' }).format(date);
/** 'Nov 3, 2026, 4:05 PM', in the page's language. */
export const formatDateTime = (date: Date) =>
  dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(date);

/** 'pending' -> 'Pending': a value this screen has no name for still reads as something. */
const capitalized = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The states of claims, reports and certificates, as the screens name them. */
export const STATE_LABELS = {
  pending: 'admin.state.pending',
  approved: 'admin.state.approved',
  rejected: 'admin.state.rejected',
  withdrawn: 'admin.state.withdrawn',
  revoked: 'admin.state.revoked',
  open: 'admin.state.open',
  resolved: 'admin.state.resolved',
  dismissed: 'admin.state.dismissed',
  stated: 'admin.state.stated',
  verified: 'admin.state.verified',
  expired: 'admin.state.expired',
} as const satisfies Record<string, MessageId>;

/** A claim's, a report's or a certificate's state in the page's language ('pending' -> 'Pending'). */
export function stateLabel(t: Translate, state: string): string {
  const id = Object.hasOwn(STATE_LABELS, state)
    ? STATE_LABELS[state as keyof typeof STATE_LABELS]
    : undefined;
  return id ? t(id) : capitalized(state.replace(/_/g, ' '));
}

/** The audit log's actions as a person says them (the Activity tab's rows and its filter). */
export const AUDIT_ACTION_LABELS: Record<AuditActionValue, MessageId> = {
  'claim.approve': 'admin.audit.action.claimApprove',
  'claim.reject': 'admin.audit.action.claimReject',
  'claim.revoke': 'admin.audit.action.claimRevoke',
  'vendor.verify': 'admin.audit.action.vendorVerify',
  'vendor.unverify': 'admin.audit.action.vendorUnverify',
  'vendor.hide': 'admin.audit.action.vendorHide',
  'vendor.unhide': 'admin.audit.action.vendorUnhide',
  'user.suspend': 'admin.audit.action.userSuspend',
  'user.reinstate': 'admin.audit.action.userReinstate',
  'user.role': 'admin.audit.action.userRole',
  'report.dismiss': 'admin.audit.action.reportDismiss',
  'report.suspend_sender': 'admin.audit.action.reportSuspendSender',
  'review.hide': 'admin.audit.action.reviewHide',
  'review.unhide': 'admin.audit.action.reviewUnhide',
  'review.dismiss_report': 'admin.audit.action.reviewDismissReport',
  'kashrut.verify': 'admin.audit.action.kashrutVerify',
  'kashrut.reject': 'admin.audit.action.kashrutReject',
};

/** An action the log holds that this screen does not know yet still reads as something. */
export function auditActionLabel(t: Translate, action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action)
    ? t(AUDIT_ACTION_LABELS[action as AuditActionValue])
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

/** What an audit entry acted on ('vendor' -> 'Listing'), in the page's language. */
export function targetKindLabel(t: Translate, kind: string): string {
  return t('admin.audit.kind', { kind, raw: capitalized(kind) });
}

/** 'suspendedAt' -> 'Suspended at': a field this screen has no name for. */
export function fieldLabel(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A before or after value of the audit log (JSON) in words. */
export function changeValue(t: Translate, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value === true) return t('admin.audit.yes');
  if (value === false) return t('admin.audit.no');
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return formatDateTime(new Date(value));
    // An id says little to a person: its first characters are enough to tell two apart.
    if (UUID.test(value)) return `${value.slice(0, 8)}…`;
    return value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    return value.length === 0 ? t('admin.audit.emptyList') : value.map((v) => changeValue(t, v)).join(', ');
  }
  return JSON.stringify(value);
}

/**
 * A piece of a changed value as shown: words, or a name (of a person or a listing, shown isolated
 * from the words around it) linking to where the admin finds it.
 */
export interface ChangePart {
  text: string;
  href?: string;
  name?: true;
}

export interface FieldChange {
  field: string;
  before: ChangePart[];
  after: ChangePart[];
}

/** The audit log's fields under the names the screens give them (ids are named by what they point at). */
const FIELD_LABELS: Record<string, MessageId> = {
  ownerId: 'admin.audit.field.ownerId',
  vendorId: 'admin.audit.field.vendorId',
  userId: 'admin.audit.field.userId',
  claimId: 'admin.audit.field.claimId',
  rejectedClaimIds: 'admin.audit.field.rejectedClaimIds',
  suspendedBy: 'admin.audit.field.suspendedBy',
  suspendedUserId: 'admin.audit.field.suspendedUserId',
  approvedBy: 'admin.audit.field.approvedBy',
  reportedId: 'admin.audit.field.reportedId',
  hidden: 'admin.audit.field.hidden',
  verified: 'admin.audit.field.verified',
  hiddenReason: 'admin.audit.field.hiddenReason',
  suspendedAt: 'admin.audit.field.suspendedAt',
  suspendedReason: 'admin.audit.field.suspendedReason',
  role: 'admin.audit.field.role',
  status: 'admin.audit.field.status',
  verifiedAt: 'admin.audit.field.verifiedAt',
  agency: 'admin.audit.field.agency',
  agencyOther: 'admin.audit.field.agencyOther',
  level: 'admin.audit.field.level',
  chalavYisrael: 'admin.audit.field.chalavYisrael',
  pasYisrael: 'admin.audit.field.pasYisrael',
  glatt: 'admin.audit.field.glatt',
  mehadrin: 'admin.audit.field.mehadrin',
  shomerShabbat: 'admin.audit.field.shomerShabbat',
  expiresOn: 'admin.audit.field.expiresOn',
  certificateId: 'admin.audit.field.certificateId',
  closedReports: 'admin.audit.field.closedReports',
  reportId: 'admin.audit.field.reportId',
};

/** A field's name in the page's language; one this screen does not know, from its key. */
function fieldName(t: Translate, field: string): string {
  return Object.hasOwn(FIELD_LABELS, field) ? t(FIELD_LABELS[field] as MessageId) : fieldLabel(field);
}

/** Yes/no fields in the words of the Vendors tab's filter. */
const BOOLEAN_STATES: Record<string, [no: MessageId, yes: MessageId]> = {
  hidden: ['admin.vendors.status.visible', 'admin.vendors.status.hidden'],
  verified: ['admin.vendors.status.unverified', 'admin.vendors.status.verified'],
};

/** What an id names once it was deleted. */
export const DELETED_REFERENCE: Record<AuditReferenceKind, MessageId> = {
  user: 'admin.audit.deleted.user',
  vendor: 'admin.audit.deleted.vendor',
  claim: 'admin.audit.deleted.claim',
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
export function referencePart(t: Translate, reference: AuditReferenceDto): ChangePart {
  if (reference.name === null) return { text: t(DELETED_REFERENCE[reference.kind]) };
  const href = referenceHref(reference);
  return href ? { text: reference.name, href, name: true } : { text: reference.name, name: true };
}

type References = ReadonlyMap<string, AuditReferenceDto>;

function valueParts(t: Translate, field: string, value: unknown, references: References): ChangePart[] {
  const kind = REFERENCE_KINDS[field];
  if (kind && (typeof value === 'string' || Array.isArray(value))) {
    const ids = Array.isArray(value) ? value : [value];
    if (ids.length === 0) return [{ text: t('admin.audit.noOne') }];
    return ids.map((id) => {
      const found = typeof id === 'string' ? references.get(`${kind}:${id.toLowerCase()}`) : undefined;
      return found ? referencePart(t, found) : { text: t(DELETED_REFERENCE[kind]) };
    });
  }
  const states = BOOLEAN_STATES[field];
  if (states && typeof value === 'boolean') return [{ text: t(states[value ? 1 : 0]) }];
  if (field === 'role' && typeof value === 'string' && value !== '') {
    return [{ text: term(t, 'role', value) }];
  }
  if (field === 'status' && typeof value === 'string' && value !== '') {
    return [{ text: stateLabel(t, value) }];
  }
  return [{ text: changeValue(t, value) }];
}

/** The words of a changed value, links left out. */
export const partsText = (parts: ChangePart[]) => parts.map((p) => p.text).join(', ');

/**
 * The fields an audit row changed, before -> after, with people, listings and claims by name (from
 * the row's references) and states as the screens name them; fields whose value stayed are left out.
 */
export function changesOf(
  t: Translate,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  references: readonly AuditReferenceDto[] = [],
): FieldChange[] {
  const byId: References = new Map(references.map((r) => [`${r.kind}:${r.id.toLowerCase()}`, r]));
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const from = valueParts(t, field, before?.[field], byId);
    const to = valueParts(t, field, after?.[field], byId);
    // Two deleted accounts read alike: a reference changed when its ids did.
    const same = REFERENCE_KINDS[field]
      ? sameIds(before?.[field], after?.[field])
      : JSON.stringify(from) === JSON.stringify(to);
    if (!same) changes.push({ field: fieldName(t, field), before: from, after: to });
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

/** One id of an audit row's details: what it names (a person's or a listing's name, or words), and the id. */
export interface IdRow {
  label: string;
  id: string;
  name?: true;
}

/** Every id an audit row holds (its target, and each person, listing and claim it names), for its details. */
export function idsOf(
  t: Translate,
  targetType: string,
  targetId: string | null,
  references: readonly AuditReferenceDto[],
): IdRow[] {
  const rows: IdRow[] = [];
  const seen = new Set<string>();
  if (targetId) {
    rows.push({
      label: t('admin.audit.targetId', { kind: targetType, raw: targetType.toLowerCase() }),
      id: targetId,
    });
    seen.add(targetId.toLowerCase());
  }
  for (const r of references) {
    if (seen.has(r.id.toLowerCase())) continue;
    seen.add(r.id.toLowerCase());
    rows.push(
      r.name === null
        ? { label: t(DELETED_REFERENCE[r.kind]), id: r.id }
        : { label: r.name, id: r.id, name: true },
    );
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
export function rangeText(t: Translate, page: number, pageSize: number, total: number): string {
  if (total === 0) return t('admin.pager.none');
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return t('admin.pager.range', { first: String(first), last: String(last), total: String(total) });
}
