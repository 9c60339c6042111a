import type { SlotCheckInput, SlotJudgementDto } from '../../../shared/schemas/observance';
import type { Db } from '../../platform/db/create-db';
import { judgedPlace, observanceOfUser, placeOrRefuse } from '../observance/observance.service';
import { judgeSlot, observanceFor } from '../observance/tiers';

/**
 * A slot judged as it would be saved (decision 034): at the place named, else the caller's home
 * place, by the caller's settings. The event form and the request dialog ask as the family types.
 */
export async function checkSlot(db: Db, userId: string, input: SlotCheckInput): Promise<SlotJudgementDto> {
  const owner = await observanceOfUser(db, userId);
  const place = input.placeId === null ? owner.homePlace : placeOrRefuse(input.placeId, 'placeId');
  return judgeSlot(
    { date: input.date, time: input.time, durationMinutes: input.durationMinutes },
    place ? judgedPlace(place) : null,
    observanceFor(owner.settings, owner.homePlace, place),
  );
}
