import { z } from 'zod';
import { REQUEST_STATUSES } from '../constants';
import { messageAboutDto } from './about';
import { conflictDto } from './observance';
import { requestedEventFields } from './requests';

/**
 * The availability request as every view shows it. Kept apart from requests.ts, whose input schema
 * the request form imports: the browser needs this shape only as a type.
 */
export const availabilityRequestDto = z.object({
  id: z.uuid(),
  vendorId: z.uuid(),
  /** `managed`: whether a business has claimed the listing, so that someone there reads the request. */
  vendor: z.object({ id: z.uuid(), businessName: z.string(), managed: z.boolean() }),
  customerName: z.string(),
  eventId: z.uuid().nullable(),
  threadId: z.uuid().nullable(),
  ...requestedEventFields,
  message: z.string(),
  hasConflict: z.boolean(),
  conflictReason: z.string().nullable(),
  /** The tier the request was judged at when sent, in the place named (decision 034); the vendor sees the same. */
  conflict: conflictDto,
  /** `id` for an uploaded file, served at /api/attachments/{id} to the thread's two parties. */
  attachments: z.array(
    z.object({ id: z.uuid().optional(), name: z.string(), size: z.number(), type: z.string() }),
  ),
  response: z.string().nullable(),
  /** When the answer is a message the server posted for the vendor (a quote): what it says, for the reader's language. */
  responseAbout: messageAboutDto.optional(),
  status: z.enum(REQUEST_STATUSES),
  respondedAt: z.date().nullable(),
  createdAt: z.date(),
});
export type AvailabilityRequestDto = z.infer<typeof availabilityRequestDto>;
