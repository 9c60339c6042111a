import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { PLACE_MESSAGES, placeDto, placeSearchDto, placeSearchInput } from '../../../shared/schemas/places';
import { publicProcedure, router } from '../../platform/trpc/init';
import { placeById, searchPlaces } from './places.service';

export const placeByIdInput = z.object({ id: z.number().int().positive() }).strict();

export const placesRouter = router({
  /** The place search box: cities whose name starts with q, the most populous first. */
  search: publicProcedure
    .input(placeSearchInput)
    .output(placeSearchDto)
    .query(({ input }) => searchPlaces(input.q)),
  /** One place by its GeoNames id: a form showing a place already chosen needs its name. */
  byId: publicProcedure
    .input(placeByIdInput)
    .output(placeDto)
    .query(({ input }) => {
      const place = placeById(input.id);
      if (!place) throw new TRPCError({ code: 'NOT_FOUND', message: PLACE_MESSAGES.notFound });
      return place;
    }),
});
