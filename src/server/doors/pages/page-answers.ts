import type { AnyProcedure } from '@trpc/server';
import type { AnswerQuery } from '../../../client/prerender';
import type { Context } from '../../platform/trpc/context';
import { appRouter } from '../trpc/app-router';

/**
 * How long a signed-in page's drawing waits for the answers of one pass (decision 048): past it, the
 * page is drawn without them (its skeleton there) and the browser asks them itself, as it would
 * have. The page's first byte waits for its answers, so a slow read must not hold it up for long.
 */
export const ANSWER_WAIT_MS = 400;

/**
 * The queries of a signed-in page, answered as the browser's would be: the procedure at `path`, with
 * its input checks, middlewares and output, called with the person's own context (their session,
 * as read from the request). Only queries: a drawing never changes anything.
 */
export function answerWith(ctx: Context, waitMs = ANSWER_WAIT_MS): AnswerQuery {
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure | undefined>;
  return (path, input) => {
    const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
    if (procedure?._def.type !== 'query')
      return Promise.reject(new Error(`${path} is not a query the page can be drawn with`));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${path} was not answered in ${waitMs} ms`)), waitMs);
    });
    const answer = procedure({
      path,
      getRawInput: async () => input,
      ctx,
      type: 'query',
      signal: undefined,
      batchIndex: 0,
    });
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  };
}
