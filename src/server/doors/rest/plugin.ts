import { type AnyProcedure, TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PreconditionFailedError, StaleWriteError } from '../../platform/db/stale-write';
import { restError } from '../../platform/http/errors';
import { noneMatchHolds, VersionsRead } from '../../platform/http/etag';
import { nestsDeeperThan, TOO_DEEP_MESSAGE } from '../../platform/http/input-depth';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  isIdempotent,
} from '../../platform/idempotency/idempotency';
import type { AppDeps } from '../../platform/trpc/context';
import { contextFromRequest } from '../request-context';
import { appRouter } from '../trpc/app-router';
import {
  marketplaceCacheHeaders,
  marketplaceTag,
  ROW_CACHE_CONTROL,
  rowTag,
  rowVersionOf,
  type UpdateCondition,
  updateConditionOf,
  withConditionVersion,
} from './conditional';
import { type RestRoute, restRoutes } from './routes';

export function procedureAt(path: string): AnyProcedure {
  const procedure = (appRouter._def.procedures as unknown as Record<string, AnyProcedure | undefined>)[path];
  if (!procedure) throw new Error(`REST route points at unknown procedure ${path}`);
  return procedure;
}

/** Whether the procedure's input takes the `version` an edit was made from (it updates a row at a version). */
export function updatesAtVersion(procedure: AnyProcedure): boolean {
  return (procedure._def.inputs as unknown[]).some((i) => i instanceof z.ZodObject && 'version' in i.shape);
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

/**
 * An update made under If-Match: at the version it names, or at another one it names when the row
 * turns out to be at that one (a list of tags). When the row is at none of them: 412 with the row.
 */
async function updateOnCondition(
  call: (input: unknown) => Promise<unknown>,
  input: unknown,
  condition: Extract<UpdateCondition, { any: false }>,
): Promise<unknown> {
  let attempt = input;
  // Versions only grow, so each retry names a later one of the listed versions.
  for (let tries = 0; tries <= condition.versions.length; tries++) {
    try {
      return await call(attempt);
    } catch (error) {
      if (!(error instanceof StaleWriteError)) throw error;
      const now = rowVersionOf(error.current);
      const tried = isPlainObject(attempt) ? attempt.version : undefined;
      if (
        now === undefined ||
        now === tried ||
        !condition.versions.includes(now) ||
        !isPlainObject(attempt)
      ) {
        throw new PreconditionFailedError(error.current);
      }
      attempt = { ...attempt, version: now };
    }
  }
  throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'If-Match retries ran out' });
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
    // Updates of a row at a version take that version from If-Match too (decision 029), and so do
    // removals that take one.
    const conditional = (isUpdate || route.method === 'DELETE') && updatesAtVersion(procedure);

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
          const condition = conditional ? updateConditionOf(req.headers['if-match']) : undefined;
          if (condition) input = withConditionVersion(input, condition);
          const ctx = await contextFromRequest(opts.deps, req, reply);
          // Marketplace answers announce the vendors table's version they were read at.
          const versionsRead =
            route.etag === 'listings' || route.etag === 'listing' ? new VersionsRead() : undefined;
          if (versionsRead) ctx.versionNotice = versionsRead;
          // What a caller from createCaller(ctx) does, without building the caller and its path proxies
          // on every request: the procedure (middlewares, input and output checks) called with the context.
          const call = (rawInput: unknown) =>
            procedure({
              path: route.procedure,
              getRawInput: async () => rawInput,
              ctx,
              type,
              signal: undefined,
              batchIndex: 0,
            });
          const rawInput = input;
          const result =
            condition && !condition.any
              ? await updateOnCondition(call, rawInput, condition)
              : await call(rawInput);
          // The spec's update shapes carry no version: such an edit overwrote whatever the row held.
          if (isUpdate && isPlainObject(rawInput) && rawInput.version === undefined) {
            req.log.info(
              { procedure: route.procedure, userId: ctx.user?.id },
              condition?.any ? 'unconditional update (If-Match: *)' : 'unconditional update (no version)',
            );
          }
          // A 204 answers nothing: no body, and no tag of a row that is gone.
          if (route.status === 204) return reply.code(204).send();
          const version = conditional || route.etag === 'row' ? rowVersionOf(result) : undefined;
          if (version !== undefined) reply.header('etag', rowTag(version));
          if (route.etag === 'row') reply.header('cache-control', ROW_CACHE_CONTROL);
          if (versionsRead) {
            const audience = ctx.user ? 'member' : 'visitor';
            marketplaceCacheHeaders(reply, audience);
            const tableVersion = versionsRead.oldest;
            // No version read (the cache switched off, or an answer that reads no listing): no tag.
            if (tableVersion !== undefined && route.etag && route.etag !== 'row') {
              const tag = marketplaceTag(
                route.etag,
                tableVersion,
                audience,
                () => JSON.stringify(result),
                result,
              );
              reply.header('etag', tag);
              if (noneMatchHolds(req.headers['if-none-match'], tag)) return reply.code(304).send();
            }
          }
          reply.code(route.status ?? 200);
          if (keptAnswers && typeof result === 'object' && result !== null) {
            return reply.type('application/json; charset=utf-8').send(serializedOnce(result));
          }
          return reply.send(result);
        } catch (error) {
          const { status, body, retryAfter } = restError(error);
          if (retryAfter !== null) reply.header('retry-after', String(retryAfter));
          // A 409 or 412 carries the row as it is now, and its tag for the next If-Match.
          const current = rowVersionOf(body.error.current);
          if (current !== undefined) reply.header('etag', rowTag(current));
          // A refusal (503: database unavailable, overloaded) is expected under faults: a warning, no stack.
          if (status === 503) req.log.warn(`REST ${route.method} ${route.path}: ${body.error.message}`);
          else if (status >= 500) req.log.error({ err: error }, `REST ${route.method} ${route.path} failed`);
          return reply.code(status).send(body);
        }
      },
    });
  }
}
