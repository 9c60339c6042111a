import { createAvailabilityRequest } from '../demo/factories';
import type { Db } from '../platform/db/create-db';

/**
 * A booking as the bookings domain leaves it, written straight into its tables (a request, its
 * accepted quote and the booking) for tests of reviews. `day`: YYYY-MM-DD.
 */
export async function createBooking(
  db: Db,
  vendorId: string,
  customerId: string,
  options: { day: string; status?: 'confirmed' | 'completed' | 'cancelled' },
): Promise<{ id: string }> {
  const request = await createAvailabilityRequest(db, vendorId, customerId, {
    eventDate: new Date(`${options.day}T12:00:00Z`),
    response: 'Yes, we are free that day.',
  });
  await db
    .updateTable('availabilityRequests')
    .set({ status: 'booked' })
    .where('id', '=', request.id)
    .execute();
  const quote = await db
    .insertInto('quotes')
    .values({
      requestId: request.id,
      vendorId,
      price: '1800.00',
      includes: 'Four hours of music with a five-piece band',
      validUntil: options.day,
      status: 'accepted',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const status = options.status ?? 'confirmed';
  return db
    .insertInto('bookings')
    .values({
      quoteId: quote.id,
      requestId: request.id,
      vendorId,
      customerId,
      day: options.day,
      status,
      cancelledAt: status === 'cancelled' ? new Date() : null,
      completedAt: status === 'completed' ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
