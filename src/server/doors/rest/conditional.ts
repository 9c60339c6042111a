import { TRPCError } from '@trpc/server';
import type { FastifyReply } from 'fastify';
import { IF_MATCH_MESSAGES } from '../../../shared/http-messages';
import { versionField } from '../../../shared/schemas/common';
import { varyOnAcceptEncoding } from '../../platform/http/compression';
import { digestOf, type EntityTag, parseEntityTags, strongTag } from '../../platform/http/etag';

/**
 * Conditional requests on the REST surface (decision 029).
 *
 * Tags:
 * - `"v<version>"`: an editable row at that version (GET of the row, a successful update, and the
 *   row a 409 or 412 carries).
 * - `"m<version>-<audience>"`: a marketplace answer read at that version of the vendors table, as a
 *   visitor or a member (any signed-in user) sees it.
 * - `"v<row>-m<version>-member-<digest>"`, `"m<version>-visitor-<digest>"`: a listing's profile; the
 *   digest covers the answer, which also holds what the table's version does not (how fast the
 *   listing answers requests). A member's tag starts with the listing's row tag, so it serves as an
 *   If-Match of the listing's update as it is.
 *
 * If-Match names versions: each strong tag that is `"v<n>"` or starts with `"v<n>-"`.
 */

export const rowTag = (version: number) => strongTag(`v${version}`);

/** The largest version the column holds; an If-Match naming no version asks the update for it. */
const UNREACHABLE_VERSION = 2_147_483_647;

const VERSION_IN_TAG = /^v(\d{1,10})(?:-|$)/;

/** The row version a tag names, if it names one (weak tags never match an If-Match). */
function versionNamedBy(tag: EntityTag): number | undefined {
  if (tag.weak) return undefined;
  const digits = VERSION_IN_TAG.exec(tag.opaque)?.[1];
  if (digits === undefined) return undefined;
  const parsed = versionField.safeParse(Number(digits));
  return parsed.success && parsed.data !== UNREACHABLE_VERSION ? parsed.data : undefined;
}

export { IF_MATCH_MESSAGES };

/** What an update's If-Match asks: any existing row (`*`), or one of these versions. */
export type UpdateCondition = { any: true } | { any: false; versions: number[] };

export function updateConditionOf(header: string | string[] | undefined): UpdateCondition | undefined {
  const tags = parseEntityTags(header);
  if (tags === undefined) return undefined;
  if (tags === '*') return { any: true };
  if (tags === null) throw new TRPCError({ code: 'BAD_REQUEST', message: IF_MATCH_MESSAGES.malformed });
  const versions = tags.map(versionNamedBy).filter((v): v is number => v !== undefined);
  return { any: false, versions: [...new Set(versions)] };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The update's input with the version If-Match names. A body version that If-Match does not name
 * alone is refused (400) rather than one of them silently winning; `*` leaves the input as it is
 * (its body version, if any, still decides). With no version named at all (weak or foreign tags),
 * the update is asked for a version no row has, so it answers with the current row, as a 412.
 */
export function withConditionVersion(input: unknown, condition: UpdateCondition): unknown {
  if (condition.any) return input;
  const fields = isPlainObject(input) ? input : input === undefined || input === null ? {} : undefined;
  // Anything else is refused by the input check, which says what is wrong with it.
  if (!fields) return input;
  if (fields.version !== undefined) {
    const agrees = condition.versions.length === 1 && condition.versions[0] === fields.version;
    if (!agrees) throw new TRPCError({ code: 'BAD_REQUEST', message: IF_MATCH_MESSAGES.disagrees });
    return fields;
  }
  return { ...fields, version: condition.versions[0] ?? UNREACHABLE_VERSION };
}

/** The row version an answer shows: its own `version`, or its user's (`{ user }` of the profile). */
export function rowVersionOf(answer: unknown): number | undefined {
  if (!isPlainObject(answer)) return undefined;
  if (typeof answer.version === 'number') return answer.version;
  const user = answer.user;
  return isPlainObject(user) && typeof user.version === 'number' ? user.version : undefined;
}

export type Audience = 'visitor' | 'member';

/** The tag of a marketplace answer (`listings`) or of a listing's profile (`listing`), read at `version`. */
export function marketplaceTag(
  kind: 'listings' | 'listing',
  version: string,
  audience: Audience,
  answerJson: () => string,
  answer: unknown,
): string {
  if (kind === 'listings') return strongTag(`m${version}-${audience}`);
  const row = rowVersionOf(answer);
  const prefix = row === undefined ? '' : `v${row}-`;
  return strongTag(`${prefix}m${version}-${audience}-${digestOf(answerJson())}`);
}

/**
 * Marketplace answers differ between visitors and members (contact details): caches keep them apart
 * by the cookie, a member's stays in the browser, and each use is checked with the server first.
 */
export function marketplaceCacheHeaders(reply: FastifyReply, audience: Audience): void {
  reply.header('cache-control', audience === 'member' ? 'private, no-cache' : 'no-cache');
  reply.header('vary', 'cookie');
  varyOnAcceptEncoding(reply);
}

/** An editable row's tag names its version only: the answer is checked with the server on each use. */
export const ROW_CACHE_CONTROL = 'private, no-cache';
