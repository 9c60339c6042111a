import { IncomingMessage } from 'node:http';
import { TRPCError } from '@trpc/server';
import type { FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_MESSAGES } from '../../../shared/http-messages';
import type { AppRouter } from './app-router';

type TrpcOptions = FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];

/** The request's address as a URL, as tRPC's node adapter makes it (http or https, the Host header). */
function requestUrl(raw: IncomingMessage): URL {
  try {
    const encrypted = (raw.socket as { encrypted?: boolean } | null)?.encrypted === true;
    return new URL(raw.url ?? '/', `${encrypted ? 'https:' : 'http:'}//${raw.headers.host ?? 'localhost'}`);
  } catch (cause) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: HTTP_MESSAGES.invalidUrl, cause });
  }
}

function requestHeaders(raw: IncomingMessage): Headers {
  const headers = new Headers();
  for (const key in raw.headers) {
    if (key.startsWith(':')) continue;
    const value = raw.headers[key];
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.append(key, value);
  }
  return headers;
}

/** The body as Fastify parsed it (a string for JSON, the request stream for multipart). */
function requestBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof IncomingMessage) return body as unknown as BodyInit;
  return JSON.stringify(body);
}

/**
 * The Fetch Request tRPC resolves. Its signal aborts when the client goes away before the answer is
 * complete (an event stream it left, a request it gave up), as in tRPC's node adapter; unlike that
 * adapter, not also after every answer that was sent in full, where aborting only made an AbortError
 * (a DOMException with its stack) for nobody to read.
 */
function fetchRequest(req: FastifyRequest, reply: FastifyReply): Request {
  const raw = req.raw;
  const controller = new AbortController();
  const abort = () => {
    reply.raw.off('close', onClose);
    raw.off('aborted', abort);
    controller.abort();
  };
  const onClose = () => {
    if (reply.raw.writableFinished) raw.off('aborted', abort);
    else abort();
  };
  reply.raw.once('close', onClose);
  raw.once('aborted', abort);
  const init: RequestInit & { duplex?: 'half' } = {
    headers: requestHeaders(raw),
    method: raw.method ?? 'GET',
    signal: controller.signal,
  };
  if (raw.method !== 'GET' && raw.method !== 'HEAD') {
    const body = requestBody(req.body);
    if (body !== undefined) init.body = body;
    init.duplex = 'half';
  }
  return new Request(requestUrl(raw), init);
}

/**
 * tRPC under a prefix, as @trpc/server/adapters/fastify mounts it (every method on `/:path`, JSON
 * bodies handed over as text, multipart as the request stream, the answer from tRPC's own
 * resolveResponse), with one difference in how a finished JSON answer is sent: Fastify gets its text
 * and headers instead of the fetch Response, which it would otherwise pipe through a web stream.
 * Streams (event streams, streamed batches) still go out as the Response, written as they come.
 */
export async function trpcPlugin(app: FastifyInstance, opts: { trpcOptions: TrpcOptions }): Promise<void> {
  const { trpcOptions } = opts;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));

  app.all('/:path', async (req, reply) => {
    const path = (req.params as { path: string }).path;
    const response = await resolveResponse<AppRouter>({
      ...trpcOptions,
      req: fetchRequest(req, reply),
      path,
      error: null,
      createContext: async (inner) => trpcOptions.createContext({ req, res: reply, ...inner }),
      onError: (o) => trpcOptions.onError?.({ ...o, req }),
    });
    const type = response.headers.get('content-type');
    if (
      response.body !== null &&
      type?.startsWith('application/json') &&
      response.headers.get('transfer-encoding') === null
    ) {
      reply.code(response.status);
      for (const [name, value] of response.headers) reply.header(name, value);
      return reply.send(await response.text());
    }
    return reply.send(response);
  });
}
