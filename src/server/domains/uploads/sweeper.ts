import path from 'node:path';
import type { Db } from '../../platform/db/create-db';
import type { AppConfig } from '../../platform/env';
import type { FileStore } from '../../platform/storage/file-store';
import { listDir, modifiedAt, removeQuietly } from '../../platform/storage/files';
import { filesOf } from '../../platform/storage/stores';
import { ORPHAN_GRACE_MS } from './upload.service';
import { IMAGE_PREFIX, incomingDir, parseStoredName, uploadKeys } from './upload-files';
import { deleteUnreferencedUploads, referencedAmong, trackedIds } from './uploads.queries';

/** An upload still arriving after this long was abandoned (requests time out long before). */
const INCOMING_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * What a sweep needs: the database, the settings named by `Dirs` (the store's and this server's
 * folder of arriving files), the file store (else the one the settings name) and the time (or a
 * clock).
 */
export interface SweepDeps<Dirs extends keyof AppConfig = 'uploadsDir'> {
  db: Db;
  config: Pick<AppConfig, Dirs | 'storage'>;
  files?: FileStore;
  now: Date | (() => Date);
}

/**
 * Rows with files, in batches of `deleteBatch`: a batch's rows are deleted and committed before
 * `removeFilesOf` deletes their files, so no row ever names a missing file, and a file whose delete
 * failed is found later as one without a row. Returns the number of rows deleted.
 */
export async function sweepRowsThenFiles<Row>(
  deleteBatch: (limit: number) => Promise<Row[]>,
  removeFilesOf: (batch: Row[]) => Promise<void>,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await deleteBatch(BATCH);
    await removeFilesOf(batch);
    removed += batch.length;
    if (batch.length < BATCH) return removed;
  }
}

/** Uploads with a row that no row refers to. */
function sweepTracked(db: Db, store: FileStore, cutoff: Date): Promise<number> {
  return sweepRowsThenFiles(
    (limit) => deleteUnreferencedUploads(db, { cutoff, limit }),
    async (batch) => {
      if (batch.length > 0) await store.delete(batch.flatMap((upload) => uploadKeys(upload.id)));
    },
  );
}

/**
 * Files without a row: images stored before uploads had rows, and files left behind by a crash
 * between writing and committing. Judged by their age in the store (what it lists, and only that)
 * and by references to their id.
 */
async function sweepUntracked(db: Db, store: FileStore, cutoff: Date): Promise<number> {
  const groups = new Map<string, Array<{ key: string; modifiedAt: Date }>>();
  for await (const file of store.list(IMAGE_PREFIX)) {
    const stored = parseStoredName(file.key.slice(IMAGE_PREFIX.length));
    if (!stored) continue;
    const files = groups.get(stored.id) ?? [];
    files.push({ key: file.key, modifiedAt: file.modifiedAt });
    groups.set(stored.id, files);
  }
  const ids = [...groups.keys()];
  let removed = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = ids.slice(i, i + BATCH);
    const tracked = await trackedIds(db, chunk);
    const old: string[] = [];
    for (const id of chunk) {
      if (tracked.has(id)) continue;
      // Each file as the store has it now: one written again since it was listed is fresh.
      const times = await Promise.all(
        (groups.get(id) ?? []).map(async (f) => (await store.head(f.key))?.modifiedAt.getTime() ?? null),
      );
      if (times.every((t) => t !== null && t < cutoff.getTime())) old.push(id);
    }
    const referenced = await referencedAmong(db, old);
    for (const id of old) {
      if (referenced.has(id)) continue;
      await store.delete((groups.get(id) ?? []).map((f) => f.key));
      removed += 1;
    }
  }
  return removed;
}

/** Deletes files of `dir` that stopped arriving over an hour ago. */
export async function sweepIncoming(dir: string, now: Date): Promise<void> {
  for (const name of await listDir(dir)) {
    const file = path.join(dir, name);
    const time = await modifiedAt(file);
    if (time !== null && time < now.getTime() - INCOMING_GRACE_MS) await removeQuietly(file);
  }
}

/**
 * Deletes the stored images that no row refers to and that are more than a day old (a fresh upload
 * waits for the form that uploaded it to be saved). An image any row still uses is kept, whichever
 * row uploaded it. Returns the number of images removed, each with all its files.
 */
export async function sweepOrphanUploads(deps: SweepDeps): Promise<number> {
  const { db, config, now } = deps;
  const at = typeof now === 'function' ? now() : now;
  const cutoff = new Date(at.getTime() - ORPHAN_GRACE_MS);
  const store = filesOf(deps);
  const removed = (await sweepTracked(db, store, cutoff)) + (await sweepUntracked(db, store, cutoff));
  await sweepIncoming(incomingDir(config), at);
  return removed;
}

export interface SweeperLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SweepSchedule {
  intervalMs?: number;
  firstRunMs?: number;
}

/**
 * Runs `sweep` shortly after start and then every hour (`intervalMs`), one sweep at a time, logging
 * what it removed as `removedMessage` and its failures as `failedMessage`.
 */
export function startSweeper(
  sweep: () => Promise<number>,
  log: { logger?: SweeperLogger; removedMessage: string; failedMessage: string },
  options: SweepSchedule = {},
): { stop(): Promise<void> } {
  const intervalMs = options.intervalMs ?? 60 * 60 * 1000;
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const run = () => {
    running = sweep()
      .then((removed) => {
        if (removed > 0) log.logger?.info({ removed }, log.removedMessage);
      })
      .catch((error: unknown) => {
        log.logger?.error({ err: error }, log.failedMessage);
      })
      .finally(() => {
        running = null;
        if (!stopped) schedule(intervalMs);
      });
  };
  const schedule = (ms: number) => {
    timer = setTimeout(run, ms);
    timer.unref();
  };
  schedule(options.firstRunMs ?? 10_000);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** What a running sweeper needs: a sweep's, with a clock and where it logs. */
export type SweeperDeps<Dirs extends keyof AppConfig> = SweepDeps<Dirs> & {
  now: () => Date;
  log?: SweeperLogger;
};

/**
 * The start function of a sweeper running `sweep` (startSweeper), logging what it removed as
 * `removedMessage` and its failures as `failedMessage`.
 */
export function sweeperOf<Dirs extends keyof AppConfig>(
  sweep: (deps: SweeperDeps<Dirs>) => Promise<number>,
  removedMessage: string,
  failedMessage: string,
) {
  return (deps: SweeperDeps<Dirs>, options: SweepSchedule = {}): { stop(): Promise<void> } =>
    startSweeper(() => sweep(deps), { logger: deps.log, removedMessage, failedMessage }, options);
}

/**
 * Sweeps uploads shortly after start and then every hour. Several server processes may each run
 * one: they skip rows another is deleting and ignore files already gone.
 */
export const startUploadSweeper = sweeperOf<'uploadsDir'>(
  sweepOrphanUploads,
  'deleted unused uploaded images',
  'sweeping unused uploads failed',
);
