import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { Arrivals } from './arrivals';

const run = promisify(execFile);

/** Builds only the server environment of vite.config.ts, into the directory given as argument. */
const BUILD_SERVER = `
import { createBuilder } from 'vite';
const builder = await createBuilder({
  logLevel: 'warn',
  environments: { ssr: { build: { outDir: process.argv[1] } } },
});
await builder.build(builder.environments.ssr);
`;

/**
 * Compiles the server as `npm run build` does, into a directory of its own, so a test never runs a
 * stale dist/server. The directory lies inside the project because the compiled code imports its
 * packages from node_modules, which Node looks for upwards from the file.
 */
export async function compileServer(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const cache = path.resolve('node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(path.join(cache, 'simchahub-server-'));
  await run(process.execPath, ['--input-type=module', '-e', BUILD_SERVER, dir], {
    env: { ...process.env, NODE_ENV: 'production' },
    timeout: 120_000,
  });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A spawned process whose output (stdout and stderr together) the test can wait on. */
export interface WatchedProcess {
  child: ChildProcess;
  pid: number;
  output: () => string;
  /** Resolves with the output so far once it matches; rejects if the process exits first. */
  waitForOutput: (pattern: RegExp, timeoutMs: number) => Promise<string>;
  exited: Promise<Exit>;
}

export function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv): WatchedProcess {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  let text = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
      for (const listener of listeners) listener();
    });
  });
  const waitForOutput = (pattern: RegExp, timeoutMs: number) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if (pattern.test(text)) {
          done();
          resolve(text);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          done();
          reject(new Error(`process exited before printing ${pattern}; it printed:\n${text}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${pattern} within ${timeoutMs} ms; the process printed:\n${text}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });
  return { child, pid: child.pid, output: () => text, waitForOutput, exited };
}

/** Polls /api/health until it answers 200. */
export async function waitForHealth(base: string, proc: WatchedProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) {
      throw new Error(`server exited with ${proc.child.exitCode}:\n${proc.output()}`);
    }
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no healthy answer from ${base} within ${timeoutMs} ms:\n${proc.output()}`);
}

/** Processes whose parent is `pid` (Linux: read from /proc, so no ps is needed). */
export async function childrenOf(pid: number): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // "pid (command) state ppid ...": the command may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) === pid) found.push(Number(entry));
  }
  return found;
}

export async function commandLineOf(pid: number): Promise<string> {
  const raw = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return raw.split('\0').filter(Boolean).join(' ');
}

/** Whether a process runs (a zombie, already dead and awaiting its parent, does not count). */
export async function isRunning(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return false;
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

/** Whether anything accepts connections on the port. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 connection written by hand, so a test controls when each byte goes out: a request
 * whose head or body is still arriving, or a second request on a kept-alive connection.
 */
export class RawConnection {
  #buffer = Buffer.alloc(0);
  readonly #arrivals = new Arrivals();

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      this.#arrivals.arrived();
    });
    const close = () => this.#arrivals.end();
    socket.on('close', close);
    socket.on('error', close);
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(text: string): Promise<void> {
    return new Promise((resolve, reject) =>
      this.socket.write(text, (err) => (err ? reject(err) : resolve())),
    );
  }

  /** The next whole response (Content-Length bodies only), or null once the server closed first. */
  nextResponse(timeoutMs: number): Promise<RawResponse | null> {
    return this.#arrivals.next(() => this.#take(), timeoutMs, 'response');
  }

  #take(): RawResponse | null {
    const end = this.#buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine = '', ...lines] = this.#buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.#buffer.length < end + 4 + length) return null;
    const body = this.#buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    this.#buffer = this.#buffer.subarray(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Stops processes as a deployment would: SIGTERM, then SIGKILL for any still running after `graceMs`. */
export async function stopProcesses(procs: readonly WatchedProcess[], graceMs = 10_000): Promise<void> {
  for (const proc of procs) if (await isRunning(proc.pid)) proc.child.kill('SIGTERM');
  await Promise.race([
    Promise.all(procs.map((proc) => proc.exited)),
    new Promise((r) => setTimeout(r, graceMs)),
  ]);
  for (const proc of procs) if (await isRunning(proc.pid)) proc.child.kill('SIGKILL');
}
