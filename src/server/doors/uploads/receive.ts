import { createWriteStream } from 'node:fs';
import { finished, pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_FIELD, UPLOAD_MESSAGES } from '../../../shared/upload-images';

export interface UploadProblem {
  status: 400 | 413 | 507;
  code: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE' | 'INSUFFICIENT_STORAGE';
  message: string;
}

/** A form of one file in one field, and what to tell a client whose form is not that. */
export interface FileForm {
  field: string;
  messages: {
    tooLarge: string;
    notMultipart: string;
    noBoundary: string;
    incomplete: string;
    malformed: string;
    noFile: string;
    wrongField: string;
    oneFile: string;
    onlyFileField: string;
  };
}

export const IMAGE_FORM: FileForm = {
  field: UPLOAD_FIELD,
  messages: { ...UPLOAD_MESSAGES, onlyFileField: UPLOAD_MESSAGES.onlyImageField },
};

const badRequest = (message: string): UploadProblem => ({ status: 400, code: 'BAD_REQUEST', message });
const tooLarge = (message: string): UploadProblem => ({ status: 413, code: 'PAYLOAD_TOO_LARGE', message });
export const TOO_LARGE: UploadProblem = tooLarge(UPLOAD_MESSAGES.tooLarge);

/**
 * Makes this (encapsulated) scope read multipart bodies of one file of at most `fileBytes` and no
 * other field. Any body that is not multipart reaches the handler unread and is answered with a 400
 * that says what to send, rather than a parser's 415 or JSON error.
 */
export async function acceptOneFile(app: FastifyInstance, fileBytes: number): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
  await app.register(multipart, {
    limits: {
      fileSize: fileBytes,
      files: 1,
      fields: 0,
      parts: 2,
      headerPairs: 20,
    },
  });
}

/**
 * What a failure while reading the multipart body says about the request. Errors of the disk we
 * write to (they carry a syscall) are ours, not the client's, and are thrown again.
 */
function problemOf(error: unknown, messages: FileForm['messages']): UploadProblem {
  if (typeof error === 'object' && error !== null && 'syscall' in error) throw error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(messages.tooLarge);
    case 'FST_FILES_LIMIT':
      return badRequest(messages.oneFile);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return badRequest(messages.onlyFileField);
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest(messages.incomplete);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(messages.notMultipart);
  }
  // The multipart parser's own errors are plain Errors told apart by their text.
  const message = error instanceof Error ? error.message : '';
  if (/boundary not found/i.test(message)) return badRequest(messages.noBoundary);
  if (/unexpected end|terminated early|aborted/i.test(message)) return badRequest(messages.incomplete);
  if (/unsupported content-type/i.test(message)) return badRequest(messages.notMultipart);
  return badRequest(messages.malformed);
}

/**
 * How long the multipart parser may hold the request paused (reading nothing more of the body) before
 * the form is answered as malformed. Some malformed bodies stall it for good: `@fastify/busboy` never
 * drains a part without headers whose first line is longer than 16 KB, so it stops reading the
 * request and the form never ends. A well-formed form pauses the request only while a chunk is
 * written to the local disk; a slow client does not pause it at all (it is waiting for data).
 */
export const PARSER_STALL_MS = 5000;
const STALL_CHECK_MS = 250;

class ParserStalled extends Error {}

/** Reads the form with `read`, failing with ParserStalled when the parser stalls (see above). */
async function readForm(req: FastifyRequest, read: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_resolve, reject) => {
    let pausedSince: number | null = null;
    timer = setInterval(() => {
      // false: paused by the parser's back-pressure (null before reading starts, true while flowing).
      if (req.raw.readableFlowing !== false || req.raw.readableEnded) {
        pausedSince = null;
        return;
      }
      pausedSince ??= Date.now();
      if (Date.now() - pausedSince >= PARSER_STALL_MS)
        reject(new ParserStalled('the multipart parser stalled'));
    }, STALL_CHECK_MS);
    timer.unref();
  });
  try {
    await Promise.race([read(), stalled]);
  } finally {
    clearInterval(timer);
  }
}

/**
 * Reads the form: the one file of the form's field goes to `take` (which must consume its stream),
 * every other part is read and refused, so the client gets its answer after sending everything. The
 * parser's limits (size, one file, no other field) are set by acceptOneFile. Returns the first
 * problem found, or what `take` made of the whole file with its name.
 */
async function receiveOne<T>(
  req: FastifyRequest,
  form: FileForm,
  take: (file: MultipartFile) => Promise<T>,
): Promise<
  { problem: UploadProblem; received?: undefined } | { problem: null; received: T; filename: string }
> {
  const { messages } = form;
  let problem = null as UploadProblem | null; // (assigned while the form is read)
  let taken = null as { received: T; filename: string } | null;
  try {
    await readForm(req, async () => {
      for await (const part of req.parts()) {
        if (part.type !== 'file') {
          problem ??= badRequest(messages.onlyFileField);
          continue;
        }
        if (part.fieldname !== form.field || taken !== null) {
          problem ??= badRequest(taken !== null ? messages.oneFile : messages.wrongField);
          part.file.resume();
          await finished(part.file);
          continue;
        }
        taken = { received: await take(part), filename: part.filename };
        if (part.file.truncated) problem ??= tooLarge(messages.tooLarge);
      }
    });
  } catch (error) {
    problem ??= problemOf(error, messages);
  }
  if (problem) return { problem };
  return taken === null ? { problem: badRequest(messages.noFile) } : { problem: null, ...taken };
}

/**
 * Streams the one file of the form's field to `target`, never holding more than a chunk in memory.
 * Returns the first problem found, or null when `target` holds the whole file.
 */
export async function receiveFile(
  req: FastifyRequest,
  target: string,
  form: FileForm,
): Promise<{ problem: UploadProblem; filename?: undefined } | { problem: null; filename: string }> {
  const result = await receiveOne(req, form, (part) =>
    pipeline(part.file, createWriteStream(target, { flags: 'wx' })),
  );
  return result.problem ? { problem: result.problem } : { problem: null, filename: result.filename };
}

/** receiveFile for the image upload form (field `image`, 5 MB). */
export async function receiveImage(req: FastifyRequest, target: string): Promise<UploadProblem | null> {
  return (await receiveFile(req, target, IMAGE_FORM)).problem;
}

/** receiveFile for a small file read whole (a guest list, at most a few MB): its bytes in memory. */
export async function receiveFileBytes(
  req: FastifyRequest,
  form: FileForm,
): Promise<
  { problem: UploadProblem; bytes?: undefined } | { problem: null; bytes: Buffer; filename: string }
> {
  const result = await receiveOne(req, form, (part) => part.toBuffer());
  return result.problem
    ? { problem: result.problem }
    : { problem: null, bytes: result.received, filename: result.filename };
}
