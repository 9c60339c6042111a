import { z } from 'zod';
import { familyEventDto, familyMemberDto } from '../../shared/schemas/events';
import { authedProcedure, router } from '../trpc/init';

/** The caller's family circle: everyone with exactly the same family label. Empty without a label. */
export const familyRouter = router({
  members: authedProcedure.output(z.array(familyMemberDto)).query(async ({ ctx }) => {
    const label = ctx.user.familyLabel;
    if (!label) return [];
    const rows = await ctx.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('familyLabel', '=', label)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, isYou: r.id === ctx.user.id }));
  }),
  events: authedProcedure.output(z.array(familyEventDto)).query(async ({ ctx }) => {
    const label = ctx.user.familyLabel;
    if (!label) return [];
    const rows = await ctx.db
      .selectFrom('events')
      .innerJoin('users', 'users.id', 'events.userId')
      .select([
        'events.id',
        'events.title',
        'events.type',
        'events.date',
        'events.time',
        'events.venue',
        'users.name as ownerName',
        'users.id as ownerId',
      ])
      .where('users.familyLabel', '=', label)
      .orderBy('events.date')
      .orderBy('events.id')
      .execute();
    return rows.map(({ ownerId, ...r }) => ({ ...r, isYours: ownerId === ctx.user.id }));
  }),
});
