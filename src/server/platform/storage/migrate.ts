import { type FileStore, sha256Of } from './file-store';

/** What copying a store's files to another did. */
export interface MigrationSummary {
  /** Files listed in the source. */
  files: number;
  copied: number;
  /** Already in the target with the same SHA-256. */
  skipped: number;
  /** Bytes copied (skipped files not counted). */
  bytes: number;
  /** Files not copied, or whose copy read back with another SHA-256 (left for the next run). */
  failed: Array<{ key: string; reason: string }>;
}

const IMAGE_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/** An image's type by its name, for a driver that keeps none (fs); attachments' types are in their rows. */
function contentTypeOf(key: string, known: string | null): string | undefined {
  if (known) return known;
  if (!key.startsWith('images/')) return undefined;
  return IMAGE_TYPES[key.slice(key.lastIndexOf('.') + 1)];
}

async function hashIn(store: FileStore, key: string, known: string | null): Promise<string> {
  return known ?? (await sha256Of((await store.get(key)).body)).sha256;
}

/**
 * Copies every file of `from` into `to` (decision 039: `cli.js storage migrate`). A file the target
 * already holds with the same SHA-256 is skipped, so the command can be run again after a failure
 * or while the old store is still being written; every copy is read back from the target and its
 * SHA-256 compared with the source's. The source is left as it is.
 */
export async function migrateFiles(
  from: FileStore,
  to: FileStore,
  options: { log?: (line: string) => void } = {},
): Promise<MigrationSummary> {
  const summary: MigrationSummary = { files: 0, copied: 0, skipped: 0, bytes: 0, failed: [] };
  for await (const file of from.list('')) {
    summary.files += 1;
    const { key } = file;
    try {
      const there = await to.head(key);
      if (there && there.bytes === file.bytes) {
        const [mine, theirs] = await Promise.all([
          hashIn(from, key, file.sha256),
          hashIn(to, key, there.sha256),
        ]);
        if (mine === theirs) {
          summary.skipped += 1;
          continue;
        }
      }
      const source = await from.get(key);
      const contentType = contentTypeOf(key, source.contentType ?? file.contentType);
      const written = await to.put(key, source.body, contentType ? { contentType } : {});
      // Read back from where it now is: what a server will serve.
      const readBack = await sha256Of((await to.get(key)).body);
      if (readBack.sha256 !== written.sha256 || (file.sha256 !== null && file.sha256 !== written.sha256)) {
        summary.failed.push({ key, reason: 'the copy reads back with another SHA-256' });
        continue;
      }
      summary.copied += 1;
      summary.bytes += written.bytes;
      if (summary.copied % 100 === 0) options.log?.(`${summary.copied} files copied so far`);
    } catch (error) {
      summary.failed.push({ key, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return summary;
}

/**
 * How many of the first `sample` files of `old` are missing from `current`: a server that moved to
 * another store warns at start-up when the files of the old one were not copied.
 */
export async function filesMissingFrom(old: FileStore, current: FileStore, sample = 200): Promise<number> {
  let checked = 0;
  let missing = 0;
  for await (const file of old.list('')) {
    if (!(await current.exists(file.key))) missing += 1;
    checked += 1;
    if (checked >= sample) break;
  }
  return missing;
}
