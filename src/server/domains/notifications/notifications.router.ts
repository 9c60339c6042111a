import { z } from 'zod';
import { notificationDto, notificationIdInput, notificationsDto } from '../../../shared/schemas/messages';
import { authedProcedure, router } from '../../platform/trpc/init';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.service';

/** The bell, for every role: the newest notifications and the unread total. */
export const notificationsRouter = router({
  list: authedProcedure.output(notificationsDto).query(({ ctx }) => listNotifications(ctx.db, ctx.user.id)),
  markRead: authedProcedure
    .input(notificationIdInput)
    .output(notificationDto)
    .mutation(({ ctx, input }) => markNotificationRead(ctx.db, ctx.user.id, input.id)),
  markAllRead: authedProcedure
    .output(z.object({ updated: z.number().int().min(0) }))
    .mutation(({ ctx }) => markAllNotificationsRead(ctx.db, ctx.user.id)),
});
