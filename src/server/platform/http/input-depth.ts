/**
 * How deep objects and arrays may nest in a request's input. The deepest real input (an
 * availability request's attachments inside a superjson envelope inside a tRPC batch) nests six
 * levels; anything far deeper is an attack on code that walks values recursively (superjson's
 * deserialize overflows the stack on a few thousand levels of `meta`).
 */
import { HTTP_MESSAGES, MAX_INPUT_DEPTH } from '../../../shared/http-messages';

export { MAX_INPUT_DEPTH };

export const TOO_DEEP_MESSAGE = HTTP_MESSAGES.tooDeep;

/** Whether a parsed JSON value nests deeper than `max`; walks without recursion, so it cannot overflow itself. */
export function nestsDeeperThan(value: unknown, max: number = MAX_INPUT_DEPTH): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  const seen = new Set<object>();
  for (let next = pending.pop(); next; next = pending.pop()) {
    const current = next.value;
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    if (next.depth >= max) return true;
    seen.add(current);
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) pending.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}
