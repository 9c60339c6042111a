import { adminRouter } from '../admin/admin.router';
import { authRouter, profileRouter } from '../auth/auth.router';
import { claimsRouter } from '../claims/claims.router';
import { depositsRouter, eventsRouter, memosRouter, shareRouter, tasksRouter } from '../events/events.router';
import { familyRouter } from '../family/family.router';
import { messagesRouter } from '../messages/messages.router';
import { metaRouter } from '../meta/meta.router';
import { notificationsRouter } from '../notifications/notifications.router';
import { requestsRouter } from '../requests/requests.router';
import { vendorsRouter } from '../vendors/vendors.router';
import { createCallerFactory, router } from './init';

/** Every domain's router; a new domain is one line here plus its rows in rest/routes.ts. */
export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  events: eventsRouter,
  tasks: tasksRouter,
  deposits: depositsRouter,
  memos: memosRouter,
  share: shareRouter,
  family: familyRouter,
  vendors: vendorsRouter,
  requests: requestsRouter,
  messages: messagesRouter,
  notifications: notificationsRouter,
  claims: claimsRouter,
  admin: adminRouter,
  meta: metaRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
