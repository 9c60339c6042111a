import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../env';
import {
  checkKey,
  checkPrefix,
  chunksOf,
  type FileBody,
  FileNotFoundError,
  type FileStore,
  type OpenedFile,
  type StoredFileInfo,
} from './file-store';

/**
 * The bytes of one part of a multipart upload, and the most a write holds in memory: S3's smallest
 * part. A file that fits in one part is sent as one PutObject.
 */
export const PART_BYTES = 5 * 1024 * 1024;
/** DeleteObjects takes at most this many keys a request. */
const DELETE_BATCH = 1000;
/** The object metadata (x-amz-meta-sha256) holding a file's SHA-256, so head answers it. */
const SHA256_META = 'sha256';
/** A file name that is no storage key, so list never answers it (written and deleted by check). */
const PROBE_PREFIX = '.start-check-';

/** The store's URL, as STORAGE_URL names it. */
export function s3Url(settings: Pick<S3Settings, 'bucket' | 'prefix'>): string {
  return `s3://${settings.bucket}/${settings.prefix}`;
}

/** Where the bucket is, for messages: the endpoint, or the provider's in its region. */
function whereIs(settings: S3Settings): string {
  return settings.endpoint ?? `the S3 endpoint of region ${settings.region}`;
}

interface SdkError {
  name?: string;
  code?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

function statusOf(error: unknown): number | undefined {
  return (error as SdkError | null)?.$metadata?.httpStatusCode;
}

function nameOf(error: unknown): string {
  const e = error as SdkError | null;
  return e?.name ?? e?.Code ?? e?.code ?? '';
}

function isMissing(error: unknown): boolean {
  return statusOf(error) === 404 || ['NotFound', 'NoSuchKey'].includes(nameOf(error));
}

/**
 * An operator's sentence for what stopped the start-up check: a missing bucket, refused
 * credentials, an endpoint that does not answer. Anything else is said with the SDK's words.
 */
export function describeS3Failure(error: unknown, settings: S3Settings): string {
  const name = nameOf(error);
  const status = statusOf(error);
  const bucket = settings.bucket;
  const where = whereIs(settings);
  if (name === 'NoSuchBucket' || (status === 404 && name !== 'NoSuchKey')) {
    return `STORAGE_URL names the bucket ${bucket}, which does not exist at ${where}`;
  }
  if (
    ['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'Forbidden', 'InvalidToken'].includes(
      name,
    ) ||
    status === 403 ||
    status === 401
  ) {
    const said = name && name !== 'Unknown' ? name : `HTTP ${status}`;
    return (
      `The bucket ${bucket} at ${where} refused this server's credentials (${said}): ` +
      'check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or the role the server runs with), and ' +
      'that they may list, read, write and delete objects in the bucket'
    );
  }
  if (name === 'CredentialsProviderError' || /credential/i.test((error as Error)?.message ?? '')) {
    return (
      `No credentials for the bucket ${bucket}: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY ` +
      '(or give the server a role or profile the AWS SDK finds)'
    );
  }
  if (
    ['PermanentRedirect', 'AuthorizationHeaderMalformed', 'IllegalLocationConstraintException'].includes(
      name,
    ) ||
    status === 301
  ) {
    return `The bucket ${bucket} is in another region than S3_REGION=${settings.region}: set S3_REGION to its region`;
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (
    ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH'].includes(
      code ?? '',
    ) ||
    ['TimeoutError', 'RequestTimeout'].includes(name)
  ) {
    return `The S3 endpoint ${where} did not answer (${code ?? name}): check S3_ENDPOINT and the network`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `The bucket ${bucket} at ${where} could not be used: ${name ? `${name}: ` : ''}${message}`;
}

/** The client for a store's settings; credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID ...). */
export function s3ClientFor(settings: S3Settings): S3Client {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where an operation demands one (DeleteObjects): by default the SDK sends
    // CRC32 trailers in aws-chunked bodies, which several S3-compatible stores do not understand.
    // Our own SHA-256 is computed while streaming and read back by `storage migrate`.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An endpoint that does not answer fails the start-up check in seconds rather than hanging it.
    requestHandler: { connectionTimeout: 5000 },
  });
  // DeleteObjects must carry a checksum: the SDK sends a CRC32 header, which some S3-compatible
  // stores do not know; a Content-MD5 as well satisfies them all.
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      const body = request.body;
      if (context.commandName === 'DeleteObjectsCommand' && request.headers && typeof body === 'string') {
        request.headers['content-md5'] = createHash('md5').update(body).digest('base64');
      }
      return next(args);
    },
    { step: 'build', name: 'contentMd5OfDeleteObjects' },
  );
  return client;
}

/**
 * Files in an S3 bucket (STORAGE_URL=s3://bucket/prefix, decision 039), on AWS or any S3-compatible
 * store (S3_ENDPOINT): every server using the bucket sees the same files. A write is streamed in
 * parts of 5 MiB (one PutObject for a smaller file), its SHA-256 computed on the way and kept as
 * the object's metadata; a read is the GetObject body, streamed as it arrives.
 */
