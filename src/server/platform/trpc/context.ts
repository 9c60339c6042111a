import type { Language } from '../../../shared/i18n';
import type { UserDto } from '../../../shared/schemas/auth';
import type { Db } from '../db/create-db';
import type { AppConfig } from '../env';
import type { Lifecycle } from '../http/resilience';
import type { LiveHub } from '../live/hub';
import type { FileStore } from '../storage/file-store';

/**
 * Long-lived parts that domains keep for every request (a cache, say). Empty here, since the
 * platform knows no domain: each domain adds its own by declaration merging, beside the class it
 * keeps (`declare module '.../platform/trpc/context' { interface DomainDeps { ... } }`), and main.ts
 * and the test harness, which build the dependencies, must then supply it.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the domains through declaration merging
export interface DomainDeps {}

/** Long-lived parts every request shares; built once by main.ts or by the test harness. */
export interface AppDeps extends DomainDeps {
  db: Db;
  config: AppConfig;
  now: () => Date;
  /** Wakes this process's open event streams when the database announces new live events. */
  live: LiveHub;
  /**
   * Where uploaded images and attachments are kept (decision 039); absent, the store config.storage
   * names on `db` (platform/storage/stores.ts, filesOf).
   */
  files?: FileStore;
  /** Serving or draining; buildServer makes one when the caller does not. */
  lifecycle?: Lifecycle;
}

/** How a procedure hands the session cookie to whatever transport carries it. */
export interface SessionCookieWriter {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

/** The cookie that marks a browser as one that signed in to an account before. */
export interface DeviceCookie {
  /** Its value on this request, if any (not yet checked against any account). */
  token: string | null;
  set(token: string, expiresAt: Date): void;
}

/**
 * How an idempotent create tells the transport that it answered with the first call's stored answer
 * instead of running again (REST and /trpc send `Idempotent-Replayed: true`).
 */
export interface ReplayNotice {
  replayed(): void;
}

/**
 * How a query tells the transport which version of shared data its answer was read at (the
 * marketplace answers the vendors table's version, a number advanced in the database by every
 * change), so that the transport can make a validator of it: an ETag, and 304 for an unchanged
 * answer (decision 029). Announced before the data is read, so the data is never older than it.
 */
export interface VersionNotice {
  readAt(version: string): void;
}

export interface CurrentSession {
  id: string;
  expiresAt: Date;
}

export interface Context extends AppDeps {
  user: UserDto | null;
  session: CurrentSession | null;
  sessionCookie: SessionCookieWriter;
  deviceCookie: DeviceCookie;
  /** Client address as the server sees it, for throttling; not trusted for anything else. */
  ip: string;
  userAgent: string | null;
  /**
   * The language the request asks for: the `lang` cookie of the header's switch when it names one of
   * ours, else the browser's Accept-Language. Absent where no transport carries it (server-side
   * callers): then DEFAULT_LANGUAGE.
   */
  requestLanguage?: Language;
  /** Absent where no transport carries it (server-side callers). */
  replayNotice?: ReplayNotice;
  /** Set by a transport that makes ETags of the versions answers were read at; absent otherwise. */
  versionNotice?: VersionNotice;
}
