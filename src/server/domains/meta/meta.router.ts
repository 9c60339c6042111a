import { z } from 'zod';
import { siteFiguresDto } from '../../../shared/schemas/site';
import { publicProcedure, router } from '../../platform/trpc/init';
import { siteFigures } from './site-figures';

export const clientConfigDto = z.object({
  reverseGeocodeUrl: z.string().nullable(),
  /** What an account may store in images and attachments before its e-mail is confirmed (decision 030). */
  unconfirmedQuotaBytes: z.number().int(),
});

/** Settings the browser needs from the server's configuration; nothing secret. */
export const metaRouter = router({
  clientConfig: publicProcedure.output(clientConfigDto).query(({ ctx }) => ({
    reverseGeocodeUrl: ctx.config.reverseGeocodeUrl,
    unconfirmedQuotaBytes: ctx.config.unconfirmedQuotaBytes,
  })),
  /** Counted families, listings per category and the average review, as of the last few minutes. */
  siteFigures: publicProcedure
    .output(siteFiguresDto)
    .query(({ ctx }) => siteFigures(ctx.db, ctx.now(), ctx.config.siteFiguresMin)),
});
