import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}/api/health within ${timeoutMs} ms`);
}

export interface RunningServer {
  baseUrl: string;
  /** The server's DATA_DIR: journeys read the mails it writes under mail/. */
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * The real server as production runs it (the compiled dist/server/main.js, which `npm run test:e2e`
 * builds first), on the built client and a fresh data directory. Without `databaseUrl` it runs on a
 * fresh embedded database seeded with demo data; with one, on that PostgreSQL database (seeded too).
 */
export async function startServer({
  databaseUrl = '',
  env = {},
}: {
  databaseUrl?: string;
  /** More of the server's settings (DRAW_SIGNED_IN_PAGES=true, for the drawn pages' journeys). */
  env?: Record<string, string>;
} = {}): Promise<RunningServer> {
  const serverEntry = 'dist/server/main.js';
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      // Links in mails point at this server; without an SMTP server mails become .eml files.
      APP_URL: baseUrl,
      SMTP_URL: '',
      // The journeys share a small machine with other work (Chromium, other test runs): a busy moment
      // there must not turn into the load-shedding 503 (tested on its own in resilience.test.ts).
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // Seeding a fresh database takes a couple of minutes when the machine is busy with other runs.
    await waitForHealth(baseUrl, child, 240_000);
  } catch (error) {
    // No teardown runs after a failed start: the server must not outlive the run.
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, stop };
}
