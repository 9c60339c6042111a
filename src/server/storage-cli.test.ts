import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `cli.js storage migrate` as an operator runs it, on an embedded database in a DATA_DIR whose
 * files are on disk (the logic is tested in platform/storage/migrate.test.ts).
 */
describe('cli storage migrate', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-storage-cli-'));
    await mkdir(path.join(dataDir, 'uploads'), { recursive: true });
    await mkdir(path.join(dataDir, 'attachments'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', `${randomUUID()}.webp`), randomBytes(5000));
    await writeFile(path.join(dataDir, 'attachments', randomUUID()), randomBytes(700_000));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const cli = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', STORAGE_URL: '', LOG_LEVEL: 'warn' },
    });

  it('copies the files into the database, and a second run finds them there', async () => {
    const first = await cli('storage', 'migrate', '--to', 'postgres');
    expect(first.stdout).toContain('2 files: 2 copied (0.7 MB), each read back with the same SHA-256');
    expect(first.stdout).toContain('0 failed');
    expect(first.stdout).toContain('Servers use it with STORAGE_URL=postgres:');
    const second = await cli('storage', 'migrate', '--to', 'postgres');
    expect(second.stdout).toContain('2 files: 0 copied (0.0 MB)');
    expect(second.stdout).toContain('2 already there with the same SHA-256');
  }, 120_000);

  it('refuses an unknown driver and a move to where the files are', async () => {
    await expect(cli('storage', 'migrate', '--to', 's3')).rejects.toMatchObject({
      stderr: expect.stringContaining('--to must be one of fs, postgres'),
    });
    await expect(cli('storage', 'migrate', '--to', 'fs')).rejects.toMatchObject({
      stderr: expect.stringContaining('The files are in fs already'),
    });
  }, 120_000);
});
