import cookie from '@fastify/cookie';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { clientErrorOf } from './http/client-errors';
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

/** A hop count becomes "believe the nearest N hops"; Fastify's types take it as a function. */
function trustProxyOption(setting: boolean | number | string[]) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Builds the whole HTTP server without listening: main.ts listens, tests use inject(). */
export async function buildServer(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.config.logLevel === 'silent' ? false : { level: deps.config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 10_000,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // A tRPC batch names every call in its path ('auth.login,auth.login,...'): room for a few dozen.
    routerOptions: { maxParamLength: 2000 },
  });

  await app.register(cookie);
  await app.register(securityPlugin, { config: deps.config });

  // Bad bodies (JSON, content types, multipart streams) keep their 4xx; only the server's own faults are 500.
  app.setErrorHandler<FastifyError>((error, req, reply) => {
    const client = clientErrorOf(error);
    if (client) return reply.code(client.status).send(errorBody(client.code, client.message));
    req.log.error({ err: error }, 'request failed');
    const status =
      error.statusCode && error.statusCode >= 500 && error.statusCode < 600 ? error.statusCode : 500;
    return reply
      .code(status)
      .send(errorBody('INTERNAL_SERVER_ERROR', 'Something went wrong. Please try again.'));
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
