import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/schemas/auth';
import { UPLOAD_MESSAGES, uploadFileName } from '../../../shared/upload-images';
import { IMAGE_MIME_BY_EXT } from '../../domains/uploads/image-type';
import { encodeUpload, ImageRefusedError } from '../../domains/uploads/process-image';
import { StorageRefusedError } from '../../domains/uploads/quota';
import { imageRefusal, type StoredUpload, storeUpload } from '../../domains/uploads/upload.service';
import { ensureUploadDirs, imageKey, incomingDir, parseStoredName } from '../../domains/uploads/upload-files';
import { errorBody } from '../../platform/http/errors';
import { removeQuietly } from '../../platform/storage/files';
import { filesOf } from '../../platform/storage/stores';
import type { AppDeps } from '../../platform/trpc/context';
import { contextFromRequest } from '../request-context';
import { acceptOneFile, receiveImage, type UploadProblem } from './receive';
import { openStored } from './stored-files';
import { refusedUpload, sendProblem, storageProblem, type UploadGate } from './upload-gate';

async function receiveAndStore(
  deps: AppDeps,
  req: FastifyRequest,
  userId: string,
  temp: string,
): Promise<UploadProblem | StoredUpload> {
  const problem = await receiveImage(req, temp);
  if (problem) return problem;
  try {
    return await storeUpload(deps, userId, await encodeUpload(temp));
  } catch (error) {
    if (error instanceof ImageRefusedError) {
      return { status: 400, code: 'BAD_REQUEST', message: UPLOAD_MESSAGES[error.reason] };
    }
    if (error instanceof StorageRefusedError) return storageProblem(error);
    throw error;
  }
}

const IMAGE_UPLOAD_GATE: UploadGate = {
  messages: UPLOAD_MESSAGES,
  rate: { limit: 'uploads', scope: 'upload' },
  refusal: imageRefusal,
};

/** POST /api/upload (multipart field `image`) and GET /uploads/:name, in their own encapsulated scope. */
export async function uploadRoutes(app: FastifyInstance, opts: { deps: AppDeps }): Promise<void> {
  const { deps } = opts;
  await ensureUploadDirs(deps.config);

  await acceptOneFile(app, LIMITS.imageUploadBytes);

  app.post('/api/upload', async (req, reply) => {
    const ctx = await contextFromRequest(deps, req, reply);
    const user = ctx.user;
    if (!user) return reply.code(401).send(errorBody('UNAUTHORIZED', MESSAGES.notSignedIn));
    if (await refusedUpload(deps, req, reply, user.id, IMAGE_UPLOAD_GATE)) return reply;

    const temp = path.join(incomingDir(deps.config), `${randomUUID()}.part`);
    let outcome: UploadProblem | StoredUpload;
    try {
      outcome = await receiveAndStore(deps, req, user.id, temp);
    } finally {
      // Before answering: once the client has its answer, nothing of the upload is left behind.
      await removeQuietly(temp);
    }
    if ('status' in outcome) return sendProblem(reply, outcome);
    req.log.info({ userId: user.id, url: outcome.url }, 'image uploaded');
    return reply.code(201).send(outcome);
  });

  // Stored images are compressed already.
  app.get<{ Params: { name: string } }>('/uploads/:name', { compress: false }, async (req, reply) => {
    const stored = parseStoredName(req.params.name);
    if (!stored) return reply.code(404).send(errorBody('NOT_FOUND', 'No such file'));
    const store = filesOf(deps);
    let file = await openStored(store, imageKey(req.params.name));
    if (!file && stored.variant) {
      // A WebP stored before variants existed has none: its srcset entries get the image itself.
      file = await openStored(store, imageKey(uploadFileName(stored.id)));
    }
    if (!file) return reply.code(404).send(errorBody('NOT_FOUND', 'No such file'));
    // Streamed from the store whichever server stored it; a name is never written twice, so any
    // cache may keep it for good.
    return reply
      .header('content-type', IMAGE_MIME_BY_EXT[stored.ext])
      .header('content-length', file.bytes)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.body);
  });
}
