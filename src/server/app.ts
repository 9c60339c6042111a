import cookie from '@fastify/cookie';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorBody } from './http/errors';
import { contextFromRequest } from './http/request-context';
import { securityPlugin } from './http/security';
import { staticAndFallback } from './http/static';
import { retryAfterOf } from './limits/rate-limit';
import { buildOpenApiDocument } from './rest/openapi';
import { restPlugin } from './rest/plugin';
import { type AppRouter, appRouter } from './trpc/app-router';
import type { AppDeps } from './trpc/context';
import { uploadRoutes } from './uploads/upload.routes';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the whole HTTP server without listening: main.ts listens, tests use inject(). */
export async function buildServer(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.logLevel === 'silent' ? false : { level: deps.config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 10_000,
    trustProxy: process.env.TRUST_PROXY === 'true',
    routerOptions: { maxParamLength: 200 },
  });

  await app.register(cookie);
  await app.register(securityPlugin, { config: deps.config });

  app.setErrorHandler<FastifyError>((error, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    const code =
      status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : status === 415
          ? 'UNSUPPORTED_MEDIA_TYPE'
          : status >= 500
            ? 'INTERNAL_SERVER_ERROR'
            : 'BAD_REQUEST';
    const message = status >= 500 ? 'Something went wrong. Please try again.' : error.message;
    return reply.code(status).send(errorBody(code, message));
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => contextFromRequest(deps, req, res),
      // A 429 anywhere in a batch tells the client when to come back.
      responseMeta({ errors }) {
        const retryAfter = retryAfterOf(errors);
        return retryAfter === null ? {} : { headers: { 'retry-after': String(retryAfter) } };
      },
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          req.log.error({ err: error.cause ?? error, path }, 'tRPC failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  app.get('/api/health', async (_req, reply) => {
    try {
      await sql`select 1`.execute(deps.db);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send(errorBody('SERVICE_UNAVAILABLE', 'The database is not answering'));
    }
  });

  const openApi = buildOpenApiDocument();
  app.get('/api/openapi.json', async () => openApi);

  await app.register(restPlugin, { deps });
  await app.register(uploadRoutes, { deps });
  await app.register(staticAndFallback, { clientDir: deps.config.clientDir });

  return app;
}
