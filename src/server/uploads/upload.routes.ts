import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../shared/constants';
import { MESSAGES } from '../../shared/schemas/auth';
import { errorBody } from '../http/errors';
import { contextFromRequest } from '../http/request-context';
import type { AppDeps } from '../trpc/context';
import { detectImageType, IMAGE_MIME_BY_EXT, type ImageType } from './image-type';

export const UPLOAD_MESSAGES = {
  notAnImage: 'Please select a valid image file',
  tooLarge: 'Image must be smaller than 5MB',
} as const;

const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif|webp)$/;

function isFileTooLarge(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE'
  );
}

/** POST /api/upload (multipart field `image`) and GET /uploads/:name, in their own encapsulated scope. */
export async function uploadRoutes(app: FastifyInstance, opts: { deps: AppDeps }): Promise<void> {
  const dir = opts.deps.config.uploadsDir;
  await mkdir(dir, { recursive: true });
  await app.register(multipart, {
    limits: { fileSize: LIMITS.imageUploadBytes, files: 1, fields: 0, parts: 2 },
  });

  app.post('/api/upload', async (req, reply) => {
    const ctx = await contextFromRequest(opts.deps, req, reply);
    if (!ctx.user) return reply.code(401).send(errorBody('UNAUTHORIZED', MESSAGES.notSignedIn));
    if (!req.isMultipart()) return reply.code(400).send(errorBody('BAD_REQUEST', UPLOAD_MESSAGES.notAnImage));

    let bytes: Buffer;
    try {
      const part = await req.file();
      if (part?.fieldname !== 'image') {
        return reply.code(400).send(errorBody('BAD_REQUEST', UPLOAD_MESSAGES.notAnImage));
      }
      bytes = await part.toBuffer();
    } catch (error) {
      if (isFileTooLarge(error))
        return reply.code(413).send(errorBody('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge));
      throw error;
    }

    const type: ImageType | null = detectImageType(bytes);
    if (!type) return reply.code(400).send(errorBody('BAD_REQUEST', UPLOAD_MESSAGES.notAnImage));
    const name = `${randomUUID()}.${type.ext}`;
    await writeFile(path.join(dir, name), bytes, { flag: 'wx' });
    req.log.info({ userId: ctx.user.id, name, bytes: bytes.length }, 'image uploaded');
    return reply.code(201).send({ url: `/uploads/${name}` });
  });

  app.get<{ Params: { name: string } }>('/uploads/:name', async (req, reply) => {
    const match = STORED_NAME.exec(req.params.name);
    const file = path.join(dir, req.params.name);
    const info = match ? await stat(file).catch(() => null) : null;
    if (!match || !info?.isFile()) return reply.code(404).send(errorBody('NOT_FOUND', 'No such file'));
    return reply
      .header('content-type', IMAGE_MIME_BY_EXT[match[1] as ImageType['ext']])
      .header('content-length', info.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(createReadStream(file));
  });
}
