import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from './test/s3';

/**
 * `cli.js storage migrate` as an operator runs it, on an embedded database in a DATA_DIR whose
 * files are on disk (the logic is tested in platform/storage/migrate.test.ts).
 */
describe('cli storage migrate', () => {
  let dataDir: string;
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-storage-cli-'));
    await mkdir(path.join(dataDir, 'uploads'), { recursive: true });
    await mkdir(path.join(dataDir, 'attachments'), { recursive: true });
    await writeFile(path.join(dataDir, 'uploads', `${randomUUID()}.webp`), randomBytes(5000));
    await writeFile(path.join(dataDir, 'attachments', randomUUID()), randomBytes(700_000));
  });
  afterAll(async () => {
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const run = (env: Record<string, string>, args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        STORAGE_URL: '',
        LOG_LEVEL: 'warn',
        ...env,
      },
    });
  const cli = (...args: string[]) => run({}, args);

  it('copies the files into the database, and a second run finds them there', async () => {
    const first = await cli('storage', 'migrate', '--to', 'postgres');
    expect(first.stdout).toContain('2 files: 2 copied (0.7 MB), each read back with the same SHA-256');
    expect(first.stdout).toContain('0 failed');
    expect(first.stdout).toContain('Servers use it with STORAGE_URL=postgres:');
    const second = await cli('storage', 'migrate', '--to', 'postgres');
    expect(second.stdout).toContain('2 files: 0 copied (0.0 MB)');
    expect(second.stdout).toContain('2 already there with the same SHA-256');
  }, 120_000);

  it('copies the files into a bucket and from it into the database, each checked, again safely', async () => {
    // As an operator moving to a bucket: STORAGE_URL names it, the files are still on this disk.
    const first = await run(s3.env('prod/'), ['storage', 'migrate', '--from', 'fs', '--to', 's3']);
    expect(first.stdout).toContain(
      `Copying the stored files from files under ${dataDir} to files in s3://${s3.bucket}/prod/ at ${s3.endpoint}`,
    );
    expect(first.stdout).toContain('2 files: 2 copied (0.7 MB), each read back with the same SHA-256');
    expect(first.stdout).toContain(`Servers use it with STORAGE_URL=s3://${s3.bucket}/prod/`);
    const again = await run(s3.env('prod/'), ['storage', 'migrate', '--from', 'fs', '--to', 's3']);
    expect(again.stdout).toContain('2 files: 0 copied (0.0 MB)');
    expect(again.stdout).toContain('2 already there with the same SHA-256; 0 failed');

    // Named by its URL, and back out of it into the database (the configured store of this run).
    const credentials = {
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      S3_ENDPOINT: s3.endpoint,
    };
    const out = await run({ ...credentials, STORAGE_URL: 'postgres:' }, [
      'storage',
      'migrate',
      '--from',
      `s3://${s3.bucket}/prod`,
      '--to',
      'postgres',
    ]);
    expect(out.stdout).toContain('2 files: 0 copied (0.0 MB)');
    expect(out.stdout).toContain('2 already there with the same SHA-256; 0 failed');
  }, 120_000);

  it('refuses an unknown store, s3 without a bucket, a missing bucket, and a move to where the files are', async () => {
    await expect(cli('storage', 'migrate', '--to', 'gcs')).rejects.toMatchObject({
      stderr: expect.stringContaining('--to must be one of fs, postgres, s3, s3://bucket/prefix'),
    });
    await expect(cli('storage', 'migrate', '--to', 's3')).rejects.toMatchObject({
      stderr: expect.stringContaining(
        '--to s3 copies to the bucket STORAGE_URL names, and STORAGE_URL is not s3://',
      ),
    });
    await expect(
      run({ ...s3.env(), STORAGE_URL: 's3://no-such-bucket' }, [
        'storage',
        'migrate',
        '--from',
        'fs',
        '--to',
        's3',
      ]),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining(
        `STORAGE_URL names the bucket no-such-bucket, which does not exist at ${s3.endpoint}`,
      ),
    });
    await expect(cli('storage', 'migrate', '--to', 'fs')).rejects.toMatchObject({
      stderr: expect.stringContaining('The files are in fs already'),
    });
    await expect(run(s3.env('prod/'), ['storage', 'migrate', '--to', 's3'])).rejects.toMatchObject({
      stderr: expect.stringContaining(`The files are in s3://${s3.bucket}/prod/ already`),
    });
  }, 120_000);
});

/**
 * The server itself, started as an operator starts it, on a bucket it cannot use: it stops before
 * listening with the sentence of the start-up check.
 */
describe('a server on a bucket it cannot use', () => {
  let s3: TestS3;
  let dataDir: string;
  beforeAll(async () => {
    s3 = await startTestS3();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-storage-start-'));
  });
  afterAll(async () => {
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO_DATA: 'false',
        PORT: '0',
        LOG_LEVEL: 'warn',
        ...env,
      },
      timeout: 90_000,
    });

  it('stops at start when the bucket is missing or the credentials are refused', async () => {
    await expect(start({ ...s3.env(), STORAGE_URL: 's3://no-such-bucket/files' })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        `SimchaHub could not start: STORAGE_URL names the bucket no-such-bucket, which does not exist at ${s3.endpoint}`,
      ),
    });
    await expect(start({ ...s3.env(), AWS_ACCESS_KEY_ID: 'WRONG' })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        `SimchaHub could not start: The bucket ${s3.bucket} at ${s3.endpoint} refused this server's credentials (InvalidAccessKeyId)`,
      ),
    });
  }, 180_000);
});
