/**
 * The server's side of the embedded database's thread (pglite-worker.ts, decision 022): the few
 * methods of PGlite the app calls (query, listen, close), each sent to the thread as a message.
 *
 * If the thread stops (a crash of the engine, or terminate()), the statements in flight fail as a
 * lost connection would ('unreachable', 503), and a database kept on disk starts again on the next
 * statement, its listeners listening again. A transaction that was open when the thread stopped was
 * rolled back with it: its remaining statements fail the same way until its ROLLBACK, so none of
 * them runs outside the transaction. A database in memory is gone with its thread and stays
 * unreachable.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  deserializeError,
  type PgliteQueryResult,
  type PgliteReply,
  type PgliteRequest,
  type PgliteWorkerData,
} from './pglite-protocol';

/** What the Kysely dialect and the live hub use of PGlite. */
export interface PgliteClient {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: T[]; affectedRows?: number }>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly closed: boolean;
}

/**
 * The worker's module: at the top of dist/server in the build (vite.config.ts names it an entry),
 * whether this module was bundled into main.js or into a chunk below it; from src/ (development and
 * tests) the TypeScript file, loaded through tsx's API, since Node 20 does not pass a parent's
 * module hooks on to its workers.
 */
function workerModule(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(here).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
    const source = new URL('./pglite-worker.ts', here).href;
    const code = `import { tsImport } from ${JSON.stringify(tsx)}; await tsImport(${JSON.stringify(source)}, ${JSON.stringify(here)});`;
    return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
  }
  for (const candidate of ['./pglite-worker.js', '../pglite-worker.js']) {
    const file = new URL(candidate, here);
    if (existsSync(file)) return file;
  }
  throw new Error(`pglite-worker.js not found beside ${fileURLToPath(here)}`);
}

/** Rejects like node-postgres does for a lost connection, which db-errors.ts reads as 'unreachable'. */
function connectionLost(reason: string): Error {
  return new Error(`Connection terminated: the embedded database ${reason}`);
}

/** What a statement does to the session's transaction, read from its first word. */
function transactionStep(sql: string): 'begin' | 'commit' | 'rollback' | null {
  const word = /^\s*(begin|start|commit|end|rollback|abort)\b/i.exec(sql)?.[1]?.toLowerCase();
  if (word === 'begin' || word === 'start') return 'begin';
  if (word === 'commit' || word === 'end') return 'commit';
  if (word === 'rollback' || word === 'abort') return 'rollback';
  return null;
}

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

type Pending = {
  resolve: (value: PgliteQueryResult | string | undefined) => void;
  reject: (error: Error) => void;
};

interface Running {
  worker: Worker;
  generation: number;
  ready: Promise<void>;
  /** Fails `ready` (the thread stopped before its database opened). */
  failed: (error: Error) => void;
}

export class PgliteThread implements PgliteClient {
  readonly #dataDir: string | undefined;
  #running: Running | null = null;
  #generation = 0;
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  /** The thread's generation when the open transaction began; null outside one. */
  #transactionOf: number | null = null;
  #closed = false;
  #stopped: string | null = null;

  private constructor(dataDir: string | undefined) {
    this.#dataDir = dataDir;
  }

  /** Starts the thread and waits until its database is open. */
  static async start(dataDir?: string): Promise<PgliteThread> {
    const thread = new PgliteThread(dataDir);
    await thread.#spawn().ready;
    return thread;
  }

  get closed(): boolean {
    return this.#closed;
  }

