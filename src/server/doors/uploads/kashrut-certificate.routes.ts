import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LIMITS } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/schemas/auth';
import { KASHRUT_MESSAGES, type OwnKashrutDto } from '../../../shared/schemas/kashrut';
import {
  ATTACHMENT_FIELD,
  ATTACHMENT_MESSAGES,
  AttachmentRefusedError,
  contentDisposition,
  displayName,
  prepareAttachment,
} from '../../domains/attachments/attachment-file';
import {
  attachmentKey,
  attachmentRefusal,
  attachmentsIncomingDir,
  ensureAttachmentDirs,
  storeAttachment,
} from '../../domains/attachments/attachments.service';
import { readableCertificate } from '../../domains/kashrut/kashrut.queries';
import {
  adoptCertificate,
  CertificateRefusedError,
  certificateListing,
  ownKashrut,
} from '../../domains/kashrut/kashrut.service';
import { StorageRefusedError } from '../../domains/uploads/quota';
import { errorBody, sendRestError } from '../../platform/http/errors';
import { removeQuietly } from '../../platform/storage/files';
import { filesOf } from '../../platform/storage/stores';
import type { AppDeps } from '../../platform/trpc/context';
import { contextFromRequest } from '../request-context';
import { ATTACHMENT_CACHE_CONTROL, ATTACHMENT_CSP } from './attachments.routes';
import { acceptOneFile, type FileForm, receiveFile, type UploadProblem } from './receive';
import { openStored } from './stored-files';
import { refusedUpload, sendProblem, storageProblem, type UploadGate } from './upload-gate';

const CERTIFICATE_FORM: FileForm = { field: ATTACHMENT_FIELD, messages: ATTACHMENT_MESSAGES };

const CERTIFICATE_GATE: UploadGate = {
  messages: ATTACHMENT_MESSAGES,
  rate: { limit: 'attachments', scope: 'attachment' },
  refusal: attachmentRefusal,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = (reply: FastifyReply) =>
  reply.code(404).send(errorBody('NOT_FOUND', ATTACHMENT_MESSAGES.notFound));

/**
 * POST /api/vendors/profile/kashrut/certificate[?vendorId=] (multipart field `file`: a PDF, JPG or
 * PNG) and GET /api/vendors/{id}/kashrut/certificate: a food listing's kashrut certificate, stored
 * privately with the conversation files and counted in the owner's attachment quota, served only to
 * the listing's owner and to admins (decision 038). A new certificate replaces the old one and sends
 * the supervision back to the admins.
 */
export async function kashrutCertificateRoutes(app: FastifyInstance, opts: { deps: AppDeps }): Promise<void> {
  const { deps } = opts;
  await ensureAttachmentDirs(deps.config);
  await acceptOneFile(app, LIMITS.attachmentBytes);

  app.post<{ Querystring: { vendorId?: string } }>(
    '/api/vendors/profile/kashrut/certificate',
    async (req, reply) => {
      const { user } = await contextFromRequest(deps, req, reply);
      if (!user) return reply.code(401).send(errorBody('UNAUTHORIZED', MESSAGES.notSignedIn));
      if (user.role !== 'vendor') {
        return reply.code(403).send(errorBody('FORBIDDEN', KASHRUT_MESSAGES.ownersOnly));
      }
      const vendorId = req.query.vendorId;
      if (vendorId !== undefined && !UUID.test(vendorId)) return notFound(reply);
      const ctx = { db: deps.db, now: deps.now, config: deps.config, user };
      let listing: Awaited<ReturnType<typeof certificateListing>>;
      try {
        listing = await certificateListing(ctx, vendorId);
      } catch (error) {
        if (error instanceof CertificateRefusedError) {
          return reply.code(400).send(errorBody('BAD_REQUEST', error.message));
        }
        return sendRestError(reply, error);
      }
      if (await refusedUpload(deps, req, reply, user.id, CERTIFICATE_GATE)) return reply;

      const base = path.join(attachmentsIncomingDir(deps.config), randomUUID());
      const temp = { received: `${base}.part`, encoded: `${base}.out` };
      let outcome: UploadProblem | OwnKashrutDto;
      try {
        outcome = await (async (): Promise<UploadProblem | OwnKashrutDto> => {
          const received = await receiveFile(req, temp.received, CERTIFICATE_FORM);
          if (received.problem) return received.problem;
          try {
            const prepared = await prepareAttachment(temp.received, temp.encoded);
            if (prepared.contentType === 'image/gif') {
              return { status: 400, code: 'BAD_REQUEST', message: KASHRUT_MESSAGES.onlyPdfJpegPng };
            }
            await storeAttachment(deps, {
              uploaderId: user.id,
              name: displayName(received.filename, prepared.contentType),
              prepared,
              purpose: 'kashrut',
              adopt: adoptCertificate(listing.id, deps.now()),
            });
            return await ownKashrut(ctx, listing.id);
          } catch (error) {
            if (error instanceof AttachmentRefusedError) {
              return error.status === 413
                ? { status: 413, code: 'PAYLOAD_TOO_LARGE', message: error.message }
                : { status: 400, code: 'BAD_REQUEST', message: error.message };
            }
            if (error instanceof CertificateRefusedError) {
              return { status: 400, code: 'BAD_REQUEST', message: error.message };
            }
            if (error instanceof StorageRefusedError) return storageProblem(error);
            throw error;
          }
        })();
      } finally {
        await Promise.all([removeQuietly(temp.received), removeQuietly(temp.encoded)]);
      }
      if ('status' in outcome && typeof outcome.status === 'number') return sendProblem(reply, outcome);
      req.log.info({ userId: user.id, vendorId: listing.id }, 'kashrut certificate uploaded');
      return reply.code(201).send(outcome);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/vendors/:id/kashrut/certificate',
    { compress: false },
    async (req, reply) => {
      const { user } = await contextFromRequest(deps, req, reply);
      if (!user) return reply.code(401).send(errorBody('UNAUTHORIZED', MESSAGES.notSignedIn));
      if (!UUID.test(req.params.id)) return notFound(reply);
      // Anyone but the owner and admins is answered as if there were no certificate.
      const row = await readableCertificate(deps.db, req.params.id, user);
      if (!row) return notFound(reply);
      // Streamed from the store whichever server stored it, only after the check above.
      const file = await openStored(filesOf(deps), attachmentKey(row.id));
      if (!file) {
        req.log.warn({ attachmentId: row.id }, 'certificate row without its file');
        return notFound(reply);
      }
      const kind = row.contentType === 'application/pdf' ? 'attachment' : 'inline';
      return reply
        .header('content-type', row.contentType)
        .header('content-length', file.bytes)
        .header('content-disposition', contentDisposition(kind, row.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', ATTACHMENT_CSP)
        .header('cache-control', ATTACHMENT_CACHE_CONTROL)
        .header('vary', 'Cookie')
        .send(file.body);
    },
  );
}
