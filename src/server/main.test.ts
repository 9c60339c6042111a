import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-main-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** The process entry points, run as a user would: a real server process and the CLI. */
const env = (extra: Record<string, string> = {}) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  ...extra,
});

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server never became healthy');
}

describe('server process', () => {
  it('starts on the embedded database with demo data and stops cleanly on SIGTERM', async () => {
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: env({ PORT: port, HOST: '127.0.0.1' }),
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/api/health`, child);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@simchahub.com', password: 'simcha123' }),
    });
    expect(login.status).toBe(200);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});

describe('CLI', () => {
  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { env: env() });

  it('creates an admin account, and refuses a weak password or a taken email', async () => {
    await cli('migrate');
    const created = await cli(
      'create-admin',
      '--email',
      'ops@example.com',
      '--name',
      'Ops',
      '--password',
      'longenough',
    );
    expect(created.stdout).toContain('Admin ops@example.com created.');
    await expect(
      cli('create-admin', '--email', 'ops2@example.com', '--name', 'Ops', '--password', '123'),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('Password must be at least 6 characters'),
    });
    await expect(
      cli('create-admin', '--email', 'OPS@example.com', '--name', 'Ops', '--password', 'longenough'),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('already exists'),
    });
  }, 60_000);
});
