import { type Kysely, sql } from 'kysely';

/**
 * Demo listings pointed at stock illustrations under /images/categories/ as if they were cover
 * photos; a wide hero cropped them to a fragment. A listing without a cover now shows its
 * category's art drawn by the page, so those URLs are cleared and the files are gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE vendors SET image_url = NULL WHERE image_url LIKE '/images/categories/%'`.execute(db);
  await sql`UPDATE vendors SET logo_url = NULL WHERE logo_url LIKE '/images/categories/%'`.execute(db);
  await sql`UPDATE vendors
    SET gallery_images = array(SELECT g FROM unnest(gallery_images) AS g WHERE g NOT LIKE '/images/categories/%')
    WHERE EXISTS (SELECT 1 FROM unnest(gallery_images) AS g WHERE g LIKE '/images/categories/%')`.execute(db);
}

export async function down(): Promise<void> {
  // The cleared URLs named files that no longer exist: nothing to put back.
}
