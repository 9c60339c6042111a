import { type Kysely, sql } from 'kysely';

/**
 * Kashrut a family can rely on (issue 29): a food listing's supervision as data (decision 038).
 *
 * - `vendor_kashrut` is one row per listing: the agency (a code of KASHRUT_AGENCIES, or 'other' with
 *   a name), the level (meat, dairy or pareve), the flags, the certificate, its expiry date, and the
 *   admin's verification. Any change to what was verified clears the verification.
 * - The certificate is an attachments row with purpose 'kashrut': stored privately beside the
 *   conversation files, counted in its uploader's attachment quota, never linked to a message, never
 *   swept as an unsent upload, and served only to admins and the listing's owner.
 * - `expiry_notice_for` is the expiry date the owner was told about 30 days ahead: a new expiry date
 *   (a new certificate) is told about again, the same one never twice.
 * - A change of the supervision advances the vendors table's version, as a change of a listing
 *   does: the marketplace's remembered answers filter by it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE attachments
    ADD COLUMN purpose text NOT NULL DEFAULT 'message' CHECK (purpose IN ('message', 'kashrut'))`.execute(db);

  await sql`CREATE TABLE vendor_kashrut (
    vendor_id uuid PRIMARY KEY REFERENCES vendors (id) ON DELETE CASCADE,
    version integer NOT NULL DEFAULT 1,
    agency text NOT NULL CHECK (agency IN ('ou', 'ok', 'star-k', 'kof-k', 'crc', 'cor', 'kehilla', 'ksa',
      'vaad-flatbush', 'vaad-queens', 'rabbanut', 'badatz-eidah', 'badatz-beit-yosef', 'badatz-landau', 'other')),
    agency_other text CHECK (length(btrim(agency_other)) BETWEEN 1 AND 120),
    level text NOT NULL CHECK (level IN ('meat', 'dairy', 'pareve')),
    chalav_yisrael boolean NOT NULL DEFAULT false,
    pas_yisrael boolean NOT NULL DEFAULT false,
    glatt boolean NOT NULL DEFAULT false,
    mehadrin boolean NOT NULL DEFAULT false,
    shomer_shabbat boolean NOT NULL DEFAULT false,
    certificate_id uuid REFERENCES attachments (id) ON DELETE SET NULL,
    expires_on date,
    verified_at timestamptz,
    verified_by uuid REFERENCES users (id) ON DELETE SET NULL,
    rejected_at timestamptz,
    rejected_by uuid REFERENCES users (id) ON DELETE SET NULL,
    rejected_reason text CHECK (length(rejected_reason) <= 1000),
    expiry_notice_for date,
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((agency = 'other') = (agency_other IS NOT NULL)),
    CHECK (verified_at IS NULL OR rejected_at IS NULL)
  )`.execute(db);
  // The admins' queue: stated with a certificate, neither verified nor rejected.
  await sql`CREATE INDEX vendor_kashrut_pending_idx ON vendor_kashrut (updated_at)
    WHERE verified_at IS NULL AND rejected_at IS NULL AND certificate_id IS NOT NULL`.execute(db);
  // The 30-day notices: verified certificates by expiry.
  await sql`CREATE INDEX vendor_kashrut_expiry_idx ON vendor_kashrut (expires_on)
    WHERE verified_at IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX vendor_kashrut_certificate_idx ON vendor_kashrut (certificate_id)
    WHERE certificate_id IS NOT NULL`.execute(db);

  await sql`CREATE TRIGGER vendors_version_on_kashrut_change
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor_kashrut
    FOR EACH STATEMENT EXECUTE FUNCTION advance_vendors_version()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS vendor_kashrut`.execute(db);
  await sql`DELETE FROM attachments WHERE purpose = 'kashrut'`.execute(db);
  await sql`ALTER TABLE attachments DROP COLUMN IF EXISTS purpose`.execute(db);
}
