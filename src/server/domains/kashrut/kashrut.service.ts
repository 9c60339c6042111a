import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { agencyLabel, KASHRUT_NOTICE_DAYS, mayStateKashrut } from '../../../shared/kashrut';
import type { UserDto } from '../../../shared/schemas/auth';
import {
  type AdminKashrutDto,
  type adminKashrutListInput,
  KASHRUT_MESSAGES,
  type KashrutDto,
  type KashrutStatus,
  type kashrutRejectInput,
  type kashrutRemoveInput,
  type kashrutSaveInput,
  type kashrutVerifyInput,
  type OwnKashrutDto,
} from '../../../shared/schemas/kashrut';
import type { AttachmentDto } from '../../../shared/schemas/messages';
import { recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/create-db';
import { StaleWriteError } from '../../platform/db/stale-write';
import { inTransaction } from '../../platform/db/transaction';
import { appendLiveEvents, type NewLiveEvent } from '../../platform/live/live-events';
import { enqueueMail } from '../../platform/mail/outbox';
import { filesOf } from '../../platform/storage/stores';
import type { Context } from '../../platform/trpc/context';
import { fieldError } from '../../platform/trpc/field-error';
import { attachmentKey } from '../attachments/attachments.service';
import { notify } from '../notifications/notifications.service';
import { ownVendorProfile } from '../vendors/vendors.service';
import { kashrutDecidedMail, kashrutExpiresMail } from './kashrut.mails';
import {
  adminKashrutRow,
  certificateUrl,
  dueExpiryNotices,
  findKashrut,
  insertKashrut,
  type KashrutRow,
  kashrutForAdmin,
  localDayOf,
  lockKashrut,
  updateKashrut,
} from './kashrut.queries';

type Signed = Pick<Context, 'db' | 'now' | 'config'> & { user: UserDto };

/** The most rows the admins' Kashrut list shows at once. */
export const ADMIN_KASHRUT_MAX = 200;

/** Where the owner edits the listing's supervision. */
export const kashrutLink = (vendorId: string) => `/vendor-dashboard?listing=${vendorId}`;

/**
 * Where a supervision stands: verified while its expiry date is after the listing's local day (the
 * badge is lost on the expiry day itself), expired after; rejected; pending with a certificate an
 * admin has not decided on; stated without one.
 */
export function statusOf(
  row: Pick<KashrutRow, 'verifiedAt' | 'rejectedAt' | 'certificateId' | 'expiresOn' | 'today'>,
): KashrutStatus {
  if (row.verifiedAt) return row.expiresOn !== null && row.expiresOn > row.today ? 'verified' : 'expired';
  if (row.rejectedAt) return 'rejected';
  return row.certificateId ? 'pending' : 'stated';
}

export function kashrutDto(row: KashrutRow): KashrutDto {
  return {
    vendorId: row.vendorId,
    agency: row.agency,
    agencyOther: row.agencyOther,
    agencyLabel: agencyLabel(row.agency, row.agencyOther),
    level: row.level,
    chalavYisrael: row.chalavYisrael,
    pasYisrael: row.pasYisrael,
    glatt: row.glatt,
    mehadrin: row.mehadrin,
    shomerShabbat: row.shomerShabbat,
    expiresOn: row.expiresOn,
    certificate:
      row.certificateId && row.certificateName && row.certificateType
        ? {
            name: row.certificateName,
            contentType: row.certificateType,
            bytes: row.certificateBytes ?? 0,
            url: certificateUrl(row.vendorId),
          }
        : null,
    status: statusOf(row),
    verifiedAt: row.verifiedAt,
    rejectedReason: row.rejectedAt ? row.rejectedReason : null,
    version: row.version,
  };
}

async function currentDto(db: Db, vendorId: string, now: Date): Promise<KashrutDto | null> {
  const row = await findKashrut(db, vendorId, now);
  return row ? kashrutDto(row) : null;
}

/** The vendor's own listing (vendorId, or their first) with what it states: GET /api/vendors/profile/kashrut. */
export async function ownKashrut(ctx: Signed, vendorId?: string): Promise<OwnKashrutDto> {
  const listing = await ownVendorProfile(ctx.db, ctx.user, vendorId);
  const kashrut = await currentDto(ctx.db, listing.id, ctx.now());
  return {
    vendorId: listing.id,
    category: listing.category,
    mayState: mayStateKashrut(listing.category),
    kashrut,
    ...(kashrut ? { version: kashrut.version } : {}),
  };
}

const VERIFIED_FIELDS = [
  'agency',
  'agencyOther',
  'level',
  'chalavYisrael',
  'pasYisrael',
  'glatt',
  'mehadrin',
  'shomerShabbat',
  'expiresOn',
] as const;

/**
 * The owner states or changes the listing's supervision (PUT /api/vendors/profile/kashrut). Only
 * food listings may; the expiry date must be after the listing's local day. A change of anything an
 * admin verified (or rejected) sends it back to the admins: the verification no longer holds.
 */
export async function saveKashrut(
  ctx: Signed,
  input: z.output<typeof kashrutSaveInput>,
): Promise<OwnKashrutDto> {
  const listing = await ownVendorProfile(ctx.db, ctx.user, input.vendorId);
  if (!mayStateKashrut(listing.category)) throw fieldError('agency', KASHRUT_MESSAGES.notFood);
  const now = ctx.now();
  const today = await localDayOf(ctx.db, listing.id, now);
  const expiresOn = input.expiresOn ?? null;
  const values = {
    agency: input.agency,
    // A name belongs to 'other' only.
    agencyOther: input.agency === 'other' ? input.agencyOther : null,
    level: input.level,
    chalavYisrael: input.chalavYisrael,
    pasYisrael: input.pasYisrael,
    glatt: input.glatt,
    mehadrin: input.mehadrin,
    shomerShabbat: input.shomerShabbat,
    expiresOn,
  };
  await inTransaction(ctx.db, async (trx) => {
    const locked = await lockKashrut(trx, listing.id);
    const before = locked ? await findKashrut(trx, listing.id, now) : undefined;
    if (before && input.version !== undefined && input.version !== before.version) {
      throw new StaleWriteError(kashrutDto(before));
    }
    // An unchanged expiry date that has passed may stay (the form sends it back as it is).
    if (expiresOn !== null && expiresOn <= today && expiresOn !== before?.expiresOn) {
      throw fieldError('expiresOn', KASHRUT_MESSAGES.expiryPassed);
    }
    if (!before) {
      await insertKashrut(trx, listing.id, values, now);
      return;
    }
    const changed = VERIFIED_FIELDS.some((f) => before[f] !== values[f]);
    if (!changed) return;
    await updateKashrut(
      trx,
      listing.id,
      {
        ...values,
        verifiedAt: null,
        verifiedBy: null,
        rejectedAt: null,
        rejectedBy: null,
        rejectedReason: null,
      },
      now,
    );
  });
  return ownKashrut(ctx, listing.id);
}

/**
 * The owner removes the listing's supervision (DELETE /api/vendors/profile/kashrut): the row goes,
 * with its verification, and so does its certificate, an attachment that belongs to nothing else
 * (its row in the transaction, its file once that commits). A removal asked from another version
 * than the row's is refused with the row as it is now; one asked from a version when nothing is
 * stated any more says so. Without a version, removing nothing is done already.
 */
export async function removeKashrut(
  ctx: Signed,
  input: z.output<typeof kashrutRemoveInput>,
): Promise<OwnKashrutDto> {
  const listing = await ownVendorProfile(ctx.db, ctx.user, input.vendorId);
  const now = ctx.now();
  const freed = await inTransaction(ctx.db, async (trx) => {
    const locked = await lockKashrut(trx, listing.id);
    const before = locked ? await findKashrut(trx, listing.id, now) : undefined;
    if (!before) {
      if (input.version !== undefined) throw new StaleWriteError(null, KASHRUT_MESSAGES.alreadyRemoved);
      return [];
    }
    if (input.version !== undefined && input.version !== before.version) {
      throw new StaleWriteError(kashrutDto(before));
    }
    await trx.deleteFrom('vendorKashrut').where('vendorId', '=', listing.id).execute();
    if (!before.certificateId) return [];
    await trx
      .deleteFrom('attachments')
      .where('id', '=', before.certificateId)
      .where('purpose', '=', 'kashrut')
      .execute();
    return [before.certificateId];
  });
  if (freed.length > 0) await filesOf(ctx).delete(freed.map(attachmentKey));
  return ownKashrut(ctx, listing.id);
}

export class CertificateRefusedError extends Error {}

/**
 * For storeAttachment's transaction: names the stored file as the certificate of the listing's
 * supervision (which must be stated already), clears its verification, and answers the replaced
 * certificate's id, deleted with it.
 */
export function adoptCertificate(vendorId: string, now: Date) {
  return async (trx: Db, stored: AttachmentDto): Promise<string[]> => {
    const locked = await trx
      .selectFrom('vendorKashrut')
      .select(['certificateId'])
      .where('vendorId', '=', vendorId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw new CertificateRefusedError(KASHRUT_MESSAGES.notStated);
    await updateKashrut(
      trx,
      vendorId,
      {
        certificateId: stored.id,
        verifiedAt: null,
        verifiedBy: null,
        rejectedAt: null,
        rejectedBy: null,
        rejectedReason: null,
      },
      now,
    );
    return locked.certificateId ? [locked.certificateId] : [];
  };
}

/** The listing whose certificate the vendor uploads: one they own, in a food category. */
export async function certificateListing(ctx: Signed, vendorId?: string) {
  const listing = await ownVendorProfile(ctx.db, ctx.user, vendorId);
  if (!mayStateKashrut(listing.category)) throw new CertificateRefusedError(KASHRUT_MESSAGES.notFood);
  return listing;
}

type AdminRow = NonNullable<Awaited<ReturnType<typeof adminKashrutRow>>>;

function toAdminDto(row: AdminRow): AdminKashrutDto {
  return {
    ...kashrutDto(row),
    businessName: row.businessName,
    category: row.category,
    ownerName: row.ownerName,
    ownerEmail: row.ownerEmail,
    updatedAt: row.updatedAt,
  };
}

async function adminDto(db: Db, vendorId: string, now: Date): Promise<AdminKashrutDto | null> {
  const row = await adminKashrutRow(db, vendorId, now);
  return row ? toAdminDto(row) : null;
}

export async function kashrutList(
  ctx: Signed,
  input: z.output<typeof adminKashrutListInput>,
): Promise<AdminKashrutDto[]> {
  const rows = await kashrutForAdmin(ctx.db, input.status, ctx.now(), ADMIN_KASHRUT_MAX);
  return rows.map(toAdminDto);
}

/** The owner told of a decision on their certificate: the bell item and the mail, in the decision's transaction. */
async function tellOwner(
  trx: Db,
  ctx: Signed,
  row: KashrutRow,
  decision: 'verified' | 'rejected',
  reason: string | null,
): Promise<NewLiveEvent[]> {
  if (!row.ownerId) return [];
  const owner = await trx
    .selectFrom('users')
    .select(['id', 'email', 'name', 'language'])
    .where('id', '=', row.ownerId)
    .executeTakeFirst();
  if (!owner) return [];
  const link = kashrutLink(row.vendorId);
  const content = kashrutDecidedMail({
    name: owner.name,
    listingName: row.businessName,
    decision,
    reason,
    url: `${ctx.config.appUrl}${link}`,
    language: owner.language,
  });
  const event = await notify(trx, {
    userId: owner.id,
    kind: 'kashrut',
    about: {
      code: decision === 'verified' ? 'kashrut.verified' : 'kashrut.rejected',
      params: { listing: row.businessName },
    },
    body: reason ?? '',
    link,
  });
  await enqueueMail(trx, {
    kind: 'kashrut-decided',
    to: owner.email,
    userId: owner.id,
    notification: true,
    ...content,
  });
  return [event];
}

async function decide(
  ctx: Signed,
  input: { vendorId: string; version?: number | undefined },
  apply: (trx: Db, row: KashrutRow, now: Date) => Promise<NewLiveEvent[]>,
): Promise<AdminKashrutDto> {
  const now = ctx.now();
  await inTransaction(ctx.db, async (trx) => {
    const locked = await lockKashrut(trx, input.vendorId);
    const row = locked ? await findKashrut(trx, input.vendorId, now) : undefined;
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: KASHRUT_MESSAGES.notFound });
    if (input.version !== undefined && input.version !== row.version) {
      throw new StaleWriteError(kashrutDto(row), KASHRUT_MESSAGES.changedMeanwhile);
    }
    await appendLiveEvents(trx, await apply(trx, row, now));
  });
  const dto = await adminDto(ctx.db, input.vendorId, now);
  if (!dto) throw new TRPCError({ code: 'NOT_FOUND', message: KASHRUT_MESSAGES.notFound });
  return dto;
}

