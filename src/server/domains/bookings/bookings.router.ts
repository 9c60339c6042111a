import { z } from 'zod';
import { bookingDto, quoteDto, requestQuotesDto } from '../../../shared/schemas/booking-answers';
import {
  bookingsListInput,
  cancelBookingInput,
  quoteAnswerInput,
  quoteInput,
  requestQuotesInput,
} from '../../../shared/schemas/bookings';
import { authedProcedure, router } from '../../platform/trpc/init';
import {
  acceptQuote,
  cancelBooking,
  declineQuote,
  listBookings,
  quotesOfRequest,
  sendQuote,
} from './bookings.service';

/**
 * Quotes and bookings (issue 29). Who may act is decided by the row, not the role: the vendor side is
 * whoever owns the request's listing, the family side the request's sender.
 */
export const bookingsRouter = router({
  /** POST /api/quotes */
  sendQuote: authedProcedure
    .input(quoteInput)
    .output(quoteDto)
    .mutation(({ ctx, input }) => sendQuote(ctx.db, ctx.user, input, ctx.now(), ctx.config.appUrl)),
  /** POST /api/quotes/{id}/accept */
  acceptQuote: authedProcedure
    .input(quoteAnswerInput)
    .output(bookingDto)
    .mutation(({ ctx, input }) => acceptQuote(ctx.db, ctx.user, input.id, ctx.now(), ctx.config.appUrl)),
  /** POST /api/quotes/{id}/decline */
  declineQuote: authedProcedure
    .input(quoteAnswerInput)
    .output(quoteDto)
    .mutation(({ ctx, input }) => declineQuote(ctx.db, ctx.user, input.id, ctx.now(), ctx.config.appUrl)),
  /** GET /api/bookings */
  list: authedProcedure
    .input(bookingsListInput)
    .output(z.array(bookingDto))
    .query(({ ctx, input }) => listBookings(ctx.db, ctx.user, input, ctx.now())),
  /** POST /api/bookings/{id}/cancel */
  cancel: authedProcedure
    .input(cancelBookingInput)
    .output(bookingDto)
    .mutation(({ ctx, input }) => cancelBooking(ctx.db, ctx.user, input, ctx.now(), ctx.config.appUrl)),
  /** GET /api/requests/{requestId}/quotes */
  requestQuotes: authedProcedure
    .input(requestQuotesInput)
    .output(requestQuotesDto)
    .query(({ ctx, input }) => quotesOfRequest(ctx.db, ctx.user, input.requestId, ctx.now())),
});