export function createS3Store(settings: S3Settings, client: S3Client = s3ClientFor(settings)): FileStore {
  const Bucket = settings.bucket;
  const objectKey = (key: string) => `${settings.prefix}${checkKey(key)}`;

  async function put(key: string, body: FileBody, options: { contentType?: string } = {}) {
    const Key = objectKey(key);
    const ContentType = options.contentType;
    const hash = createHash('sha256');
    let bytes = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: Array<{ ETag: string | undefined; PartNumber: number }> = [];

    async function sendPart() {
      const data = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      if (uploadId === undefined) {
        const created = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }));
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      const sent = await client.send(
        new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: data }),
      );
      parts.push({ ETag: sent.ETag, PartNumber });
    }

    try {
      for await (const piece of chunksOf(body)) {
        hash.update(piece);
        bytes += piece.length;
        pending.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
        pendingBytes += piece.length;
        if (pendingBytes >= PART_BYTES) await sendPart();
      }
      const sha256 = hash.digest('hex');
      const Metadata = { [SHA256_META]: sha256 };
      if (uploadId === undefined) {
        // The whole file fits in one part: one request, with its SHA-256 known before it is sent.
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: Buffer.concat(pending, pendingBytes),
            ContentLength: pendingBytes,
            ContentType,
            Metadata,
          }),
        );
        return { bytes, sha256 };
      }
      if (pendingBytes > 0) await sendPart();
      // Readers see the old object until this completes, then the new one whole.
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      uploadId = undefined;
      // A multipart upload's metadata is fixed when it begins, before the SHA-256 is known: the
      // object is copied onto itself to add it (within the store, a request for a few MB). Until
      // then head answers no SHA-256 and a reader hashes the bytes.
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key,
          CopySource: `${Bucket}/${Key}`,
          MetadataDirective: 'REPLACE',
          ContentType,
          Metadata,
        }),
      );
      return { bytes, sha256 };
    } catch (error) {
      if (uploadId !== undefined) {
        await client
          .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
          .catch(() => undefined);
      }
      throw error;
    }
  }

  async function get(key: string): Promise<OpenedFile> {
    const Key = objectKey(key);
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
      return {
        // In Node the body is the response itself: read as it arrives, never held whole.
        body: answer.Body as Readable,
        bytes: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? null,
      };
    } catch (error) {
      if (isMissing(error)) throw new FileNotFoundError(key);
      throw error;
    }
  }

  async function head(key: string): Promise<StoredFileInfo | null> {
    const Key = objectKey(key);
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket, Key }));
      return {
        key,
        bytes: answer.ContentLength ?? 0,
        modifiedAt: answer.LastModified ?? new Date(0),
        contentType: answer.ContentType ?? null,
        sha256: answer.Metadata?.[SHA256_META] ?? null,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function* list(prefix: string): AsyncIterable<StoredFileInfo> {
    checkPrefix(prefix);
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: `${settings.prefix}${prefix}`, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(settings.prefix.length) ?? '';
        // Other objects under the prefix (a start-up probe, anything written by hand) are no files of ours.
        if (!isStorageKey(key)) continue;
        yield {
          key,
          bytes: object.Size ?? 0,
          modifiedAt: object.LastModified ?? new Date(0),
          // ListObjectsV2 gives neither; a head per file would cost a request each.
          contentType: null,
          sha256: null,
        };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function deleteKeys(keys: readonly string[]) {
    const objects = keys.map((key) => ({ Key: objectKey(key) }));
    for (let i = 0; i < objects.length; i += DELETE_BATCH) {
      const batch = objects.slice(i, i + DELETE_BATCH);
      if (batch.length === 0) continue;
      // Keys without an object count as deleted in S3; Quiet: only failures are answered.
      const answer = await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }),
      );
      const failed = answer.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(
          `Could not delete ${failed.length} stored file(s) from ${s3Url(settings)}: ${first?.Key} (${first?.Code}: ${first?.Message})`,
        );
      }
    }
  }

  /**
   * At start-up: the bucket exists, and these credentials may list, write and delete in it. A
   * failure is one sentence saying what to fix, before the server listens, not a 500 on the
   * first upload.
   */
  async function check() {
    try {
      // A listing rather than HeadBucket: the same permission, and its errors name themselves
      // (a HEAD answer has no body, so a refusal there is only "403").
      await client.send(new ListObjectsV2Command({ Bucket, Prefix: settings.prefix, MaxKeys: 1 }));
      const Key = `${settings.prefix}${PROBE_PREFIX}${randomUUID()}`;
      await client.send(new PutObjectCommand({ Bucket, Key, Body: Buffer.from('ok'), ContentLength: 2 }));
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    } catch (error) {
      throw new Error(describeS3Failure(error, settings), { cause: error });
    }
  }

  return {
    driver: 's3',
    describe: `files in ${s3Url(settings)}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,
    put,
    get,
    head,
    exists: async (key) => (await head(key)) !== null,
    delete: deleteKeys,
    list,
    check,
  };
}

function isStorageKey(key: string): boolean {
  try {
    checkKey(key);
    return true;
  } catch {
    return false;
  }
}
