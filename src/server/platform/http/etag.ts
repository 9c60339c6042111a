import { createHash } from 'node:crypto';

/**
 * Entity tags (RFC 9110, section 8.8.3) and the conditional request headers that carry them
 * (If-Match, If-None-Match). What a tag means is up to the door that makes it (decision 029).
 */

export interface EntityTag {
  weak: boolean;
  /** The tag between its quotes. */
  opaque: string;
}

/** `"<opaque>"`, a strong tag. */
export function strongTag(opaque: string): string {
  return `"${opaque}"`;
}

/** One list element: an optional W/, a quoted tag of etagc (visible ASCII but the quote, or obs-text). */
const LIST_ELEMENT = /[\t ]*(?:(W\/)?"([!#-~\u0080-\u00ff]*)")?[\t ]*(,|$)/y;

/**
 * An If-Match or If-None-Match value: undefined when absent, `*`, the tags it lists, or null when
 * it is not that syntax (an unquoted tag, a stray character, an empty list).
 */
export function parseEntityTags(value: string | string[] | undefined): '*' | EntityTag[] | null | undefined {
  if (value === undefined) return undefined;
  const text = (Array.isArray(value) ? value.join(', ') : value).trim();
  if (text === '*') return '*';
  const tags: EntityTag[] = [];
  let at = 0;
  while (at < text.length) {
    LIST_ELEMENT.lastIndex = at;
    const element = LIST_ELEMENT.exec(text);
    if (!element) return null;
    if (element[2] !== undefined) tags.push({ weak: element[1] !== undefined, opaque: element[2] });
    if (element[3] === '') break;
    at = LIST_ELEMENT.lastIndex;
  }
  return tags.length > 0 ? tags : null;
}

/**
 * Whether If-None-Match holds a tag of the current answer (weak comparison, as RFC 9110 asks for
 * this header): then a GET answers 304. A value that is not the header's syntax is ignored.
 */
export function noneMatchHolds(header: string | string[] | undefined, current: string): boolean {
  const tags = parseEntityTags(header);
  if (tags === '*') return true;
  if (!tags) return false;
  const own = parseEntityTags(current);
  const opaque = Array.isArray(own) ? own[0]?.opaque : undefined;
  return opaque !== undefined && tags.some((tag) => tag.opaque === opaque);
}

/** A short digest for the part of a tag that no version covers (11 characters of SHA-1, base64url). */
export function digestOf(text: string): string {
  return createHash('sha1').update(text).digest('base64url').slice(0, 11);
}

/**
 * The data versions the reads of one answer were made at, as its queries announce them (the
 * context's `versionNotice`). Several reads may see different versions when a change lands between
 * them: the oldest is the one a tag may name, since every read saw at least that much.
 */
export class VersionsRead {
  #oldest: bigint | null = null;

  readAt(version: string): void {
    if (!/^\d{1,30}$/.test(version)) return;
    const read = BigInt(version);
    if (this.#oldest === null || read < this.#oldest) this.#oldest = read;
  }

  /** The oldest version read, or undefined when no read announced one. */
  get oldest(): string | undefined {
    return this.#oldest === null ? undefined : this.#oldest.toString();
  }
}
