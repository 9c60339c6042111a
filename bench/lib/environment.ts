import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { DEFAULT_PASSWORD } from '../../src/server/demo/factories';
import { hashPassword } from '../../src/server/domains/auth/password';
import { createSession, SESSION_COOKIE } from '../../src/server/domains/auth/sessions';
import { insertUser } from '../../src/server/domains/users/users.queries';
import { createPostgresDb, type Db } from '../../src/server/platform/db/create-db';
import {
  createPrivatePostgres,
  freePort,
  type PrivatePostgres,
} from '../../src/server/test/private-postgres';

export { freePort };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The database a benchmark runs on: a private PostgreSQL server, or a fresh database on BENCH_DATABASE_URL. */
export interface BenchDatabase {
  url: string;
  /** The private server, when there is one (the fault runs restart it). */
  server: PrivatePostgres | null;
  /** A connection of the benchmark's own, for accounts and the lost-write check. */
  db: Db;
  describe: string;
  destroy(): Promise<void>;
}

export async function openDatabase(options: { allowUrl: boolean; name: string }): Promise<BenchDatabase> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given && options.allowUrl) {
    // A database of its own on that server, dropped at the end, so runs never see each other's rows.
    const admin = createPostgresDb(given, { max: 1, statementTimeoutMs: 0 });
    await sql.raw(`DROP DATABASE IF EXISTS ${options.name} WITH (FORCE)`).execute(admin.db);
    await sql.raw(`CREATE DATABASE ${options.name}`).execute(admin.db);
    const url = new URL(given);
    url.pathname = `/${options.name}`;
    const handle = createPostgresDb(url.toString(), { max: 4, statementTimeoutMs: 0 });
    return {
      url: url.toString(),
      server: null,
      db: handle.db,
      describe: `database ${options.name} on ${url.host}`,
      destroy: async () => {
        await handle.db.destroy();
        await sql.raw(`DROP DATABASE IF EXISTS ${options.name} WITH (FORCE)`).execute(admin.db);
        await admin.db.destroy();
      },
    };
  }
  const server = await createPrivatePostgres();
  await server.start();
  const handle = createPostgresDb(server.url, {
    max: 4,
    statementTimeoutMs: 0,
    // The fault runs restart this server under the benchmark's own pool too.
    onConnectionError: () => {},
  });
  return {
    url: server.url,
    server,
    db: handle.db,
    describe: `private PostgreSQL server on port ${server.port} (fsync off)`,
    destroy: async () => {
      await handle.db.destroy().catch(() => {});
      await server.destroy();
    },
  };
}

/** The newest modification time of the server's sources (tests excluded), to tell a stale build. */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        !full.includes(`${path.sep}test${path.sep}`)
      )
        newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ['src/server', 'src/shared', 'migrations']) walk(path.join(ROOT, dir));
  return newest;
}

export interface Launcher {
  /** 'node dist/server/main.js', 'node --import tsx src/server/main.ts' or 'npm run serve'. */
  describe: string;
  command: string;
  args: string[];
  /** The built server, older than a source file: built before the latest changes. */
  staleBuild: boolean;
}

/**
 * How the server is started: the built server (dist/server/main.js, what `npm start` runs) when it
 * exists and is newer than every source file, the sources through tsx otherwise. BENCH_SERVER=dist or
 * tsx forces one; via 'npm' runs `npm run serve` (the built server under npm, as operators start it).
 */
export function chooseLauncher(via: 'node' | 'npm' = 'node'): Launcher {
  const built = path.join(ROOT, 'dist/server/main.js');
  const forced = process.env.BENCH_SERVER;
  const hasBuild = existsSync(built);
  const staleBuild = hasBuild && statSync(built).mtimeMs < newestSource();
  const useBuild = forced === 'dist' || (forced !== 'tsx' && hasBuild && !staleBuild);
  if (via === 'npm') {
    if (!hasBuild) throw new Error('npm run serve needs a built server: run npm run build first');
    return { describe: 'npm run serve', command: 'npm', args: ['run', '--silent', 'serve'], staleBuild };
  }
  return useBuild
    ? { describe: 'node dist/server/main.js', command: process.execPath, args: [built], staleBuild }
    : {
        describe: 'node --import tsx src/server/main.ts',
        command: process.execPath,
        args: ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')],
        staleBuild,
      };
}

export interface ServerLogLine {
  /** ms since the server was spawned. */
  t: number;
  level: string;
  msg: string;
  raw: string;
}

export interface RunningServer {
  child: ChildProcess;
  /** The process that serves (npm's child when started through npm). */
  serverPid: number;
  port: number;
  baseUrl: string;
  launcher: Launcher;
  logs: ServerLogLine[];
  logFile: string;
  /** Resolves when the spawned process exits. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  stop(): Promise<void>;
  /** Writes the captured log to logFile. */
  saveLog(): Promise<void>;
}

