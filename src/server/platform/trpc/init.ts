import { initTRPC, TRPCError } from '@trpc/server';
import superjson, { type SuperJSONResult } from 'superjson';
import { ZodError } from 'zod';
import type { Role } from '../../../shared/constants';
import { HTTP_MESSAGES } from '../../../shared/http-messages';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin';
import { MESSAGES } from '../../../shared/schemas/auth';
import { asServiceUnavailable, ServiceUnavailableError } from '../db/db-errors';
import { StaleWriteError } from '../db/stale-write';
import { messageCodeFields, publicMessage, validationIssues } from '../http/errors';
import { nestsDeeperThan, TOO_DEEP_MESSAGE } from '../http/input-depth';
import { TooManyRequestsError } from '../limits/rate-limit';
import type { Context } from './context';

/**
 * superjson, with inputs checked before it walks them: its deserialize recurses through `meta`, so a
 * few thousand levels would overflow the stack, and whatever it throws would reach the caller as
 * its own words. Every input that cannot be read is a BAD_REQUEST with a sentence of ours.
 */
const transformer = {
  input: {
    serialize: (value: unknown) => superjson.serialize(value),
    deserialize: (value: unknown) => {
      if (nestsDeeperThan(value)) throw new TRPCError({ code: 'BAD_REQUEST', message: TOO_DEEP_MESSAGE });
      try {
        return superjson.deserialize(value as SuperJSONResult);
      } catch (cause) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: HTTP_MESSAGES.notSuperjson,
          cause,
        });
      }
    },
  },
  output: superjson,
};

const t = initTRPC.context<Context>().create({
  transformer,
  sse: {
    // A comment line every 15 s keeps proxies from closing a quiet stream and shows a dead one.
    ping: { enabled: true, intervalMs: 15_000 },
    // Streams re-authenticate now and then: the client reconnects with its Last-Event-ID, losing nothing.
    maxDurationMs: 30 * 60 * 1000,
    client: { reconnectAfterInactivityMs: 40_000 },
  },
  errorFormatter({ shape, error }) {
    const message = publicMessage(error);
    return {
      ...shape,
      message,
      data: {
        code: shape.data.code,
        // The message's code and parameters, for clients to show it in their reader's language.
        ...messageCodeFields(message),
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        issues: validationIssues(error),
        retryAfterSeconds:
          error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError
            ? error.retryAfterSeconds
            : undefined,
        current: error instanceof StaleWriteError ? error.current : undefined,
      },
    };
  },
});

export const router = t.router;

/**
 * The resolver of a procedure whose service function takes the context and the checked input as
 * they are: `.mutation(serve(suspendUser))` for `.mutation(({ ctx, input }) => suspendUser(ctx, input))`.
 */
export function serve<Ctx, Input, Result>(handle: (ctx: Ctx, input: Input) => Result) {
  return ({ ctx, input }: { ctx: Ctx; input: Input }) => handle(ctx, input);
}

/** Like serve, for a function that needs only the database of the context. */
export function serveDb<Input, Result>(handle: (db: Context['db'], input: Input) => Result) {
  return ({ ctx, input }: { ctx: Pick<Context, 'db'>; input: Input }) => handle(ctx.db, input);
}
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Gives input validation errors the first issue's text as their message, so every caller (HTTP,
 * REST, createCaller) reads the same sentence. The issues stay on the error's cause.
 */
export const publicProcedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  // The database failing is not the server's bug: 503 with Retry-After, so clients come back.
  if (!result.ok) {
    const unavailable = asServiceUnavailable(result.error);
    if (unavailable !== result.error) throw unavailable;
  }
  if (!result.ok && result.error.code === 'BAD_REQUEST' && result.error.cause instanceof ZodError) {
    const first = result.error.cause.issues[0];
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: first?.message ?? HTTP_MESSAGES.invalidInput,
      cause: result.error.cause,
    });
  }
  return result;
});

/** Its identity also tells the OpenAPI document which operations need the session cookie. */
export const sessionRequired = t.middleware(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.notSignedIn });
  }
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export const authedProcedure = publicProcedure.use(sessionRequired);

function roleProcedure(...roles: Role[]) {
  return authedProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.user.role)) {
      throw new TRPCError({
        code: 'FORBIDDEN',
        message: HTTP_MESSAGES.rolesOnly(roles),
      });
    }
    return next();
  });
}

export const customerProcedure = roleProcedure('customer');
export const vendorProcedure = roleProcedure('vendor');
/**
 * Every admin procedure is built on this one: a guest gets 401 'Please log in to access the admin
 * dashboard.', any other role 403 'Access denied. Admin privileges required.' (spec section 2), on
 * tRPC and REST alike.
 */
export const adminProcedure = publicProcedure
  .use(({ ctx, next }) => {
    if (!ctx.user || !ctx.session) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: ADMIN_MESSAGES.notSignedIn });
    }
    if (ctx.user.role !== 'admin') {
      throw new TRPCError({ code: 'FORBIDDEN', message: ADMIN_MESSAGES.forbidden });
    }
    return next();
  })
  // Narrows the context's types, and marks the operations as needing the session cookie.
  .use(sessionRequired);
/** The two parties of a conversation. */
export const partyProcedure = roleProcedure('customer', 'vendor');
