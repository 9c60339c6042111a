import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StorageRefusedError } from '../../domains/uploads/quota';
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
  /** What refuses the user's next file before it is read, if anything (after freeing what may be freed). */
  refusal: (deps: AppDeps, userId: string) => Promise<StorageRefusedError | null>;
}

/**
 * Refuses an upload before its body is read: one that is not multipart (400), one over the user's
 * rate (429 with Retry-After), one with no room left in the user's quotas (413) or on the site (507).
 * Answers whether it
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
  const refused = await gate.refusal(deps, userId);
  if (refused) {
    sendProblem(reply, storageProblem(refused));
    return true;
  }
  return false;
}

/** A file refused for want of storage, as the upload routes answer it. */
export function storageProblem(refused: StorageRefusedError): UploadProblem {
  return { status: refused.status, code: refused.code, message: refused.message };
}

/**
 * Answers an upload refused before, while or after it was read, with its status and message; a full
 * site is logged as the warning it is (the admins' health card shows it too).
 */
export function sendProblem(reply: FastifyReply, problem: UploadProblem) {
  if (problem.status === 507)
    reply.log.warn('upload refused: the site storage ceiling (STORAGE_CEILING_MB) is reached');
  return reply.code(problem.status).send(errorBody(problem.code, problem.message));
}
