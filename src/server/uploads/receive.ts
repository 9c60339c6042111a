import { createWriteStream } from 'node:fs';
import { finished, pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';

export const UPLOAD_FIELD = 'image';

export const UPLOAD_MESSAGES = {
  notAnImage: 'Please select a valid image file',
  tooLarge: 'Image must be smaller than 5MB',
  tooManyPixels: 'Image is too large to process: it may have at most 50 megapixels',
  notMultipart: `Send the image as multipart/form-data, with the file in the field "${UPLOAD_FIELD}"`,
  noBoundary: 'The multipart/form-data Content-Type has no boundary',
  incomplete: 'The multipart body ended before its closing boundary',
  malformed: 'The multipart body is malformed',
  noFile: `The form has no file in the field "${UPLOAD_FIELD}"`,
  wrongField: `Send the image in the field "${UPLOAD_FIELD}"`,
  oneFile: 'Send one image per upload',
  onlyImageField: `The form may contain only the file field "${UPLOAD_FIELD}"`,
  tooFast: 'You are uploading images too quickly.',
} as const;

export interface UploadProblem {
  status: 400 | 413;
  code: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE';
  message: string;
}

const badRequest = (message: string): UploadProblem => ({ status: 400, code: 'BAD_REQUEST', message });
export const TOO_LARGE: UploadProblem = {
  status: 413,
  code: 'PAYLOAD_TOO_LARGE',
  message: UPLOAD_MESSAGES.tooLarge,
};

/**
 * What a failure while reading the multipart body says about the request. Errors of the disk we
 * write to (they carry a syscall) are ours, not the client's, and are thrown again.
 */
function problemOf(error: unknown): UploadProblem {
  if (typeof error === 'object' && error !== null && 'syscall' in error) throw error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return TOO_LARGE;
    case 'FST_FILES_LIMIT':
      return badRequest(UPLOAD_MESSAGES.oneFile);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return badRequest(UPLOAD_MESSAGES.onlyImageField);
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest(UPLOAD_MESSAGES.incomplete);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(UPLOAD_MESSAGES.notMultipart);
  }
  // The multipart parser's own errors are plain Errors told apart by their text.
  const message = error instanceof Error ? error.message : '';
  if (/boundary not found/i.test(message)) return badRequest(UPLOAD_MESSAGES.noBoundary);
  if (/unexpected end|terminated early|aborted/i.test(message)) return badRequest(UPLOAD_MESSAGES.incomplete);
  if (/unsupported content-type/i.test(message)) return badRequest(UPLOAD_MESSAGES.notMultipart);
  return badRequest(UPLOAD_MESSAGES.malformed);
}

/**
 * Streams the one file of field `image` to `target`, never holding more than a chunk in memory, and
 * reads the rest of the form so the client gets its answer after sending everything. The parser's
 * limits (5 MB, one file, no other field) are set where the plugin is registered. Returns the first
 * problem found, or null when `target` holds the whole file.
 */
export async function receiveImage(req: FastifyRequest, target: string): Promise<UploadProblem | null> {
  let problem: UploadProblem | null = null;
  let saved = false;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') {
        problem ??= badRequest(UPLOAD_MESSAGES.onlyImageField);
        continue;
      }
      if (part.fieldname !== UPLOAD_FIELD || saved) {
        problem ??= badRequest(saved ? UPLOAD_MESSAGES.oneFile : UPLOAD_MESSAGES.wrongField);
        part.file.resume();
        await finished(part.file);
        continue;
      }
      await pipeline(part.file, createWriteStream(target, { flags: 'wx' }));
      saved = true;
      if (part.file.truncated) problem ??= TOO_LARGE;
    }
  } catch (error) {
    problem ??= problemOf(error);
  }
  return problem ?? (saved ? null : badRequest(UPLOAD_MESSAGES.noFile));
}
