import { HTTP_MESSAGES } from '../../../shared/http-messages';
import type { Db } from '../../platform/db/create-db';
import { lockForUser } from '../../platform/db/transaction';
import type { AppConfig } from '../../platform/env';
import { accountStorage, siteStoredBytes } from './uploads.queries';

/**
 * A kind of file users store within a quota of bytes (images, attachments): what they hold, and
 * what of it can be freed at once (rows deleted in the caller's transaction; the caller removes
 * their files after it commits).
 */
export interface UserStorage<Freed> {
  bytesOf: (db: Db, userId: string) => Promise<number>;
  reclaim: (trx: Db, userId: string, now: Date) => Promise<Freed[]>;
  /** The bytes of this kind each account may keep. */
  quotaOf: (config: StorageSettings) => number;
  /** What a user is told whose quota of this kind is used up. */
  quotaMessage: (quotaBytes: number) => string;
}

export type StorageSettings = Pick<
  AppConfig,
  'uploadQuotaBytes' | 'attachmentQuotaBytes' | 'unconfirmedQuotaBytes' | 'storageCeilingBytes'
>;

/**
 * Why a file is not stored (decision 030):
 * - `site-full`: everything stored on the site together reached the storage ceiling (507);
 * - `quota`: the account's quota of this kind is used up (413);
 * - `unconfirmed`: the account's e-mail is not confirmed and its images and attachments together
 *   reached the small quota such accounts have (413).
 */
export type StorageRefusal = 'site-full' | 'quota' | 'unconfirmed';

const MB = 1024 * 1024;

/** "200 MB", "12 KB": an amount of storage as people read it. */
export function storageAmount(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export const SITE_FULL_MESSAGE = HTTP_MESSAGES.siteFull;

export function unconfirmedQuotaMessage(quotaBytes: number): string {
  return HTTP_MESSAGES.unconfirmedQuota(storageAmount(quotaBytes));
}

export class StorageRefusedError extends Error {
  constructor(
    readonly refusal: StorageRefusal,
    message: string,
  ) {
    super(message);
  }

  /** 507 Insufficient Storage when the site is full, 413 when the account's own limit is reached. */
  get status(): 413 | 507 {
    return this.refusal === 'site-full' ? 507 : 413;
  }

  get code(): 'INSUFFICIENT_STORAGE' | 'PAYLOAD_TOO_LARGE' {
    return this.refusal === 'site-full' ? 'INSUFFICIENT_STORAGE' : 'PAYLOAD_TOO_LARGE';
  }
}

export function storageRefusedError<Freed>(
  config: StorageSettings,
  storage: UserStorage<Freed>,
  refusal: StorageRefusal,
): StorageRefusedError {
  const message =
    refusal === 'site-full'
      ? SITE_FULL_MESSAGE
      : refusal === 'unconfirmed'
        ? unconfirmedQuotaMessage(config.unconfirmedQuotaBytes)
        : storage.quotaMessage(storage.quotaOf(config));
  return new StorageRefusedError(refusal, message);
}

/**
 * What refuses the user's next file now, if anything (`fits` says whether it fits beside what is
 * held). The site's ceiling first (no freeing of
 * one account's files makes room for the site), then this kind's quota, then, for an account whose
 * e-mail is not confirmed, the small quota over every kind it stores.
 */
async function refusalFor<Freed>(
  db: Db,
  storage: UserStorage<Freed>,
  config: StorageSettings,
  userId: string,
  fits: (held: number, limit: number) => boolean,
): Promise<Exclude<StorageRefusal, 'site-full'> | null> {
  if (!fits(await storage.bytesOf(db, userId), storage.quotaOf(config))) return 'quota';
  const account = await accountStorage(db, userId);
  if (!account.emailConfirmed && !fits(account.bytes, config.unconfirmedQuotaBytes)) {
    return 'unconfirmed';
  }
  return null;
}

/**
 * Whether the user has any room left, freeing what can be freed when they have none: checked
 * before a body is read, so a full account (or a full site) does not stream a whole file for
 * nothing. The exact check is fitInQuota's, when the file is stored. The caller removes the freed
 * files.
 */
export async function roomLeft<Freed>(
  db: Db,
  storage: UserStorage<Freed>,
  config: StorageSettings,
  userId: string,
  now: Date,
): Promise<{ refusal: StorageRefusal | null; freed: Freed[] }> {
  const below = (held: number, limit: number) => held < limit;
  if (!below(await siteStoredBytes(db), config.storageCeilingBytes))
    return { refusal: 'site-full', freed: [] };
  if ((await refusalFor(db, storage, config, userId, below)) === null) return { refusal: null, freed: [] };
  const freed = await db.transaction().execute((trx) => storage.reclaim(trx, userId, now));
  return { refusal: await refusalFor(db, storage, config, userId, below), freed };
}

/**
 * Whether `bytes` more fit, freeing what can be freed when they do not. Takes the user's storage
 * lock (one for every kind, so an image and an attachment stored at once cannot together pass the
 * small quota of an unconfirmed account) in the caller's transaction first, so concurrent stores on
 * any server process cannot pass a quota together. The site's ceiling is read without a lock: at
 * worst the uploads in flight at that moment pass it together, a few files beyond a limit that is
 * meant to stop a flood, not to count bytes exactly. The caller removes the freed files after the
 * commit.
 */
export async function fitInQuota<Freed>(
  trx: Db,
  storage: UserStorage<Freed>,
  request: { userId: string; bytes: number; config: StorageSettings; now: Date },
): Promise<{ refusal: StorageRefusal | null; freed: Freed[] }> {
  const { userId, bytes, config } = request;
  if ((await siteStoredBytes(trx)) + bytes > config.storageCeilingBytes)
    return { refusal: 'site-full', freed: [] };
  await lockForUser(trx, 'stored-files', userId);
  const fits = (held: number, limit: number) => held + bytes <= limit;
  if ((await refusalFor(trx, storage, config, userId, fits)) === null) return { refusal: null, freed: [] };
  const freed = await storage.reclaim(trx, userId, request.now);
  return { refusal: await refusalFor(trx, storage, config, userId, fits), freed };
}
