import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../platform/env';

/**
 * The credentials s3rver knows (it has one account). It checks that a request's access key is
 * one it knows, but not the signature's secret: a wrong key is refused, a wrong secret is not.
 */
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  /** A bucket created at start, empty. */
  bucket: string;
  /** The s3 driver's settings for `bucket` (path-style, as with any S3_ENDPOINT) under `prefix`. */
  settings(prefix?: string, bucket?: string): S3Settings;
  /** STORAGE_URL and S3_* for a server or the command line, the credentials among them. */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3-protocol server for one test file: s3rver on a free port of this machine, keeping its
 * buckets in a temporary folder, silent, in a child process. The SDK finds the credentials in the environment, as a
 * server's would, so they are set here for this test process.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'simchahub-s3-'));
  const bucket = `test-${randomUUID().slice(0, 8)}`;
  // A process of its own, as a store is. s3rver's ListObjectsV2 continuation tokens are DES
  // ciphertexts, which OpenSSL 3 keeps in its legacy provider: without it, a listing of more than
  // 1000 objects fails on s3rver (never on a real store).
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      path.resolve('node_modules/s3rver/bin/s3rver.js'),
      ...['-d', directory, '-a', '127.0.0.1', '-p', '0', '--silent', '--configure-bucket', bucket],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // A test process that ends without close() takes its server with it.
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${output}`)), 30_000);
    const read = (data: Buffer) => {
      output += data.toString();
      const listening = /S3rver listening on [^:\s]+:(\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited (${code}): ${output}`));
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  Object.assign(process.env, S3RVER_CREDENTIALS);
  const settings = (prefix = '', name = bucket): S3Settings => ({
    bucket: name,
    prefix,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
  });
  return {
    endpoint,
    bucket,
    settings,
    env: (prefix = '') => ({
      ...S3RVER_CREDENTIALS,
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
    }),
    async close() {
      process.off('exit', stop);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
