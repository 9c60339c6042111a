import cookie from '@fastify/cookie';
import type { FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { recordServerError } from './domains/admin/server-errors';
import { liveEventRoutes } from './doors/live/events.routes';
import { guestListRoutes } from './doors/pages/guest-list.routes';
import { icsRoutes } from './doors/pages/ics.routes';
import { ogImageRoutes } from './doors/pages/og-images';
import type { PagePrerender } from './doors/pages/page-prerender';
import { rsvpPageRoutes } from './doors/pages/rsvp-page';
import { sitemapRoutes } from './doors/pages/sitemap';
import { staticAndFallback } from './doors/pages/static';
import { contextFromRequest } from './doors/request-context';
import { buildOpenApiDocument } from './doors/rest/openapi';
import { restPlugin } from './doors/rest/plugin';
import { type AppRouter, appRouter } from './doors/trpc/app-router';
import { trpcPlugin } from './doors/trpc/fastify-adapter';
import { attachmentRoutes } from './doors/uploads/attachments.routes';
import { guestImportRoutes } from './doors/uploads/guest-import.routes';
import { kashrutCertificateRoutes } from './doors/uploads/kashrut-certificate.routes';
import { uploadRoutes } from './doors/uploads/upload.routes';
import { asServiceUnavailable, ServiceUnavailableError } from './platform/db/db-errors';
import { clientErrorOf } from './platform/http/client-errors';
import { compressionPlugin } from './platform/http/compression';
import { errorBody } from './platform/http/errors';
import { checkHealth, Lifecycle, resiliencePlugin } from './platform/http/resilience';
import { securityPlugin } from './platform/http/security';
import { retryAfterOf } from './platform/limits/rate-limit';
import type { AppDeps } from './platform/trpc/context';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** A hop count becomes "believe the nearest N hops"; Fastify's types take it as a function. */
function trustProxyOption(setting: boolean | number | string[]) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** A request's URL as logs keep it: a household's RSVP token (page, REST or tRPC input) is left out. */
export function withoutLinkSecrets(url: string): string {
  return url
    .replace(/^(\/(?:api\/)?rsvp\/)[^/?#]+/i, '$1<token>')
    .replace(/^(\/trpc\/[^?]*rsvp\.[^?]*)\?.*$/i, '$1?<input>');
}

/** Builds the whole HTTP server without listening: main.ts listens, tests use inject(). */
export async function buildServer(
  deps: AppDeps,
  /** Public pages drawn for visitors (the production server's; tests opt in). */
  options: { prerender?: PagePrerender } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.config.logLevel === 'silent'
        ? false
        : {
            level: deps.config.logLevel,
            // Fastify's own fields, with the secret of an RSVP link kept out of the logs.
            serializers: {
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: withoutLinkSecrets(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          },
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    // Longer than the idle timeout of common proxies and load balancers (often 60 s): the server must
    // not close a kept-alive connection the proxy is about to reuse, which the proxy reports as 502.
    keepAliveTimeout: 72_000,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // Draining answers 503 in the app's own error format (resilience.ts), not Fastify's.
    return503OnClosing: false,
    // A tRPC batch names every call in its path ('auth.login,auth.login,...'): room for a few dozen.
    routerOptions: { maxParamLength: 2000 },
  });

  const lifecycle = deps.lifecycle ?? new Lifecycle();
  // Every request's context carries it, so event streams end when this server drains or closes.
  deps = { ...deps, lifecycle };
  await app.register(resiliencePlugin, { config: deps.config, lifecycle });
  // app.close() waits for open requests: event streams (tRPC and REST) end first, drained or not.
  app.addHook('preClose', async () => lifecycle.beginDrain());
  await app.register(cookie);
  await app.register(securityPlugin, { config: deps.config });
  // Before any route: it joins each route as the route is added.
  await app.register(compressionPlugin);

  // Every 5xx this process sends is counted in the database for the admin's health card. Never
  // awaited and never thrown from: when the database is what failed, the count is lost, not the answer.
  app.addHook('onResponse', async (_req, reply) => {
    if (reply.statusCode < 500) return;
    recordServerError(deps.db).catch((error: unknown) => {
      app.log.warn(
        `could not count a server error: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  });

  // Bad bodies (JSON, content types, multipart streams) keep their 4xx; only the server's own faults are 500.
  app.setErrorHandler<FastifyError>((error, req, reply) => {
    const client = clientErrorOf(error);
    if (client) return reply.code(client.status).send(errorBody(client.code, client.message));
    const unavailable = asServiceUnavailable(error);
    if (unavailable instanceof ServiceUnavailableError) {
      req.log.warn(`${req.method} ${req.url}: ${unavailable.message}`);
      return reply
        .code(503)
        .header('retry-after', String(unavailable.retryAfterSeconds))
        .send(errorBody('SERVICE_UNAVAILABLE', unavailable.message));
    }
    req.log.error({ err: error }, 'request failed');
    const status =
      error.statusCode && error.statusCode >= 500 && error.statusCode < 600 ? error.statusCode : 500;
    return reply
      .code(status)
      .send(errorBody('INTERNAL_SERVER_ERROR', 'Something went wrong. Please try again.'));
  });

  // tRPC's Fastify adapter, sending finished JSON answers as text (doors/trpc/fastify-adapter.ts).
  await app.register(trpcPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      // Reading the session can meet a database outage too: that is a 503, not the server's fault.
      createContext: ({ req, res }) =>
        contextFromRequest(deps, req, res).catch((error: unknown) => {
          throw asServiceUnavailable(error);
        }),
      // A 429 anywhere in a batch tells the client when to come back.
      responseMeta({ errors }) {
        const retryAfter = retryAfterOf(errors);
        return retryAfter === null ? {} : { headers: { 'retry-after': String(retryAfter) } };
      },
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          req.log.error({ err: error.cause ?? error, path }, 'tRPC failed');
        else if (error.code === 'SERVICE_UNAVAILABLE') req.log.warn({ path }, `tRPC: ${error.message}`);
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  // Not shed: the probe answers for itself, saying when the server is overloaded.
  app.get('/api/health', { config: { shed: false } }, async (_req, reply) => {
    const lag = app.eventLoopLag;
    const answer = await checkHealth(
      deps.db,
      deps.config.healthTimeoutMs,
      lifecycle.draining,
      lag?.overloaded ? lag.reading() : null,
    );
    if (answer.status === 503) reply.header('retry-after', String(answer.retryAfter));
    return reply.code(answer.status).send(answer.body);
  });

  const openApi = buildOpenApiDocument();
  app.get('/api/openapi.json', async () => openApi);

  await app.register(restPlugin, { deps });
  await app.register(uploadRoutes, { deps });
  await app.register(attachmentRoutes, { deps });
  await app.register(kashrutCertificateRoutes, { deps });
  await app.register(guestImportRoutes, { deps });
  await app.register(liveEventRoutes, { deps, lifecycle });
  await app.register(sitemapRoutes, { deps });
  await app.register(icsRoutes, { deps });
  await app.register(guestListRoutes, { deps });
  await app.register(rsvpPageRoutes, { deps });
  await app.register(ogImageRoutes);
  await app.register(staticAndFallback, {
    clientDir: deps.config.clientDir,
    deps,
    prerender: options.prerender,
  });

  return app;
}
