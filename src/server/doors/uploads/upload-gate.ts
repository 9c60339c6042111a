import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../platform/env';
import { errorBody, sendRestError } from '../../platform/http/errors';
import { enforceLimit, type LimitName } from '../../platform/limits/rate-limit';
import type { AppDeps } from '../../platform/trpc/context';
import type { UploadProblem } from './receive';

/** What a file upload route checks before it reads the body (images, attachments). */
export interface UploadGate {
  /** What a client is told whose body is not multipart, or who uploads too fast. */
  messages: { notMultipart: string; tooFast: string };
  /** The user's rate of uploads: the limit, counted under the key `<scope>:user:<id>`. */
  rate: { limit: LimitName; scope: string };
  /** Whether the user's quota has room left (after freeing what may be freed). */
  hasRoom: (deps: AppDeps, userId: string) => Promise<boolean>;
  /** The 413's text for a full quota. */
  quotaMessage: (config: AppConfig) => string;
}

/**
 * Refuses an upload before its body is read: one that is not multipart (400), one over the user's
 * rate (429 with Retry-After), one with no room left in the user's quota (413). Answers whether it
 * sent such a refusal (a FastifyReply is thenable, so the reply itself is not returned through a
 * promise).
 */
export async function refusedUpload(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  gate: UploadGate,
): Promise<boolean> {
  if (!req.isMultipart()) {
    reply.code(400).send(errorBody('BAD_REQUEST', gate.messages.notMultipart));
    return true;
  }
  try {
    await enforceLimit(deps, gate.rate.limit, `${gate.rate.scope}:user:${userId}`, gate.messages.tooFast);
  } catch (error) {
    sendRestError(reply, error);
    return true;
  }
  if (!(await gate.hasRoom(deps, userId))) {
    reply.code(413).send(errorBody('PAYLOAD_TOO_LARGE', gate.quotaMessage(deps.config)));
    return true;
  }
  return false;
}

/** Answers an upload refused while it was read or stored, with its status and message. */
export function sendProblem(reply: FastifyReply, problem: UploadProblem) {
  return reply.code(problem.status).send(errorBody(problem.code, problem.message));
}