const PINO_LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** The server in a process of its own against `databaseUrl`, with the benchmark's settings. */
export async function startServer(options: {
  databaseUrl: string;
  env?: Record<string, string>;
  via?: 'node' | 'npm';
  /** How to start it, instead of chooseLauncher's pick (a build made for the run). */
  launcher?: Launcher;
}): Promise<RunningServer> {
  const launcher = options.launcher ?? chooseLauncher(options.via);
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-bench-'));
  const started = performance.now();
  const child = spawn(launcher.command, launcher.args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'true',
      // Every simulated family comes from 127.0.0.1 and sends far more than a person would in an
      // hour: the limits are lifted so the run measures the work, not 429 answers.
      AVAILABILITY_REQUESTS_PER_HOUR: '1000000',
      MESSAGES_PER_MINUTE: '1000000',
      SUGGESTIONS_PER_MINUTE: '1000000',
      SIGNUP_LIMIT_PER_HOUR: '1000000',
      UPLOADS_PER_MINUTE: '1000000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: ServerLogLine[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (raw) => {
      let level = 'text';
      let msg = raw;
      try {
        const parsed = JSON.parse(raw) as { level?: number; msg?: string };
        level = PINO_LEVELS[parsed.level ?? 0] ?? String(parsed.level);
        msg = parsed.msg ?? raw;
      } catch {
        // a plain line (start-up messages are written with console)
      }
      logs.push({ t: performance.now() - started, level, msg, raw });
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  let exitedEarly = false;
  void exited.then(() => {
    exitedEarly = true;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'server.log');
  const server: RunningServer = {
    child,
    serverPid: child.pid ?? 0,
    port,
    baseUrl,
    launcher,
    logs,
    logFile,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
    saveLog: () => writeFile(logFile, logs.map((l) => l.raw).join('\n')),
  };
  // Start-up migrates and seeds: allow a couple of minutes on a busy machine.
  for (let attempt = 0; attempt < 600; attempt++) {
    if (exitedEarly) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) {
        if (options.via === 'npm') server.serverPid = listenerPid(port) ?? server.serverPid;
        return server;
      }
    } catch {
      // not listening yet
    }
  }
  child.kill('SIGKILL');
  await server.saveLog();
  throw new Error(
    `The server did not start (${launcher.describe}); its output:\n${logs
      .slice(-30)
      .map((l) => l.raw)
      .join('\n')}`,
  );
}

/** The pid of the process listening on a TCP port (from ss), or null. */
export function listenerPid(port: number): number | null {
  try {
    const out = execSync(`ss -Htlnp 'sport = :${port}'`, { encoding: 'utf8' });
    const match = /pid=(\d+)/.exec(out);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Whether anything accepts TCP connections on the port. */
export function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A log line as an example for the results: without the host's name, the pid or stack traces. */
function example(raw: string): string {
  try {
    const { hostname: _host, pid: _pid, ...line } = JSON.parse(raw) as Record<string, unknown>;
    if (typeof line.err === 'object' && line.err !== null) {
      const { stack: _stack, ...err } = line.err as Record<string, unknown>;
      line.err = err;
    }
    return JSON.stringify(line).slice(0, 1000);
  } catch {
    return raw.slice(0, 1000);
  }
}

/** Log lines counted by level and message, most frequent first. */
export function logSummary(logs: readonly ServerLogLine[], limit = 25) {
  const counts = new Map<string, { level: string; msg: string; count: number; first: string }>();
  for (const line of logs) {
    const key = `${line.level} ${line.msg}`;
    const entry = counts.get(key);
    if (entry) entry.count++;
    else counts.set(key, { level: line.level, msg: line.msg, count: 1, first: example(line.raw) });
  }
  return [...counts.values()].sort((a, b) => b.count - a.count).slice(0, limit);
}

export interface Account {
  index: number;
  id: string;
  email: string;
  cookie: string;
}

/**
 * Customer accounts with a signed-in session each, written straight into the database through the
 * same queries sign-up and sign-in use. One password hash serves them all: hashing 500 passwords
 * with argon2 would take longer than the run and measure nothing.
 */
export async function createAccounts(db: Db, count: number, prefix: string): Promise<Account[]> {
  const passwordHash = await hashPassword(DEFAULT_PASSWORD);
  const accounts: Account[] = [];
  const now = new Date();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        const index = next++;
        const email = `${prefix}-${index}@bench.example`;
        const user = await insertUser(db, {
          email,
          passwordHash,
          name: `Bench Family ${index}`,
          role: 'customer',
          phone: null,
          familyLabel: null,
        });
        const session = await createSession(db, {
          userId: user.id,
          ttlMs: 24 * 60 * 60 * 1000,
          now,
          userAgent: 'simchahub-bench',
          ip: '127.0.0.1',
        });
        accounts[index] = { index, id: user.id, email, cookie: `${SESSION_COOKIE}=${session.token}` };
      }
    }),
  );
  return accounts;
}

