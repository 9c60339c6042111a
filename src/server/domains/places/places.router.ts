import { placeSearchDto, placeSearchInput } from '../../../shared/schemas/places';
import { publicProcedure, router } from '../../platform/trpc/init';
import { searchPlaces } from './places.service';

export const placesRouter = router({
  /** The place search box: cities whose name starts with q, the most populous first. */
  search: publicProcedure
    .input(placeSearchInput)
    .output(placeSearchDto)
    .query(({ input }) => searchPlaces(input.q)),
});
