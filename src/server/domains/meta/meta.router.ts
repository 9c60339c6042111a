import { z } from 'zod';
import { siteFiguresDto } from '../../../shared/schemas/site';
import { publicProcedure, router } from '../../platform/trpc/init';
import { siteFigures } from './site-figures';

export const clientConfigDto = z.object({ reverseGeocodeUrl: z.string().nullable() });

/** Settings the browser needs from the server's configuration; nothing secret. */
export const metaRouter = router({
  clientConfig: publicProcedure
    .output(clientConfigDto)
    .query(({ ctx }) => ({ reverseGeocodeUrl: ctx.config.reverseGeocodeUrl })),
  /** Counted families, listings per category and the average review, as of the last few minutes. */
  siteFigures: publicProcedure.output(siteFiguresDto).query(({ ctx }) => siteFigures(ctx.db, ctx.now())),
});
