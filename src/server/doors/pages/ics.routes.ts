import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../shared/schemas/auth';
import { EVENT_MESSAGES } from '../../../shared/schemas/events';
import { eventCalendar, feedCalendar, sharedEventCalendar } from '../../domains/feeds/feeds.service';
import { fileSlug, ICS_CONTENT_TYPE } from '../../domains/feeds/ics';
import { errorBody } from '../../platform/http/errors';
import { digestOf, noneMatchHolds, strongTag } from '../../platform/http/etag';
import type { AppDeps } from '../../platform/trpc/context';
import { contextFromRequest } from '../request-context';

/**
 * Calendar files (issue 28): the secret subscription feed, one's own or the circle's event, and a
 * shared event. Each answer is made from the database on every request (several servers share it,
 * so nothing is kept in memory); its ETag is a digest of the bytes, which stay the same while the
 * events do, so a calendar app polling with If-None-Match gets 304 until something changes.
 */

export const EVENT_ICS_PATH = '/api/events/{id}/ics';

/** Calendar apps poll; a few minutes keeps a change from waiting long. Private: the feed is personal. */
export const ICS_CACHE_CONTROL = 'private, max-age=300';

const FEED_NOT_FOUND = 'No calendar at this address';
const EVENT_NOT_FOUND = EVENT_MESSAGES.notFound;

function sendCalendar(
  req: FastifyRequest,
  reply: FastifyReply,
  ics: string,
  download?: { title: string },
): FastifyReply {
  const tag = strongTag(`c${digestOf(ics)}`);
  reply.header('etag', tag).header('cache-control', ICS_CACHE_CONTROL).header('vary', 'cookie');
  if (download) {
    reply.header('content-disposition', `attachment; filename="${fileSlug(download.title)}.ics"`);
  }
  if (noneMatchHolds(req.headers['if-none-match'], tag)) return reply.code(304).send();
  return reply.type(ICS_CONTENT_TYPE).send(ics);
}

const notFound = (reply: FastifyReply, message: string) =>
  reply.code(404).header('cache-control', 'no-store').send(errorBody('NOT_FOUND', message));

export async function icsRoutes(app: FastifyInstance, opts: { deps: AppDeps }): Promise<void> {
  const { deps } = opts;

  // No session: the token in the address is the key, as calendar apps fetch without cookies.
  app.get<{ Params: { token: string } }>('/calendar/:token.ics', async (req, reply) => {
    const ics = await feedCalendar(deps.db, req.params.token, deps.now());
    if (ics === null) return notFound(reply, FEED_NOT_FOUND);
    return sendCalendar(req, reply, ics);
  });

  app.get<{ Params: { id: string } }>('/api/events/:id/ics', async (req, reply) => {
    const { user } = await contextFromRequest(deps, req, reply);
    if (!user) return reply.code(401).send(errorBody('UNAUTHORIZED', MESSAGES.notSignedIn));
    const file = await eventCalendar(deps.db, req.params.id, user.id);
    if (!file) return notFound(reply, EVENT_NOT_FOUND);
    return sendCalendar(req, reply, file.ics, file);
  });

  app.get<{ Params: { shareId: string } }>('/share/:shareId.ics', async (req, reply) => {
    const file = await sharedEventCalendar(deps.db, req.params.shareId);
    // A private link and an unknown one look the same, as on the share page.
    if (!file) return notFound(reply, 'This event is not shared');
    return sendCalendar(req, reply, file.ics, file);
  });
}