  #spawn(): Running {
    const workerData: PgliteWorkerData = this.#dataDir ? { dataDir: this.#dataDir } : {};
    const worker = new Worker(workerModule(), { workerData });
    const generation = ++this.#generation;
    let opened!: () => void;
    let failed!: (error: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      opened = resolve;
      failed = reject;
    });
    // Until the first statement awaits it, a failed start must not be reported as unhandled.
    ready.catch(() => {});
    const running: Running = { worker, generation, ready, failed };
    worker.on('message', (reply: PgliteReply) => {
      switch (reply.op) {
        case 'ready':
          opened();
          return;
        case 'failed':
          failed(deserializeError(reply.error));
          return;
        case 'notify':
          for (const callback of this.#listeners.get(reply.channel) ?? []) callback(reply.payload);
          return;
        case 'result':
        case 'dumped':
        case 'error': {
          const pending = this.#pending.get(reply.id);
          if (!pending) return;
          this.#pending.delete(reply.id);
          if (reply.op === 'result') pending.resolve(reply.result);
          else if (reply.op === 'dumped') pending.resolve(reply.sql);
          else pending.reject(deserializeError(reply.error));
          return;
        }
      }
    });
    worker.on('error', (error) => this.#lost(running, `stopped: ${error.message}`));
    worker.on('exit', (code) => this.#lost(running, `stopped (exit code ${code})`));
    this.#running = running;
    return running;
  }

  /** The thread ended: everything in flight fails, and the next statement finds it gone. */
  #lost(running: Running, reason: string): void {
    if (this.#running !== running) return;
    this.#running = null;
    const error = connectionLost(reason);
    running.failed(error);
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id);
      pending.reject(error);
    }
    // A database in memory cannot be opened again: it stays unreachable.
    if (!this.#dataDir && !this.#closed) this.#stopped = reason;
  }

  async #thread(): Promise<Running> {
    if (this.#closed) throw connectionLost('was closed');
    if (this.#stopped) throw connectionLost(this.#stopped);
    const restarting = this.#running === null;
    const running = this.#running ?? this.#spawn();
    await running.ready;
    if (restarting) {
      for (const channel of this.#listeners.keys()) await this.#call(running, { op: 'listen', channel });
    }
    return running;
  }

  #call(
    running: Running,
    request: WithoutId<PgliteRequest>,
  ): Promise<PgliteQueryResult | string | undefined> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      running.worker.postMessage({ ...request, id } as PgliteRequest);
    });
  }

  async query<T = Record<string, unknown>>(
    sql: string,
    params: unknown[] = [],
  ): Promise<{ rows: T[]; affectedRows?: number }> {
    const step = transactionStep(sql);
    const open = this.#transactionOf;
    if (open !== null && open !== this.#running?.generation) {
      // The thread stopped inside this transaction, which went with it.
      if (step === 'commit' || step === 'rollback') {
        this.#transactionOf = null;
        if (step === 'rollback') return { rows: [] };
      }
      throw connectionLost('stopped during this transaction');
    }
    const running = await this.#thread();
    const result = (await this.#call(running, { op: 'query', sql, params })) as PgliteQueryResult;
    if (step === 'begin') this.#transactionOf = running.generation;
    else if (step !== null) this.#transactionOf = null;
    return result as { rows: T[]; affectedRows?: number };
  }

  /**
   * pg_dump of the database as plain SQL, run in the thread on the one session. The caller holds
   * the connection meanwhile (backup.ts), so no statement of the app runs inside the dump's
   * transaction; the thread answers nothing else until the dump is done.
   */
  async dump(args: string[]): Promise<string> {
    if (this.#transactionOf !== null) throw new Error('A dump cannot run inside a transaction');
    return (await this.#call(await this.#thread(), { op: 'dump', args })) as string;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.#listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.#listeners.set(channel, callbacks);
      await this.#call(await this.#thread(), { op: 'listen', channel });
    }
    callbacks.add(callback);
    return async () => {
      const set = this.#listeners.get(channel);
      if (!set?.delete(callback) || set.size > 0) return;
      this.#listeners.delete(channel);
      const running = this.#running;
      if (running && !this.#closed) await this.#call(running, { op: 'unlisten', channel });
    };
  }

  /** Closes the database and ends the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    const running = this.#running;
    if (running) {
      await running.ready.catch(() => {});
      await this.#call(running, { op: 'close' }).catch(() => {});
    }
    this.#closed = true;
    this.#listeners.clear();
    if (running) await running.worker.terminate();
  }

  /**
   * Ends the thread at once, as a crash of the engine would: the statements in flight fail as
   * 'unreachable', and a database on disk opens again on the next statement (recovering as
   * PostgreSQL does after a crash).
   */
  async terminate(): Promise<void> {
    await this.#running?.worker.terminate();
  }
}
