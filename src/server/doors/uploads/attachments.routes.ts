import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/schemas/auth';
import type { AttachmentDto } from '../../../shared/schemas/messages';
import {
  ATTACHMENT_FIELD,
  ATTACHMENT_MESSAGES,
  AttachmentRefusedError,
  contentDisposition,
  displayName,
  prepareAttachment,
} from '../../domains/attachments/attachment-file';
import { readableAttachment } from '../../domains/attachments/attachments.queries';
import {
  attachmentKey,
  attachmentRefusal,
  attachmentsIncomingDir,
  ensureAttachmentDirs,
  storeAttachment,
} from '../../domains/attachments/attachments.service';
import { StorageRefusedError } from '../../domains/uploads/quota';
import { errorBody } from '../../platform/http/errors';
import { removeQuietly } from '../../platform/storage/files';
import { filesOf } from '../../platform/storage/stores';
import type { AppDeps } from '../../platform/trpc/context';
import { contextFromRequest } from '../request-context';
import { acceptOneFile, type FileForm, receiveFile, type UploadProblem } from './receive';
import { openStored } from './stored-files';
import { refusedUpload, sendProblem, storageProblem, type UploadGate } from './upload-gate';

const ATTACHMENT_FORM: FileForm = { field: ATTACHMENT_FIELD, messages: ATTACHMENT_MESSAGES };

/**
 * How long the uploader's and the parties' browsers may reuse a file without asking again: short,
 * because who may read it can change (a listing changes hands), and never in a shared cache.
 */
export const ATTACHMENT_CACHE_CONTROL = 'private, max-age=300';

/**
 * A served attachment may be a GIF or PDF kept byte for byte: the browser must take it for nothing
 * but its declared type, and must not run or load anything from it even when opened directly.
 */
export const ATTACHMENT_CSP = "default-src 'none'; sandbox";

const ATTACHMENT_UPLOAD_GATE: UploadGate = {
  messages: ATTACHMENT_MESSAGES,
  rate: { limit: 'attachments', scope: 'attachment' },
  refusal: attachmentRefusal,
};

const notFound = (reply: FastifyReply) =>
  reply.code(404).send(errorBody('NOT_FOUND', ATTACHMENT_MESSAGES.notFound));

async function receiveAndStore(
  deps: AppDeps,
  req: FastifyRequest,
  uploaderId: string,
  temp: { received: string; encoded: string },
): Promise<UploadProblem | AttachmentDto> {
  const received = await receiveFile(req, temp.received, ATTACHMENT_FORM);
  if (received.problem) return received.problem;
  try {
    const prepared = await prepareAttachment(temp.received, temp.encoded);
    const name = displayName(received.filename, prepared.contentType);
    return await storeAttachment(deps, { uploaderId, name, prepared });
  } catch (error) {
    if (error instanceof AttachmentRefusedError) {
      return error.status === 413
        ? { status: 413, code: 'PAYLOAD_TOO_LARGE', message: error.message }
        : { status: 400, code: 'BAD_REQUEST', message: error.message };
    }
    if (error instanceof StorageRefusedError) return storageProblem(error);
    throw error;
  }
}

/**
 * POST /api/attachments (multipart field `file`) and GET /api/attachments/:id: the files of
 * conversations, private to the uploader and the thread's two parties. In their own encapsulated
 * scope, so the multipart parser serves these routes only.
 */
export async function attachmentRoutes(app: FastifyInstance, opts: { deps: AppDeps }): Promise<void> {
  const { deps } = opts;
  await ensureAttachmentDirs(deps.config);
  await acceptOneFile(app, LIMITS.attachmentBytes);

  app.post('/api/attachments', async (req, reply) => {
    const { user } = await contextFromRequest(deps, req, reply);
    if (!user) return reply.code(401).send(errorBody('UNAUTHORIZED', MESSAGES.notSignedIn));
    // Attachments belong to conversations between a family and a vendor; an admin is in none.
    if (user.role === 'admin') {
      return reply.code(403).send(errorBody('FORBIDDEN', ATTACHMENT_MESSAGES.adminsCannot));
    }
    if (await refusedUpload(deps, req, reply, user.id, ATTACHMENT_UPLOAD_GATE)) return reply;

    const base = path.join(attachmentsIncomingDir(deps.config), randomUUID());
    const temp = { received: `${base}.part`, encoded: `${base}.out` };
    let outcome: UploadProblem | AttachmentDto;
    try {
      outcome = await receiveAndStore(deps, req, user.id, temp);
    } finally {
      // Before answering: once the client has its answer, nothing of the upload is left behind
      // (a stored file was moved away, so this removes only what was refused).
      await Promise.all([removeQuietly(temp.received), removeQuietly(temp.encoded)]);
    }
    if ('status' in outcome) return sendProblem(reply, outcome);
    req.log.info({ userId: user.id, attachmentId: outcome.id, bytes: outcome.bytes }, 'attachment uploaded');
    return reply.code(201).send(outcome);
  });

  // Images and PDFs are compressed already.
  app.get<{ Params: { id: string } }>('/api/attachments/:id', { compress: false }, async (req, reply) => {
    const { user } = await contextFromRequest(deps, req, reply);
    if (!user) return reply.code(401).send(errorBody('UNAUTHORIZED', MESSAGES.notSignedIn));
    // Someone else's file answers exactly as a missing one: its existence is not told.
    const row = await readableAttachment(deps.db, req.params.id, user.id);
    if (!row) return notFound(reply);
    // Streamed from the store whichever server stored it, only after the check above.
    const file = await openStored(filesOf(deps), attachmentKey(row.id));
    if (!file) {
      req.log.warn({ attachmentId: row.id }, 'attachment row without its file');
      return notFound(reply);
    }
    const kind = row.contentType === 'application/pdf' ? 'attachment' : 'inline';
    return (
      reply
        .header('content-type', row.contentType)
        .header('content-length', file.bytes)
        .header('content-disposition', contentDisposition(kind, row.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', ATTACHMENT_CSP)
        .header('cache-control', ATTACHMENT_CACHE_CONTROL)
        // The same URL answers differently to different sessions.
        .header('vary', 'Cookie')
        .send(file.body)
    );
  });
}
