import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db';
import type { VendorKashrutTable } from '../../platform/db/types';

/** Where a listing's certificate is served: to the listing's owner and to admins only. */
export const certificateUrl = (vendorId: string) => `/api/vendors/${vendorId}/kashrut/certificate`;

export interface KashrutRow {
  vendorId: string;
  version: number;
  agency: string;
  agencyOther: string | null;
  level: 'meat' | 'dairy' | 'pareve';
  chalavYisrael: boolean;
  pasYisrael: boolean;
  glatt: boolean;
  mehadrin: boolean;
  shomerShabbat: boolean;
  certificateId: string | null;
  certificateName: string | null;
  certificateType: string | null;
  certificateBytes: number | null;
  expiresOn: string | null;
  verifiedAt: Date | null;
  verifiedBy: string | null;
  rejectedAt: Date | null;
  rejectedReason: string | null;
  updatedAt: Date;
  /** The listing's local day now (its zone, UTC without one). */
  today: string;
  timeZone: string | null;
  category: string;
  businessName: string;
  ownerId: string | null;
}

function kashrutSelect(db: Db, now: Date) {
  return db
    .selectFrom('vendorKashrut as k')
    .innerJoin('vendors as v', 'v.id', 'k.vendorId')
    .leftJoin('attachments as a', 'a.id', 'k.certificateId')
    .select([
      'k.vendorId',
      'k.version',
      'k.agency',
      'k.agencyOther',
      'k.level',
      'k.chalavYisrael',
      'k.pasYisrael',
      'k.glatt',
      'k.mehadrin',
      'k.shomerShabbat',
      'k.certificateId',
      'a.name as certificateName',
      'a.contentType as certificateType',
      'a.bytes as certificateBytes',
      sql<string | null>`to_char(k.expires_on, 'YYYY-MM-DD')`.as('expiresOn'),
      'k.verifiedAt',
      'k.verifiedBy',
      'k.rejectedAt',
      'k.rejectedReason',
      'k.updatedAt',
      sql<string>`to_char((${now.toISOString()}::timestamptz at time zone coalesce(v.time_zone, 'UTC'))::date, 'YYYY-MM-DD')`.as(
        'today',
      ),
      'v.timeZone',
      'v.category',
      'v.businessName',
      'v.ownerId',
    ]);
}

export async function findKashrut(db: Db, vendorId: string, now: Date): Promise<KashrutRow | undefined> {
  return kashrutSelect(db, now).where('k.vendorId', '=', vendorId).executeTakeFirst();
}

/**
 * Locks the listing's supervision until the caller's transaction ends, and answers its row's version
 * (none: undefined). A row that does not exist yet cannot be locked: two first statements at once
 * would both insert, and the second would break on the key. So the listing's kashrut writes first
 * take a transaction-level advisory lock of their own, on every server process, then the row.
 */
export async function lockKashrut(trx: Db, vendorId: string): Promise<{ version: number } | undefined> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`kashrut:${vendorId}`}, 0))`.execute(trx);
  return trx
    .selectFrom('vendorKashrut')
    .select('version')
    .where('vendorId', '=', vendorId)
    .forUpdate()
    .executeTakeFirst();
}

/** The listing's local day now: its zone, UTC without one. */
export async function localDayOf(db: Db, vendorId: string, now: Date): Promise<string> {
  const { rows } = await sql<{ today: string }>`
    select to_char((${now.toISOString()}::timestamptz at time zone coalesce(time_zone, 'UTC'))::date, 'YYYY-MM-DD') as today
    from vendors where id = ${vendorId}`.execute(db);
  return rows[0]?.today ?? now.toISOString().slice(0, 10);
}

type KashrutValues = Omit<Insertable<VendorKashrutTable>, 'vendorId' | 'version' | 'updatedAt'>;

export async function insertKashrut(trx: Db, vendorId: string, values: KashrutValues, now: Date) {
  await trx
    .insertInto('vendorKashrut')
    .values({ vendorId, ...values, updatedAt: now })
    .execute();
}

export async function updateKashrut(
  trx: Db,
  vendorId: string,
  values: Omit<Updateable<VendorKashrutTable>, 'vendorId' | 'version' | 'updatedAt'>,
  now: Date,
) {
  await trx
    .updateTable('vendorKashrut')
    .set({ ...values, version: sql<number>`version + 1`, updatedAt: now })
    .where('vendorId', '=', vendorId)
    .execute();
}

/** One listing's supervision as the admins' list shows it. */
export async function adminKashrutRow(db: Db, vendorId: string, now: Date) {
  return kashrutSelect(db, now)
    .leftJoin('users as o', 'o.id', 'v.ownerId')
    .select(['o.name as ownerName', 'o.email as ownerEmail'])
    .where('k.vendorId', '=', vendorId)
    .executeTakeFirst();
}

/** What an admin decides on: the queue of pending certificates (oldest first), or the decided ones. */
export async function kashrutForAdmin(
  db: Db,
  status: 'pending' | 'verified' | 'rejected',
  now: Date,
  limit: number,
) {
  let q = kashrutSelect(db, now)
    .leftJoin('users as o', 'o.id', 'v.ownerId')
    .select(['o.name as ownerName', 'o.email as ownerEmail']);
  if (status === 'pending') {
    q = q
      .where('k.verifiedAt', 'is', null)
      .where('k.rejectedAt', 'is', null)
      .where('k.certificateId', 'is not', null)
      .orderBy('k.updatedAt')
      .orderBy('k.vendorId');
  } else if (status === 'verified') {
    q = q.where('k.verifiedAt', 'is not', null).orderBy('k.verifiedAt', 'desc');
  } else {
    q = q.where('k.rejectedAt', 'is not', null).orderBy('k.rejectedAt', 'desc');
  }
  return q.limit(limit).execute();
}

/** The listing's certificate file if this user may read it: an admin, or the listing's owner. */
export async function readableCertificate(db: Db, vendorId: string, user: { id: string; role: string }) {
  let q = db
    .selectFrom('vendorKashrut as k')
    .innerJoin('vendors as v', 'v.id', 'k.vendorId')
    .innerJoin('attachments as a', 'a.id', 'k.certificateId')
    .select(['a.id', 'a.name', 'a.contentType', 'a.bytes'])
    .where('k.vendorId', '=', vendorId);
  if (user.role !== 'admin') q = q.where('v.ownerId', '=', user.id);
  return q.executeTakeFirst();
}

/**
 * Verified supervisions whose expiry date is within `days` of the listing's local day and not yet
 * passed, and whose owner was not told about this expiry date: locked, skipping rows another process
 * is telling about.
 */
export async function dueExpiryNotices(trx: Db, now: Date, days: number, limit: number) {
  const { rows } = await sql<{
    vendorId: string;
    expiresOn: string;
    businessName: string;
    ownerId: string;
  }>`
    select k.vendor_id as "vendorId", to_char(k.expires_on, 'YYYY-MM-DD') as "expiresOn",
      v.business_name as "businessName", v.owner_id as "ownerId"
    from vendor_kashrut k join vendors v on v.id = k.vendor_id
    where k.verified_at is not null and v.owner_id is not null
      and k.expires_on is not null
      and k.expires_on <= (${now.toISOString()}::timestamptz at time zone coalesce(v.time_zone, 'UTC'))::date + ${days}::int
      and k.expires_on > (${now.toISOString()}::timestamptz at time zone coalesce(v.time_zone, 'UTC'))::date
      and k.expiry_notice_for is distinct from k.expires_on
    order by k.expires_on
    limit ${limit}
    for update of k skip locked`.execute(trx);
  return rows;
}
