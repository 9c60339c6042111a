import { z } from 'zod';
import { publicProcedure, router } from '../trpc/init';

export const clientConfigDto = z.object({ reverseGeocodeUrl: z.string().nullable() });

/** Settings the browser needs from the server's configuration; nothing secret. */
export const metaRouter = router({
  clientConfig: publicProcedure
    .output(clientConfigDto)
    .query(({ ctx }) => ({ reverseGeocodeUrl: ctx.config.reverseGeocodeUrl })),
});
