import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL server of the test's own (initdb in a temporary directory, on a free port),
 * for tests that stop, restart or lock the database: doing that to the shared server would break
 * every other test running against it.
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  start(): Promise<void>;
  /** 'fast' ends sessions cleanly; 'immediate' is a crash as the clients see it. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops the server and removes its files. */
  destroy(): Promise<void>;
}

/** Where initdb and pg_ctl live: PG_BIN_DIR, or the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBinDir(): string | null {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv && existsSync(path.join(fromEnv, 'pg_ctl'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
function asServerUser(bin: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

export async function createPrivatePostgres(options: { port?: number } = {}): Promise<PrivatePostgres> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('PostgreSQL server binaries not found (set PG_BIN_DIR)');
  const port = options.port ?? (await freePort());
  const dir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-pg-'));
  const dataDir = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const exec = (bin: string, args: string[]) => {
    const [cmd, argv] = asServerUser(path.join(binDir, bin), args);
    return run(cmd, argv, { timeout: 60_000 });
  };
  await exec('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const logFile = path.join(dir, 'server.log');
  const pgCtl = (...args: string[]) => exec('pg_ctl', ['-D', dataDir, '-l', logFile, ...args]);

  const instance: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: async () => {
      await pgCtl('-o', serverOptions, '-w', '-t', '60', 'start');
    },
    stop: async (mode = 'fast') => {
      await pgCtl('-m', mode, '-w', '-t', '60', 'stop');
    },
    restart: async (mode = 'fast') => {
      await pgCtl('-o', serverOptions, '-m', mode, '-w', '-t', '60', 'restart');
    },
    destroy: async () => {
      await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
  return instance;
}