const auditedFields = (row: KashrutRow) => ({
  vendorId: row.vendorId,
  agency: row.agency,
  agencyOther: row.agencyOther,
  level: row.level,
  chalavYisrael: row.chalavYisrael,
  pasYisrael: row.pasYisrael,
  glatt: row.glatt,
  mehadrin: row.mehadrin,
  shomerShabbat: row.shomerShabbat,
  expiresOn: row.expiresOn,
  certificateId: row.certificateId,
});

/**
 * An admin verifies the supervision from its certificate: audited, and the owner told, in one
 * transaction. A supervision without a certificate or whose expiry date has come cannot be verified.
 */
export function verifyKashrut(ctx: Signed, input: z.output<typeof kashrutVerifyInput>) {
  return decide(ctx, input, async (trx, row, now) => {
    if (!mayStateKashrut(row.category)) throw fieldError('vendorId', KASHRUT_MESSAGES.notFood);
    if (!row.certificateId) throw fieldError('vendorId', KASHRUT_MESSAGES.noCertificate);
    if (!row.expiresOn) throw fieldError('vendorId', KASHRUT_MESSAGES.noExpiry);
    if (row.expiresOn <= row.today) throw fieldError('vendorId', KASHRUT_MESSAGES.expired);
    await trx
      .updateTable('vendorKashrut')
      .set({
        verifiedAt: now,
        verifiedBy: ctx.user.id,
        rejectedAt: null,
        rejectedBy: null,
        rejectedReason: null,
      })
      .where('vendorId', '=', row.vendorId)
      .execute();
    await recordAudit(trx, {
      actor: ctx.user,
      action: 'kashrut.verify',
      targetType: 'vendor',
      targetId: row.vendorId,
      before: { verifiedAt: row.verifiedAt },
      after: { ...auditedFields(row), verifiedAt: now.toISOString() },
    });
    return tellOwner(trx, ctx, row, 'verified', null);
  });
}

