import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MESSAGES } from '../../../shared/schemas/auth';
import { EVENT_MESSAGES } from '../../../shared/schemas/events';
import { GUEST_MESSAGES } from '../../../shared/schemas/guests';
import { fileSlug } from '../../domains/feeds/ics';
import { findGuestListEvent } from '../../domains/guest-lists/guest-lists.access';
import { guestListCsv, guestListPrintPage } from '../../domains/guests/guests.export';
import { errorBody, sendRestError } from '../../platform/http/errors';
import type { AppDeps } from '../../platform/trpc/context';
import { contextFromRequest } from '../request-context';

export const GUEST_CSV_PATH = '/api/events/{id}/guests.csv';
export const GUEST_PRINT_PATH = '/api/events/{id}/guests/print';
/** A guest list is private and changes often: never kept by a cache. */
export const GUEST_FILE_CACHE_CONTROL = 'private, no-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EVENT_NOT_FOUND = EVENT_MESSAGES.notFound;
const BY_MESSAGE = 'Group the list by household or table';

const notFound = (reply: FastifyReply) =>
  reply.code(404).header('cache-control', 'no-store').send(errorBody('NOT_FOUND', EVENT_NOT_FOUND));

const fieldRefusal = (reply: FastifyReply, field: string, message: string) =>
  reply.code(400).send(errorBody('BAD_REQUEST', message, [{ path: [field], message }]));

/**
 * GET /api/events/{id}/guests.csv[?eventId=] and GET /api/events/{id}/guests/print?eventId=&by=
 * (decision 043): the guest list as a CSV file and as a page to print, for the list's owner and
 * active circle-mates; anyone else is answered as for a missing event.
 */
export async function guestListRoutes(app: FastifyInstance, opts: { deps: AppDeps }): Promise<void> {
  const { deps } = opts;

  async function listOf(id: string, req: Parameters<typeof contextFromRequest>[1], reply: FastifyReply) {
    const { user } = await contextFromRequest(deps, req, reply);
    if (!user) {
      reply.code(401).send(errorBody('UNAUTHORIZED', MESSAGES.notSignedIn));
      return null;
    }
    const list = UUID.test(id) ? await findGuestListEvent(deps.db, id, user.id) : undefined;
    if (!list) {
      notFound(reply);
      return null;
    }
    return list;
  }

  app.get<{ Params: { id: string }; Querystring: { eventId?: string } }>(
    '/api/events/:id/guests.csv',
    async (req, reply) => {
      const list = await listOf(req.params.id, req, reply);
      if (!list) return reply;
      const { eventId } = req.query;
      if (eventId !== undefined && !UUID.test(eventId)) {
        return fieldRefusal(reply, 'eventId', GUEST_MESSAGES.eventNotOnList);
      }
      try {
        const { csv, title } = await guestListCsv(deps.db, list, eventId);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileSlug(title)}-guests.csv"`)
          .header('cache-control', GUEST_FILE_CACHE_CONTROL)
          .header('x-content-type-options', 'nosniff')
          .send(csv);
      } catch (error) {
        if (error instanceof TRPCError) return sendRestError(reply, error);
        throw error;
      }
    },
  );

  app.get<{ Params: { id: string }; Querystring: { eventId?: string; by?: string } }>(
    '/api/events/:id/guests/print',
    async (req, reply) => {
      const list = await listOf(req.params.id, req, reply);
      if (!list) return reply;
      const { eventId, by } = req.query;
      if (eventId !== undefined && !UUID.test(eventId)) {
        return fieldRefusal(reply, 'eventId', GUEST_MESSAGES.eventNotOnList);
      }
      if (by !== undefined && by !== 'household' && by !== 'table')
        return fieldRefusal(reply, 'by', BY_MESSAGE);
      try {
        const html = await guestListPrintPage(deps.db, list, { eventId, by, now: deps.now() });
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', GUEST_FILE_CACHE_CONTROL)
          .header('x-robots-tag', 'noindex, nofollow')
          .header('referrer-policy', 'no-referrer')
          .send(html);
      } catch (error) {
        if (error instanceof TRPCError) return sendRestError(reply, error);
        throw error;
      }
    },
  );
}
