import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from '../../test/s3';
import { readWhole } from './file-store';
import { createS3Store, PART_BYTES, s3ClientFor } from './s3-store';

/**
 * What only the s3 driver does, against an S3-protocol server this test starts (the contract every
 * driver keeps is store.contract.test.ts): the SHA-256 kept in the objects' metadata, prefixes,
 * deleting in batches, and the start-up check's sentences.
 */
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
});

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Runs `body` with other credentials in the environment, where the SDK looks for them. */
async function withCredentials<T>(id: string, secret: string, body: () => Promise<T>): Promise<T> {
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: id, AWS_SECRET_ACCESS_KEY: secret });
  try {
    return await body();
  } finally {
    Object.assign(process.env, S3RVER_CREDENTIALS);
  }
}

describe('the s3 storage driver', () => {
  it('keeps the SHA-256 in the metadata, for a file of one part and one of several', async () => {
    const store = createS3Store(s3.settings());
    for (const size of [1000, PART_BYTES * 2 + 17]) {
      const data = randomBytes(size);
      const key = `attachments/${randomUUID()}`;
      expect(await store.put(key, data, { contentType: 'application/pdf' })).toEqual({
        bytes: size,
        sha256: sha(data),
      });
      expect(await store.head(key)).toMatchObject({
        bytes: size,
        sha256: sha(data),
        contentType: 'application/pdf',
      });
      expect(sha(await readWhole(store, key))).toBe(sha(data));
    }
  }, 60_000);

  it('keeps the old file when a write of several parts fails', async () => {
    const store = createS3Store(s3.settings());
    const key = `attachments/${randomUUID()}`;
    await store.put(key, Buffer.from('kept'));
    async function* failing() {
      yield randomBytes(PART_BYTES + 1);
      yield randomBytes(1000);
      throw new Error('the client went away');
    }
    await expect(store.put(key, failing())).rejects.toThrow('the client went away');
    expect((await readWhole(store, key)).toString()).toBe('kept');
  }, 60_000);

  it('keeps each prefix apart, and lists only storage keys', async () => {
    const a = createS3Store(s3.settings('site-a/'));
    const b = createS3Store(s3.settings('site-b/'));
    const key = `images/${randomUUID()}.webp`;
    await a.put(key, Buffer.from('a'));
    expect(await b.exists(key)).toBe(false);
    // Something else under the prefix (written by hand, or a check's probe left by a crash).
    await s3ClientFor(s3.settings()).send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: 'site-a/notes.txt', Body: 'not ours' }),
    );
    const listed: string[] = [];
    for await (const file of a.list('')) listed.push(file.key);
    expect(listed).toEqual([key]);
  });

  it('sends DeleteObjects with a Content-MD5, which some stores require', async () => {
    const client = s3ClientFor(s3.settings());
    const sent: Array<Record<string, string>> = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'DeleteObjectsCommand') {
          const request = args.request as { headers: Record<string, string>; body: string };
          sent.push({ ...request.headers, body: request.body });
        }
        return next(args);
      },
      { step: 'finalizeRequest', name: 'seeDeleteObjects' },
    );
    const store = createS3Store(s3.settings(), client);
    const key = `images/${randomUUID()}.webp`;
    await store.put(key, Buffer.from('x'));
    await store.delete([key]);
    expect(await store.exists(key)).toBe(false);
    expect(sent).toHaveLength(1);
    const [request] = sent as [Record<string, string>];
    expect(request['content-md5']).toBe(
      createHash('md5')
        .update(request.body as string)
        .digest('base64'),
    );
  });

  it('deletes more files than one request takes', async () => {
    const store = createS3Store(s3.settings(`many-${randomUUID().slice(0, 8)}/`));
    const keys = Array.from({ length: 1005 }, (_, i) => `images/${i}.webp`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => store.put(key, Buffer.from(key))));
    }
    let listed = 0;
    for await (const _ of store.list('images/')) listed += 1;
    expect(listed).toBe(keys.length);
    await store.delete([...keys, 'images/never-written.webp']);
    for await (const file of store.list('')) throw new Error(`${file.key} is still listed`);
  }, 120_000);
});

describe('the start-up check', () => {
  it('passes for a bucket that exists, and leaves nothing behind', async () => {
    const store = createS3Store(s3.settings('checked/'));
    await store.check?.();
    const client = s3ClientFor(s3.settings());
    const left = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'checked/' }));
    expect(left.Contents ?? []).toEqual([]);
  });

  it('names a missing bucket and where it was looked for', async () => {
    const store = createS3Store(s3.settings('', 'no-such-bucket'));
    await expect(store.check?.()).rejects.toThrow(
      `STORAGE_URL names the bucket no-such-bucket, which does not exist at ${s3.endpoint}`,
    );
  });

  it('says the credentials were refused', async () => {
    // s3rver knows one access key and refuses others; it does not check the secret (see test/s3.ts).
    await withCredentials('NOT-A-KEY', 'S3RVER', async () => {
      const store = createS3Store(s3.settings());
      await expect(store.check?.()).rejects.toThrow(
        `The bucket ${s3.bucket} at ${s3.endpoint} refused this server's credentials (InvalidAccessKeyId): ` +
          'check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
      );
    });
  });

  it('says when the endpoint does not answer', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const probe: Server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const store = createS3Store({ ...s3.settings(), endpoint: `http://127.0.0.1:${port}` });
    await expect(store.check?.()).rejects.toThrow(
      `The S3 endpoint http://127.0.0.1:${port} did not answer (ECONNREFUSED): check S3_ENDPOINT and the network`,
    );
  });
});
