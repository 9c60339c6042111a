import { type AnyProcedure, TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { restError } from '../../platform/http/errors';
import { nestsDeeperThan, TOO_DEEP_MESSAGE } from '../../platform/http/input-depth';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  isIdempotent,
} from '../../platform/idempotency/idempotency';
import type { AppDeps } from '../../platform/trpc/context';
import { contextFromRequest } from '../request-context';
import { appRouter } from '../trpc/app-router';
import { type RestRoute, restRoutes } from './routes';

export function procedureAt(path: string): AnyProcedure {
  const procedure = (appRouter._def.procedures as unknown as Record<string, AnyProcedure | undefined>)[path];
  if (!procedure) throw new Error(`REST route points at unknown procedure ${path}`);
  return procedure;
}

export function pathParams(route: RestRoute): string[] {
  return [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const serialized = new WeakMap<object, string>();

/** JSON of an answer that is handed out again unchanged, made the first time only. */
function serializedOnce(answer: object): string {
  let json = serialized.get(answer);
  if (json === undefined) {
    json = JSON.stringify(answer);
    serialized.set(answer, json);
  }
  return json;
}

/**
 * Puts an Idempotency-Key header into the input as `idempotencyKey`, where the procedure takes one.
 * A body that names another key is refused rather than one of them silently winning.
 */
function withIdempotencyKey(input: unknown, header: string | string[] | undefined): unknown {
  if (header === undefined) return input;
  const key = Array.isArray(header) ? header.join(', ') : header;
  if (input === undefined || input === null) return { idempotencyKey: key };
  // Anything but an object is refused by the input check, which says what is wrong with it.
  if (!isPlainObject(input)) return input;
  if (input.idempotencyKey !== undefined && input.idempotencyKey !== key) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: IDEMPOTENCY_MESSAGES.headerAndBodyDiffer });
  }
  return { ...input, idempotencyKey: key };
}

/** Mounts every row of the REST table as a Fastify route that calls the same procedure. */
export async function restPlugin(app: FastifyInstance, opts: { deps: AppDeps }): Promise<void> {
  for (const route of restRoutes) {
    const procedure = procedureAt(route.procedure);
    const type = procedure._def.type;
    if (route.method === 'GET' && type !== 'query') {
      throw new Error(`GET ${route.path} must map to a query, not the ${type} ${route.procedure}`);
    }
    if (route.method !== 'GET' && type === 'query') {
      throw new Error(`${route.method} ${route.path} maps to the query ${route.procedure}; use GET`);
    }
    const params = pathParams(route);
    const hasInput = procedure._def.inputs.length > 0;
    // Procedures checked with checkedOnce hand out kept answers again, unchanged: serialize each once.
    const keptAnswers = typeof (procedure._def as { output?: unknown }).output === 'function';
    // Elsewhere the header is ignored, as a client may send one with every POST.
    const takesIdempotencyKey = route.method === 'POST' && isIdempotent(procedure);
    const isUpdate = route.method === 'PATCH' || route.method === 'PUT';

    app.route({
      method: route.method,
      url: toFastifyPath(route.path),
      handler: async (req, reply) => {
        const source = route.method === 'GET' || route.method === 'DELETE' ? req.query : req.body;
        let input: unknown;
        if (hasInput) {
          const fromPath = Object.fromEntries(
            params.map((p) => [p, (req.params as Record<string, string>)[p]]),
          );
          input = isPlainObject(source) ? { ...source, ...fromPath } : params.length > 0 ? fromPath : source;
        }
        try {
          // The same bound as on /trpc, so both doors refuse the same inputs.
          if (nestsDeeperThan(input)) throw new TRPCError({ code: 'BAD_REQUEST', message: TOO_DEEP_MESSAGE });
          if (takesIdempotencyKey) input = withIdempotencyKey(input, req.headers[IDEMPOTENCY_KEY_HEADER]);
          const ctx = await contextFromRequest(opts.deps, req, reply);
          // What a caller from createCaller(ctx) does, without building the caller and its path proxies
          // on every request: the procedure (middlewares, input and output checks) called with the context.
          const rawInput = input;
          const result = await procedure({
            path: route.procedure,
            getRawInput: async () => rawInput,
            ctx,
            type,
            signal: undefined,
            batchIndex: 0,
          });
          // The spec's update shapes carry no version: such an edit overwrote whatever the row held.
          if (isUpdate && isPlainObject(rawInput) && rawInput.version === undefined) {
            req.log.info(
              { procedure: route.procedure, userId: ctx.user?.id },
              'unconditional update (no version)',
            );
          }
          reply.code(route.status ?? 200);
          if (keptAnswers && typeof result === 'object' && result !== null) {
            return reply.type('application/json; charset=utf-8').send(serializedOnce(result));
          }
          return reply.send(result);
        } catch (error) {
          const { status, body, retryAfter } = restError(error);
          if (retryAfter !== null) reply.header('retry-after', String(retryAfter));
          // A refusal (503: database unavailable, overloaded) is expected under faults: a warning, no stack.
          if (status === 503) req.log.warn(`REST ${route.method} ${route.path}: ${body.error.message}`);
          else if (status >= 500) req.log.error({ err: error }, `REST ${route.method} ${route.path} failed`);
          return reply.code(status).send(body);
        }
      },
    });
  }
}
