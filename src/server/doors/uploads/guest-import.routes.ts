import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MESSAGES } from '../../../shared/schemas/auth';
import { EVENT_MESSAGES } from '../../../shared/schemas/events';
import { GUEST_IMPORT_MESSAGES, GUEST_LIMITS, GUEST_MESSAGES } from '../../../shared/schemas/guests';
import { UPLOAD_MESSAGES } from '../../../shared/upload-images';
import { findGuestListEvent } from '../../domains/guest-lists/guest-lists.access';
import { importGuestFile, previewGuestImport } from '../../domains/guests/guests.import';
import { errorBody, sendRestError } from '../../platform/http/errors';
import { enforceLimit } from '../../platform/limits/rate-limit';
import type { AppDeps } from '../../platform/trpc/context';
import { contextFromRequest } from '../request-context';
import { acceptOneFile, type FileForm, receiveFileBytes } from './receive';
import { sendProblem } from './upload-gate';

export const GUEST_IMPORT_PATH = '/api/events/{id}/guests/import';
export const GUEST_FILE_FIELD = 'file';

const GUEST_FILE_FORM: FileForm = {
  field: GUEST_FILE_FIELD,
  messages: {
    tooLarge: GUEST_MESSAGES.fileTooLarge,
    notMultipart: GUEST_IMPORT_MESSAGES.notMultipart,
    noBoundary: UPLOAD_MESSAGES.noBoundary,
    incomplete: GUEST_IMPORT_MESSAGES.incomplete,
    malformed: GUEST_IMPORT_MESSAGES.malformed,
    noFile: GUEST_MESSAGES.noFile,
    wrongField: GUEST_IMPORT_MESSAGES.wrongField,
    oneFile: GUEST_IMPORT_MESSAGES.oneFile,
    onlyFileField: GUEST_IMPORT_MESSAGES.wrongField,
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EVENT_NOT_FOUND = EVENT_MESSAGES.notFound;

const yes = (value: string | undefined) => value === 'true' || value === '1';

const fieldRefusal = (reply: FastifyReply, field: string, message: string) =>
  reply.code(400).send(errorBody('BAD_REQUEST', message, [{ path: [field], message }]));

interface ImportQuery {
  dryRun?: string;
  includeDuplicates?: string;
  invitedTo?: string;
}

/**
 * POST /api/events/{id}/guests/import (multipart field `file`, a CSV or tab-separated text of at most
 * 2 MB): with `?dryRun=true` the preview (columns, rows, households, duplicates), else the import in
 * one transaction (decision 043). For the owner of the list and the active circle-mates; anyone else
 * is answered as for a missing event. In its own scope, so the multipart parser serves this route only.
 */
export async function guestImportRoutes(app: FastifyInstance, opts: { deps: AppDeps }): Promise<void> {
  const { deps } = opts;
  await acceptOneFile(app, GUEST_LIMITS.importBytesMax);

  app.post<{ Params: { id: string }; Querystring: ImportQuery }>(
    '/api/events/:id/guests/import',
    async (req, reply) => {
      const { user } = await contextFromRequest(deps, req, reply);
      if (!user) return reply.code(401).send(errorBody('UNAUTHORIZED', MESSAGES.notSignedIn));
      const list = UUID.test(req.params.id)
        ? await findGuestListEvent(deps.db, req.params.id, user.id)
        : undefined;
      if (!list) return reply.code(404).send(errorBody('NOT_FOUND', EVENT_NOT_FOUND));
      const invitedTo = (req.query.invitedTo ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean);
      if (invitedTo.some((id) => !UUID.test(id))) {
        return fieldRefusal(reply, 'invitedTo', GUEST_MESSAGES.eventNotOnList);
      }
      if (!req.isMultipart()) return fieldRefusal(reply, 'file', GUEST_IMPORT_MESSAGES.notMultipart);
      try {
        await enforceLimit(deps, 'uploads', `guest-import:user:${user.id}`, GUEST_IMPORT_MESSAGES.tooFast);
      } catch (error) {
        return sendRestError(reply, error);
      }
      const received = await receiveFileBytes(req, GUEST_FILE_FORM);
      if (received.problem) return sendProblem(reply, received.problem);
      try {
        if (yes(req.query.dryRun)) {
          return reply.send(await previewGuestImport(deps.db, list, received.bytes));
        }
        const result = await importGuestFile(deps.db, list, received.bytes, {
          includeDuplicates: yes(req.query.includeDuplicates),
          invitedTo,
        });
        req.log.info({ userId: user.id, eventId: list.id, ...result }, 'guest list imported');
        return reply.send(result);
      } catch (error) {
        // Refusals are the client's to fix; anything else is ours, and Fastify's handler logs it.
        if (error instanceof TRPCError) return sendRestError(reply, error);
        throw error;
      }
    },
  );
}