export async function vendorIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('vendors').select('id').orderBy('id').execute();
  if (rows.length === 0) throw new Error('No vendors: the server should have seeded its demo data');
  return rows.map((r) => r.id);
}

export function machine(serverVersion: string | undefined) {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    postgres: serverVersion ?? 'unknown',
  };
}

export async function serverVersion(db: Db): Promise<string | undefined> {
  return (await sql<{ v: string }>`select version() as v`.execute(db)).rows[0]?.v;
}

/** Today as YYYY-MM-DD, for result file names. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** utime + stime of a process (and of its reaped children), in seconds; null when it is gone. */
function processCpuSeconds(pid: number, withChildren: boolean): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks =
      Number(fields[11]) + Number(fields[12]) + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0);
    return ticks / CLOCK_TICKS;
  } catch {
    return null;
  }
}

const CLOCK_TICKS = 100;

/** The postmaster of the PostgreSQL server on `port`, and its live backends. */
function postgresPids(port: number): { postmaster: number | null; children: number[] } {
  let postmaster: number | null = null;
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (cmdline[0]?.endsWith('/postgres') && cmdline.join(' ').includes(`-p ${port}`))
        postmaster = Number(entry);
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended while it was read
    }
  }
  const children = [...parents].filter(([, parent]) => parent === postmaster).map(([pid]) => pid);
  return { postmaster, children };
}

/** Busy and total jiffies of the whole machine (all cores), from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const cpu = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = cpu.reduce((sum, v) => sum + v, 0);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  return { busy: total - idle, total };
}

interface CpuReading {
  wall: number;
  machine: { busy: number; total: number };
  server: number | null;
  postgres: number | null;
  generator: NodeJS.CpuUsage;
}

function cpuShares(a: CpuReading, b: CpuReading) {
  const wallSeconds = (b.wall - a.wall) / 1000;
  const cores = (x: number | null, y: number | null) =>
    x === null || y === null ? null : Math.round(((y - x) / wallSeconds) * 100) / 100;
  return {
    /** Busy share of all cores, 0 to 1, whoever used them. */
    machineBusy:
      Math.round(((b.machine.busy - a.machine.busy) / (b.machine.total - a.machine.total)) * 100) / 100,
    /** Cores each part kept busy on average (1.0 = one core all the time). */
    serverCores: cores(a.server, b.server),
    postgresCores: cores(a.postgres, b.postgres),
    generatorCores: cores(
      (a.generator.user + a.generator.system) / 1e6,
      (b.generator.user + b.generator.system) / 1e6,
    ),
  };
}

/**
 * Where the CPU went during a run, in all and second by second: the machine as a whole (other work
 * on the host included), the server process, PostgreSQL (postmaster with its backends) and this
 * load generator, with the generator's own event-loop delay (a stalled generator would send late).
 */
export function cpuMeter(serverPid: number | number[], postgresPort: number | null) {
  const serverPids = Array.isArray(serverPid) ? serverPid : [serverPid];
  const read = (): CpuReading => {
    let postgres: number | null = null;
    if (postgresPort !== null) {
      const { postmaster, children } = postgresPids(postgresPort);
      if (postmaster !== null) {
        postgres =
          (processCpuSeconds(postmaster, true) ?? 0) +
          children.reduce((sum, pid) => sum + (processCpuSeconds(pid, false) ?? 0), 0);
      }
    }
    return {
      wall: performance.now(),
      machine: machineTicks(),
      // Several server processes (BENCH_SERVERS): their sum.
      server: serverPids.reduce<number | null>((sum, pid) => {
        const seconds = processCpuSeconds(pid, false);
        return sum === null || seconds === null ? null : sum + seconds;
      }, 0),
      postgres,
      generator: process.cpuUsage(),
    };
  };
  const loadAverage = os.loadavg()[0];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const readings = [read()];
  const timer = setInterval(() => readings.push(read()), 1000);
  return () => {
    clearInterval(timer);
    loop.disable();
    const first = readings[0] as CpuReading;
    const last = read();
    return {
      ...cpuShares(first, last),
      loadAverageBefore: loadAverage,
      loadAverageAfter: os.loadavg()[0],
      generatorEventLoopDelayMs: {
        p99: Math.round(loop.percentile(99) / 1e5) / 10,
        max: Math.round(loop.max / 1e5) / 10,
      },
      perSecond: readings.slice(1).map((r, i) => cpuShares(readings[i] as CpuReading, r)),
    };
  };
}
