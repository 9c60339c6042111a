import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { type AnyProcedure, TRPCError } from '@trpc/server';
// The one way to hand tRPC a middleware result without calling next(): its marker value.
import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import superjson from 'superjson';
import { IDEMPOTENCY_MESSAGES } from '../../../shared/http-messages';
import type { Db } from '../db/create-db';
import { inTransaction } from '../db/transaction';
import { sha256Hex } from '../tokens';
import { middleware } from '../trpc/init';
import { IDEMPOTENCY_TTL_MS } from './idempotency.queries';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export { IDEMPOTENCY_MESSAGES };

/** The stored answer, encrypted with a key only the client's Idempotency-Key gives (see sealFor). */
interface SealedAnswer {
  iv: string;
  tag: string;
  data: string;
}

/**
 * JSON with object keys sorted and Dates as ISO text: the same request gives the same text whatever
 * order its fields came in, and whether its dates came as Dates (tRPC) or strings (REST).
 */
export function canonicalJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const fields = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`);
    return `{${fields.join(',')}}`;
  }
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  return JSON.stringify(value ?? null) ?? 'null';
}

/**
 * Only hashes of the client's key reach the database, and the answer is sealed with a key derived
 * from it: an answer can hold a secret shown once (a new invite link's token, of which only a hash
 * is stored), and a copy of the database must not give it away.
 */
function sealFor(rawKey: string, userId: string) {
  const secret = Buffer.from(hkdfSync('sha256', rawKey, userId, 'idempotent create answer', 32));
  return {
    seal(answer: unknown): SealedAnswer {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      const plain = JSON.stringify(superjson.serialize(answer));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return {
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
        data: data.toString('base64'),
      };
    },
    open(sealed: SealedAnswer): unknown {
      const decipher = createDecipheriv('aes-256-gcm', secret, Buffer.from(sealed.iv, 'base64'));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]);
      return superjson.deserialize(JSON.parse(plain.toString('utf8')));
    },
  };
}

interface KeyClaim {
  userId: string;
  /** SHA-256 of the client's key. */
  key: string;
  procedure: string;
  requestHash: string;
}

/**
 * Takes the key for this call, or finds the committed row of the call that took it first. The row
 * is written in the create's own transaction: a concurrent call with the same key waits at the
 * insert until that transaction ends, then sees its row (or, after a rollback, takes the key).
 */
async function claimKey(
  trx: Db,
  claim: KeyClaim,
  now: Date,
): Promise<{ taken: true } | { taken: false; procedure: string; requestHash: string; response: unknown }> {
  const expired = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  // A few rounds at most: a row can vanish between the insert and the read (an expired one deleted
  // by another call or the sweep), and then the key is free to take again.
  for (let round = 0; round < 3; round++) {
    // An answer older than 24 hours is forgotten: the key is new again.
    await trx
      .deleteFrom('idempotencyKeys')
      .where('userId', '=', claim.userId)
      .where('key', '=', claim.key)
      .where('createdAt', '<=', expired)
      .execute();
    const inserted = await trx
      .insertInto('idempotencyKeys')
      .values({ ...claim, response: null, createdAt: now })
      .onConflict((oc) => oc.columns(['userId', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return { taken: true };
    const first = await trx
      .selectFrom('idempotencyKeys')
      .select(['procedure', 'requestHash', 'response', 'createdAt'])
      .where('userId', '=', claim.userId)
      .where('key', '=', claim.key)
      .executeTakeFirst();
    if (first && first.createdAt > expired) return { taken: false, ...first };
  }
  throw new TRPCError({ code: 'CONFLICT', message: IDEMPOTENCY_MESSAGES.inProgress });
}

function keyOf(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const key = (input as { idempotencyKey?: unknown }).idempotencyKey;
  return typeof key === 'string' ? key : undefined;
}

/** Carries a failed result out of the transaction, so that the transaction rolls back. */
class RolledBack extends Error {
  constructor(readonly result: unknown) {
    super('the create failed; its transaction rolled back');
  }
}

/**
 * Makes a create idempotent (issue 10): a call whose input carries `idempotencyKey` runs in one
 * transaction with the key's row, and a retry with the same key gets the first answer instead of
 * making a second row, for 24 hours. The same key with another input (or another procedure) is
 * refused with 422; keys are per user. A create that fails rolls its key back, so a retry runs
 * again. Without a key nothing changes. Place it after `.input()`: it needs the parsed input, and
 * the procedure gets the input without the key.
 */
export const idempotent = middleware(async ({ ctx, input, path, next }) => {
  const rawKey = keyOf(input);
  if (rawKey === undefined) return next();
  if (!ctx.user) throw new Error(`${path} takes an idempotency key but has no signed-in caller`);
  const { idempotencyKey: _key, ...rest } = input as Record<string, unknown>;
  const userId = ctx.user.id;
  const claim: KeyClaim = {
    userId,
    key: sha256Hex(rawKey),
    procedure: path,
    requestHash: sha256Hex(canonicalJson(rest)),
  };
  const sealer = sealFor(rawKey, userId);
  const now = ctx.now();

  let outcome: { replay: false; result: Awaited<ReturnType<typeof next>> } | { replay: true; data: unknown };
  try {
    outcome = await inTransaction(ctx.db, async (trx) => {
      const first = await claimKey(trx, claim, now);
      if (!first.taken) {
        if (first.procedure !== claim.procedure || first.requestHash !== claim.requestHash) {
          throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: IDEMPOTENCY_MESSAGES.reused });
        }
        // Written with the row in one transaction, so a committed row always has it.
        if (first.response === null) {
          throw new TRPCError({ code: 'CONFLICT', message: IDEMPOTENCY_MESSAGES.inProgress });
        }
        return { replay: true as const, data: sealer.open(first.response as SealedAnswer) };
      }
      const result = await next({ ctx: { db: trx }, input: rest });
      if (!result.ok) throw new RolledBack(result);
      await trx
        .updateTable('idempotencyKeys')
        .set({ response: JSON.stringify(sealer.seal(result.data)) })
        .where('userId', '=', claim.userId)
        .where('key', '=', claim.key)
        .execute();
      return { replay: false as const, result };
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.result as Awaited<ReturnType<typeof next>>;
    throw error;
  }
  if (!outcome.replay) return outcome.result;
  // Told only once the transaction has committed: a failure to commit answers as an error, unmarked.
  ctx.replayNotice?.replayed();
  return { ok: true as const, data: outcome.data, marker: middlewareMarker };
});

/** Whether a procedure was built with `idempotent` (REST reads the Idempotency-Key header only for those). */
export function isIdempotent(procedure: AnyProcedure): boolean {
  const { middlewares } = procedure._def as unknown as { middlewares: unknown[] };
  return middlewares.some((m) => (idempotent._middlewares as unknown[]).includes(m));
}