/** An admin rejects the certificate with a reason: audited, and the owner told, in one transaction. */
export function rejectKashrut(ctx: Signed, input: z.output<typeof kashrutRejectInput>) {
  return decide(ctx, input, async (trx, row, now) => {
    await trx
      .updateTable('vendorKashrut')
      .set({
        rejectedAt: now,
        rejectedBy: ctx.user.id,
        rejectedReason: input.reason,
        verifiedAt: null,
        verifiedBy: null,
      })
      .where('vendorId', '=', row.vendorId)
      .execute();
    await recordAudit(trx, {
      actor: ctx.user,
      action: 'kashrut.reject',
      targetType: 'vendor',
      targetId: row.vendorId,
      reason: input.reason,
      before: { verifiedAt: row.verifiedAt },
      after: auditedFields(row),
    });
    return tellOwner(trx, ctx, row, 'rejected', input.reason);
  });
}

/**
 * Tells owners whose verified certificate expires within 30 days of the listing's local day, once
 * per expiry date (expiry_notice_for): the bell item and the mail. Run by the maintenance sweep;
 * every server process may run it, the row locks keep them from telling twice.
 */
export async function sendKashrutExpiryNotices(deps: {
  db: Db;
  now: () => Date;
  appUrl: string;
}): Promise<number> {
  const now = deps.now();
  let told = 0;
  for (;;) {
    const batch = await inTransaction(deps.db, async (trx) => {
      const due = await dueExpiryNotices(trx, now, KASHRUT_NOTICE_DAYS, 50);
      const events: NewLiveEvent[] = [];
      for (const d of due) {
        const owner = await trx
          .selectFrom('users')
          .select(['id', 'email', 'name', 'language'])
          .where('id', '=', d.ownerId)
          .executeTakeFirst();
        await trx
          .updateTable('vendorKashrut')
          .set({ expiryNoticeFor: d.expiresOn })
          .where('vendorId', '=', d.vendorId)
          .execute();
        if (!owner) continue;
        const link = kashrutLink(d.vendorId);
        const content = kashrutExpiresMail({
          name: owner.name,
          listingName: d.businessName,
          expiresOn: d.expiresOn,
          url: `${deps.appUrl}${link}`,
          language: owner.language,
        });
        events.push(
          await notify(trx, {
            userId: owner.id,
            kind: 'kashrut',
            about: { code: 'kashrut.expires', params: { listing: d.businessName, date: d.expiresOn } },
            link,
          }),
        );
        await enqueueMail(trx, {
          kind: 'kashrut-expires',
          to: owner.email,
          userId: owner.id,
          notification: true,
          ...content,
        });
      }
      await appendLiveEvents(trx, events);
      return due.length;
    });
    told += batch;
    if (batch < 50) return told;
  }
}
