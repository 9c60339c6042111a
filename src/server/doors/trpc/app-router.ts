import { adminRouter } from '../../domains/admin/admin.router';
import { authRouter, profileRouter } from '../../domains/auth/auth.router';
import { availabilityRouter } from '../../domains/availability/availability.router';
import { bookingsRouter } from '../../domains/bookings/bookings.router';
import { calendarRouter } from '../../domains/calendar/calendar.router';
import { claimsRouter } from '../../domains/claims/claims.router';
import {
  depositsRouter,
  eventsRouter,
  memosRouter,
  shareRouter,
  tasksRouter,
} from '../../domains/events/events.router';
import { familyRouter } from '../../domains/family/family.router';
import { guestsRouter } from '../../domains/guests/guests.router';
import { invitationsRouter } from '../../domains/guests/invitations.router';
import { rsvpRouter } from '../../domains/guests/rsvp.router';
import { kashrutRouter } from '../../domains/kashrut/kashrut.router';
import { messagesRouter } from '../../domains/messages/messages.router';
import { metaRouter } from '../../domains/meta/meta.router';
import { notificationsRouter } from '../../domains/notifications/notifications.router';
import { placesRouter } from '../../domains/places/places.router';
import { requestsRouter } from '../../domains/requests/requests.router';
import { reviewsRouter } from '../../domains/reviews/reviews.router';
import { vendorsRouter } from '../../domains/vendors/vendors.router';
import { createCallerFactory, router } from '../../platform/trpc/init';

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
  guests: guestsRouter,
  calendar: calendarRouter,
  vendors: vendorsRouter,
  kashrut: kashrutRouter,
  availability: availabilityRouter,
  requests: requestsRouter,
  bookings: bookingsRouter,
  reviews: reviewsRouter,
  messages: messagesRouter,
  notifications: notificationsRouter,
  claims: claimsRouter,
  admin: adminRouter,
  meta: metaRouter,
  places: placesRouter,
  invitations: invitationsRouter,
  rsvp: rsvpRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
