import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import { PRODUCT_NAME } from '../../../shared/constants';
import { idempotencyKeyField } from '../../../shared/schemas/common';
import { guestImportPreviewDto, guestImportResultDto } from '../../../shared/schemas/guests';
import { kashrutDto, ownKashrutDto } from '../../../shared/schemas/kashrut';
import { attachmentDto } from '../../../shared/schemas/messages';
import { ATTACHMENT_TYPES } from '../../../shared/schemas/requests';
import { SESSION_COOKIE } from '../../domains/auth/sessions';
import { isIdempotent } from '../../platform/idempotency/idempotency';
import type { SchemaCheck } from '../../platform/trpc/checked-once';
import { sessionRequired } from '../../platform/trpc/init';
import { LIVE_EVENTS_PATH } from '../live/events.routes';
import { GUEST_CSV_PATH, GUEST_FILE_CACHE_CONTROL, GUEST_PRINT_PATH } from '../pages/guest-list.routes';
import { EVENT_ICS_PATH, ICS_CACHE_CONTROL } from '../pages/ics.routes';
import { ATTACHMENT_CACHE_CONTROL, ATTACHMENT_CSP } from '../uploads/attachments.routes';
import { GUEST_IMPORT_PATH } from '../uploads/guest-import.routes';
import { ROW_CACHE_CONTROL } from './conditional';
import { pathParams, procedureAt } from './plugin';
import { restRoutes } from './routes';

/** A message's stable code and its parameters, for a client to show the message in its reader's language. */
const messageCoded = {
  messageCode: z.string().optional().meta({
    description:
      "The message's stable code, when it has one; `message` stays the English sentence. Codes are added, never renamed.",
    example: 'auth.badCredentials',
  }),
  messageParams: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .meta({
      description:
        "The values the coded message is made of: `label` is a field's English name, `message` a coded message inside it",
      example: { label: 'Business name', max: 200 },
    }),
};

const errorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ example: 'BAD_REQUEST' }),
      message: z.string(),
      ...messageCoded,
      issues: z
        .array(
          z.object({
            path: z.array(z.union([z.string(), z.number()])),
            message: z.string(),
            ...messageCoded,
          }),
        )
        .optional(),
    }),
  })
  .meta({ id: 'Error' });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
});

const retryAfterHeader = z
  .string()
  .meta({ description: 'Seconds to wait before trying again', example: '60' });

const tooManyRequests = {
  ...errorResponse('Too many requests; Retry-After says when to try again'),
  headers: z.object({ 'Retry-After': retryAfterHeader }),
};

/** The HttpOnly cookie that sign-in sets; every operation that needs a signed-in user names it. */
const SESSION_SCHEME = 'sessionCookie';
const needsSession: Record<string, string[]>[] = [{ [SESSION_SCHEME]: [] }];
/** Works for visitors; a session, when present, may change the answer (contact details, ...). */
const sessionOptional: Record<string, string[]>[] = [{}, { [SESSION_SCHEME]: [] }];

const commonErrors = {
  400: errorResponse('Invalid input; `issues` lists each problem'),
  401: errorResponse('Not signed in'),
  403: errorResponse('Signed in without the right to do this, or a cross-origin request'),
  404: errorResponse('Not found, or not yours'),
};

/**
 * 409 of an update made from a stale `version`: `current` is the row as it is now, in the shape the
 * success answer gives it (the user itself for the profile's `{ user }`).
 */
function staleWriteResponse(output: z.ZodType | undefined, alsoConflicts: boolean) {
  const row = rowOf(output);
  return {
    description:
      'The edit was made from a stale `version`: someone changed the row since. `error.current` is the row as it is now (and ETag its tag); reload it and edit again.' +
      (alsoConflicts ? ' A taken name or email also answers 409, without `current` or ETag.' : ''),
    headers: z.object({ ETag: rowEtagHeader.optional() }),
    content: {
      'application/json': {
        schema: z.object({
          error: z.object({
            code: z.literal('CONFLICT'),
            message: z.string(),
            current: (row ?? z.looseObject({})).optional(),
          }),
        }),
      },
    },
  };
}

const rowEtagHeader = z.string().meta({
  description:
    'The row\'s version as a strong entity tag, `"v<version>"`: send it back in If-Match to update the row only as it is (decision 029)',
  example: '"v3"',
});

const ifMatchHeader = z.object({
  'If-Match': z
    .string()
    .optional()
    .meta({
      description:
        'Update only the row as this tag names it: `"v<version>"` (the ETag of the row\'s GET or of the last update; a listing profile\'s tag works too), several tags, or `*` for any existing row. ' +
        'A row at none of the versions named answers 412 with the row as it is now. With a body `version` as well, both must name the same single version, or the request is refused (400).',
      example: '"v3"',
    }),
});

const ifNoneMatchHeader = z.object({
  'If-None-Match': z.string().optional().meta({
    description:
      'The ETag of an answer kept from before: while the listings have not changed since, the answer is 304 without a body',
    example: '"m1742-visitor"',
  }),
});

const marketplaceHeaders = z.object({
  ETag: z.string().optional().meta({
    description:
      'The version of the listings the answer was read at and who it was for, `"m<version>-<visitor|member>"` (a listing\'s profile adds a digest, and for members starts with the listing\'s `"v<version>"`). Absent when the answer reads no listing.',
    example: '"m1742-visitor"',
  }),
  'Cache-Control': z.enum(['no-cache', 'private, no-cache']).meta({
    description: "`private, no-cache` for a signed-in caller's answer (it holds contact details)",
  }),
  Vary: z.string().meta({ example: 'cookie, accept-encoding' }),
});

const notModified = {
  description: 'Nothing changed since the answer whose ETag If-None-Match names: use the one kept',
  headers: marketplaceHeaders.extend({
    ETag: z.string().meta({ description: 'The tag If-None-Match named', example: '"m1742-visitor"' }),
  }),
};

/** 412 of an update under an If-Match the row no longer matches; `current` as in a 409. */
function preconditionFailedResponse(output: z.ZodType | undefined) {
  return {
    description:
      'If-Match names no version the row still has: someone changed it since. `error.current` is the row as it is now and ETag its tag; reload it and edit again.',
    headers: z.object({ ETag: rowEtagHeader }),
    content: {
      'application/json': {
        schema: z.object({
          error: z.object({
            code: z.literal('PRECONDITION_FAILED'),
            message: z.string(),
            current: rowOf(output) ?? z.looseObject({}),
          }),
        }),
      },
    },
  };
}

/**
 * The row a refused update or removal carries in `error.current` where it is not the success
 * answer's shape: the kashrut procedures answer the listing's { vendorId, category, mayState,
 * kashrut } but are refused with the supervision itself (null once nothing is stated).
 */
const CONFLICT_ROWS: Record<string, z.ZodType> = {
  'kashrut.save': kashrutDto,
  'kashrut.remove': kashrutDto.nullable(),
};

/** 204 of a removal made under If-Match or a `version`; 409 and 412 as an update's. */
function removalResponses(output: z.ZodType | undefined) {
  return {
    204: { description: 'Removed; nothing is answered' },
    409: {
      ...staleWriteResponse(output, false),
      description:
        'The removal was asked from a stale `version`: someone changed the row since. `error.current` is the row as it is now (and ETag its tag), or null when it was removed already; look at it again before removing it.',
    },
    412: {
      ...preconditionFailedResponse(output),
      headers: z.object({ ETag: rowEtagHeader.optional() }),
      description:
        'If-Match names no version the row still has: someone changed it since (`error.current` is the row as it is now, and ETag its tag), or it was removed already (`error.current` is null, and there is no ETag).',
    },
  };
}

/** The row inside an answer: the answer itself, or the user of the profile's `{ user }`. */
function rowOf(output: z.ZodType | undefined): z.ZodType | undefined {
  const envelope = asObjectSchema(output)?.shape;
  return envelope && Object.keys(envelope).length === 1 && envelope.user ? envelope.user : output;
}

/** A non-JSON answer: an iCalendar file, downloaded under a name made from the event's title. */
function calendarFileResponse(description: string): ZodOpenApiResponseObject {
  return {
    description,
    headers: z.object({
      'Content-Disposition': z.string().meta({ example: 'attachment; filename="smith-cohen-wedding.ics"' }),
      ETag: z.string().meta({ description: 'A digest of the file', example: '"cq3Jw0v9bT2x"' }),
      'Cache-Control': z.literal(ICS_CACHE_CONTROL),
    }),
    content: {
      'text/calendar': {
        schema: z.string().meta({
          example:
            'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//SimchaHub//calendar//EN\r\nBEGIN:VEVENT\r\nUID:3f0c2a9e-7d41-4c8e-9a57-1b2d3e4f5a6b@simchahub\r\nDTSTART;VALUE=DATE:20270516\r\nSUMMARY:Bar Mitzvah\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
        }),
      },
    },
  };
}

/** Non-procedure routes (multipart uploads, attachments, event stream, calendar files, health) described by hand, next to where they live. */
const extraPaths: ZodOpenApiPathsObject = {
  '/api/upload': {
    post: {
      operationId: 'uploads.image',
      security: needsSession,
      tags: ['Uploads'],
      summary: 'Upload an image (JPEG, PNG, GIF or WebP, at most 5 MB); signed-in users only',
      description:
        'The image is re-encoded without its metadata (EXIF, GPS) and stored as WebP: the main image at most 1600 px wide and copies 320, 640 and 1280 px wide, named after the main one (`<id>-640.webp`). An animated GIF keeps its first frame.',
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: z.object({ image: z.string().meta({ format: 'binary' }) }),
          },
        },
      },
      responses: {
        201: {
          description: 'Stored; the URL serves the image back',
          content: {
            'application/json': {
              schema: z.object({
                url: z.string().meta({ example: '/uploads/3f0c2a9e-7d41-4c8e-9a57-1b2d3e4f5a6b.webp' }),
                srcset: z.string(),
                variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
              }),
            },
          },
        },
        400: errorResponse('Not an image, or a malformed multipart body'),
        401: commonErrors[401],
        413: errorResponse(
          "Larger than 5 MB, the user's image storage is full, or the user's e-mail is not confirmed and their files reached the small quota of such accounts",
        ),
        507: errorResponse(
          "The site's storage ceiling is reached: nothing more is stored until room is made",
        ),
        429: tooManyRequests,
      },
    },
  },
  '/api/attachments': {
    post: {
      operationId: 'attachments.upload',
      security: needsSession,
      tags: ['Messages'],
      summary:
        'Upload a file to attach to an availability request or a message (JPEG, PNG, GIF or PDF, at most 10 MB); customers and vendors only',
      description:
        "The type is judged by the file's first bytes, not by its name or declared type. JPEG and PNG are re-encoded in their own format, upright and without metadata (EXIF, GPS); GIF and PDF are kept byte for byte. " +
        "The file name is kept for display only. Send the returned `id` in `attachmentIds` of a message, or as `id` of an availability request's attachment, within a day: files never sent are deleted after 24 hours. " +
        "Until then only the uploader can read it; once sent, the thread's two parties can.",
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: z.object({ file: z.string().meta({ format: 'binary' }) }),
          },
        },
      },
      responses: {
        201: {
          description:
            "Stored; `url` serves the file to the uploader (and, once sent, to the thread's parties)",
          content: {
            'application/json': {
              schema: attachmentDto.meta({
                example: {
                  id: '3f0c2a9e-7d41-4c8e-9a57-1b2d3e4f5a6b',
                  name: 'floor plan.pdf',
                  contentType: 'application/pdf',
                  bytes: 120000,
                  url: '/api/attachments/3f0c2a9e-7d41-4c8e-9a57-1b2d3e4f5a6b',
                },
              }),
            },
          },
        },
        400: errorResponse('Not a JPEG, PNG, GIF or PDF file, or a malformed multipart body'),
        401: commonErrors[401],
        403: errorResponse('Signed in as an admin, or a cross-origin request'),
        413: errorResponse(
          "Larger than 10 MB, the user's attachment storage is full, or the user's e-mail is not confirmed and their files reached the small quota of such accounts",
        ),
        507: errorResponse(
          "The site's storage ceiling is reached: nothing more is stored until room is made",
        ),
        429: tooManyRequests,
      },
    },
  },
  '/api/attachments/{id}': {
    get: {
      operationId: 'attachments.download',
      security: needsSession,
      tags: ['Messages'],
      summary: "A conversation's file, for its uploader and the thread's two parties only",
      description:
        'Images are served inline and PDFs as a download (`Content-Disposition`, with the name as `filename*` in UTF-8), with `X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy. ' +
        "Readers: the uploader, and once the file is sent with a message the thread's customer and the current owner of its listing. Anyone else gets 404, as for a missing file.",
      requestParams: { path: z.object({ id: z.uuid() }) },
      responses: {
        200: {
          description: 'The file',
          headers: z.object({
            'Content-Disposition': z.string().meta({
              example: 'attachment; filename="floor plan.pdf"; filename*=UTF-8\'\'floor%20plan.pdf',
            }),
            'Cache-Control': z.literal(ATTACHMENT_CACHE_CONTROL),
            'Content-Security-Policy': z.literal(ATTACHMENT_CSP),
            'X-Content-Type-Options': z.literal('nosniff'),
          }),
          content: Object.fromEntries(
            ATTACHMENT_TYPES.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
          ),
        },
        401: commonErrors[401],
        404: errorResponse('No such file, or not one this user may read'),
      },
    },
  },
  '/api/vendors/profile/kashrut/certificate': {
    post: {
      operationId: 'kashrut.uploadCertificate',
      security: needsSession,
      tags: ['Kashrut'],
      summary:
        "Upload the kashrut certificate of one of the vendor's caterers or venues (PDF, JPEG or PNG, at most 10 MB), after stating its supervision",
      description:
        "The type is judged by the file's first bytes. The file is private: only the listing's owner and admins can read it, at `/api/vendors/{id}/kashrut/certificate`; it counts in the owner's attachment storage. " +
        "A new certificate replaces the previous one (which is deleted) and sends the supervision back to the admins to verify. `vendorId` picks which of the caller's listings; without it, their first.",
      requestParams: { query: z.object({ vendorId: z.uuid().optional() }) },
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: z.object({ file: z.string().meta({ format: 'binary' }) }),
          },
        },
      },
      responses: {
        201: {
          description: "Stored: the listing's supervision with its new certificate, waiting for an admin",
          content: { 'application/json': { schema: ownKashrutDto } },
        },
        400: errorResponse(
          'Not a PDF, JPEG or PNG file, a malformed multipart body, a listing that is not a caterer or venue, or no supervision stated yet',
        ),
        401: commonErrors[401],
        403: errorResponse('Not a vendor, or a cross-origin request'),
        404: errorResponse('No such listing of the caller'),
        413: errorResponse(
          "Larger than 10 MB, the user's attachment storage is full, or the user's e-mail is not confirmed and their files reached the small quota of such accounts",
        ),
        507: errorResponse(
          "The site's storage ceiling is reached: nothing more is stored until room is made",
        ),
        429: tooManyRequests,
      },
    },
  },
  '/api/vendors/{id}/kashrut/certificate': {
    get: {
      operationId: 'kashrut.downloadCertificate',
      security: needsSession,
      tags: ['Kashrut'],
      summary: "A listing's kashrut certificate, for the listing's owner and admins only",
      description:
        'Served as conversation files are (PDFs as a download, images inline, `nosniff` and a sandboxing Content-Security-Policy). Anyone else gets 404, as for a missing file.',
      requestParams: { path: z.object({ id: z.uuid() }) },
      responses: {
        200: {
          description: 'The file',
          headers: z.object({
            'Cache-Control': z.literal(ATTACHMENT_CACHE_CONTROL),
            'Content-Security-Policy': z.literal(ATTACHMENT_CSP),
            'X-Content-Type-Options': z.literal('nosniff'),
          }),
          content: Object.fromEntries(
            ['application/pdf', 'image/jpeg', 'image/png'].map((type) => [
              type,
              { schema: z.string().meta({ format: 'binary' }) },
            ]),
          ),
        },
        401: commonErrors[401],
        404: errorResponse('No certificate, or not one this user may read'),
      },
    },
  },
  [EVENT_ICS_PATH]: {
    get: {
      operationId: 'calendar.eventFile',
      security: needsSession,
      tags: ['Calendar'],
      summary: 'One event as a calendar file (.ics) to add to a calendar app',
      description:
        "For the event's owner (with its notes) and for active members of the owner's family circle (what the circle's calendar shows: no notes); anyone else gets 404, as for a missing event. " +
        'An event without a time is an all-day item; one with a time lasts 4 hours unless the event says otherwise. The ETag is a digest of the file: If-None-Match answers 304 while it is unchanged.',
      requestParams: {
        path: z.object({ id: z.uuid() }),
        header: z.object({
          'If-None-Match': z.string().optional().meta({
            description: 'The ETag of the file kept from before: 304 while the event is unchanged',
          }),
        }),
      },
      responses: {
        200: calendarFileResponse('The event as an iCalendar (RFC 5545) file'),
        304: { description: 'Unchanged since the file whose ETag If-None-Match names' },
        401: commonErrors[401],
        404: errorResponse('No such event, or not one this user may see'),
      },
    },
  },
  [GUEST_IMPORT_PATH]: {
    post: {
      operationId: 'guests.import',
      security: needsSession,
      tags: ['Guests'],
      summary:
        'Import guests from a CSV or tab-separated file (Google Contacts, Outlook, Excel, or our own export); `dryRun=true` answers the preview without saving',
      description:
        'The file (multipart field `file`, at most 2 MB and 10,000 rows) is judged by its bytes: UTF-8 text (with or without a byte order mark) or UTF-16 with its byte order mark (Excel\'s "Unicode text"); a spreadsheet, PDF or image is refused. ' +
        'The delimiter (comma, tab, semicolon) is guessed. Columns are read by their headers in any case: Name (or First Name / Given Name, Middle Name, Last Name / Family Name), Email (E-mail Address, E-mail 1 - Value), Phone (Mobile Phone, Phone 1 - Value), Household, Side (Group, Group Membership, Labels, Categories), Tags, Meal, Dietary, Kashrut, Table, Plus-ones, Address. ' +
        'Households come from the Household column, else from a shared surname and address, else one per guest named after them; a household of the list with the same name is reused. ' +
        'A duplicate has the e-mail or the name (without accents, in any case) of an earlier row or of a guest on the list. ' +
        'The preview lists every row with its field messages and whom it repeats. The import is refused (400, `issues` naming `rows.<row>.<field>`) while any row has a problem; it leaves out duplicates unless `includeDuplicates=true`, ' +
        "and writes households, guests and their invitations (to the main event, and to the events of `invitedTo`) in one transaction. For the list's owner and the active members of their family circle; anyone else gets 404.",
      requestParams: {
        path: z.object({ id: z.uuid().meta({ description: 'The main event, or one of its sub-events' }) }),
        query: z.object({
          dryRun: z
            .enum(['true', 'false'])
            .optional()
            .meta({ description: 'true: answer the preview, save nothing' }),
          includeDuplicates: z
            .enum(['true', 'false'])
            .optional()
            .meta({ description: 'true: import rows found to be duplicates too' }),
          invitedTo: z.string().optional().meta({
            description:
              'Comma-separated ids of sub-events of the list to invite the guests to, besides the main event',
            example: '3f0c2a9e-7d41-4c8e-9a57-1b2d3e4f5a6b',
          }),
        }),
      },
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: z.object({ file: z.string().meta({ format: 'binary' }) }),
          },
        },
      },
      responses: {
        200: {
          description:
            'With dryRun, the preview; else how many guests and new households were saved and how many rows were left out',
          content: {
            'application/json': { schema: z.union([guestImportPreviewDto, guestImportResultDto]) },
          },
        },
        400: errorResponse(
          'Not a text file, no name column, more than 10,000 rows, rows with problems (`issues`), an `invitedTo` event not on the list, or a malformed multipart body',
        ),
        401: commonErrors[401],
        403: errorResponse('A cross-origin request'),
        404: errorResponse('No such event, or not one this user may see'),
        413: errorResponse('Larger than 2 MB'),
        429: tooManyRequests,
      },
    },
  },
  [GUEST_CSV_PATH]: {
    get: {
      operationId: 'guests.exportCsv',
      security: needsSession,
      tags: ['Guests'],
      summary:
        'The guest list as a CSV file (UTF-8 with a byte order mark, for Excel), in the columns the import reads back',
      description:
        "RFC 4180, one row per guest: Name, Email, Phone, Household, Side, Tags, Meal, Dietary, Kashrut, Table, Plus-ones (the household's allowance), Guest of (for a plus-one). " +
        "With `eventId` (or when `id` is a sub-event), only the guests invited to that event, with an RSVP column. A cell a spreadsheet would run as a formula starts with a quote mark. For the list's owner and active circle members; anyone else gets 404.",
      requestParams: {
        path: z.object({ id: z.uuid() }),
        query: z.object({
          eventId: z.uuid().optional().meta({ description: 'A sub-event (or the main event) of the list' }),
        }),
      },
      responses: {
        200: {
          description: 'The CSV file',
          headers: z.object({
            'Content-Disposition': z
              .string()
              .meta({ example: 'attachment; filename="ari-s-bar-mitzvah-guests.csv"' }),
            'Cache-Control': z.literal(GUEST_FILE_CACHE_CONTROL),
          }),
          content: {
            'text/csv': {
              schema: z.string().meta({
                example:
                  "\uFEFFName,Email,Phone,Household,Side,Tags,Meal,Dietary,Kashrut,Table,Plus-ones,Guest of\r\nDina Katz,dina@example.com,,Katz family,Bride's family,,Dairy,,,4,0,\r\n",
              }),
            },
          },
        },
        400: errorResponse('`eventId` is not an event of this list'),
        401: commonErrors[401],
        404: errorResponse('No such event, or not one this user may see'),
      },
    },
  },
  [GUEST_PRINT_PATH]: {
    get: {
      operationId: 'guests.printPage',
      security: needsSession,
      tags: ['Guests'],
      summary:
        'A page to print the guests invited to one (sub-)event, by household or by table, with answers, meals and totals',
      description:
        "Plain HTML with print styles and `noindex`. `eventId` defaults to the event of `id`; `by` is household (the default) or table. Totals: invited, attending, declined, awaiting, and attending per meal. For the list's owner and active circle members; anyone else gets 404.",
      requestParams: {
        path: z.object({ id: z.uuid() }),
        query: z.object({
          eventId: z.uuid().optional(),
          by: z.enum(['household', 'table']).optional(),
        }),
      },
      responses: {
        200: {
          description: 'The page',
          headers: z.object({
            'Cache-Control': z.literal(GUEST_FILE_CACHE_CONTROL),
            'X-Robots-Tag': z.literal('noindex, nofollow'),
          }),
          content: { 'text/html': { schema: z.string() } },
        },
        400: errorResponse('`eventId` is not an event of this list, or `by` is neither household nor table'),
        401: commonErrors[401],
        404: errorResponse('No such event, or not one this user may see'),
      },
    },
  },
  [LIVE_EVENTS_PATH]: {
    get: {
      operationId: 'messages.eventsStream',
      security: needsSession,
      tags: ['Messages'],
      summary:
        "The signed-in user's live events as server-sent events: new messages, seen marks, unread totals, notifications",
      description:
        'One stream per tab carries every thread (an EventSource works as is). It starts with a `retry:` line; ' +
        'each event is `id: <n>`, `event: <kind>` (sync, message, seen, thread or notification) and `data:` with ' +
        'the event as JSON (dates as ISO strings), every one carrying the unread totals; a `: ping` comment comes ' +
        'every 15 s. The first event is `sync` (refetch what is on screen), unless the request resumes from a ' +
        'Last-Event-ID that is still kept (a few days): then every event after it comes first, read from the ' +
        'database. The stream ends when the session ends, when the server shuts down and after 30 minutes; ' +
        'reconnect with the last id received.',
      requestParams: {
        header: z.object({
          'Last-Event-ID': z.string().max(40).optional().meta({
            description: 'The id of the last event received; what EventSource sends when it reconnects',
            example: '42',
          }),
        }),
        query: z.object({
          lastEventId: z.string().max(40).optional().meta({
            description: 'The same as Last-Event-ID, for clients that cannot set headers; the header wins',
            example: '42',
          }),
        }),
      },
      responses: {
        200: {
          description: 'The event stream; it stays open',
          headers: z.object({
            'Cache-Control': z.literal('no-cache, no-transform'),
            'X-Accel-Buffering': z.literal('no').meta({ description: 'Asks nginx not to buffer the stream' }),
          }),
          content: {
            'text/event-stream': {
              schema: z.string().meta({
                example:
                  'retry: 3000\n\nid: 7\nevent: sync\ndata: {"kind":"sync","unread":{"messages":2,"notifications":1}}\n\n: ping\n\n',
              }),
            },
          },
        },
        401: commonErrors[401],
        503: errorResponse('The database is unreachable, or the server is shutting down; try again shortly'),
      },
    },
  },
  '/api/openapi.json': {
    get: {
      operationId: 'meta.openapi',
      security: [{}],
      tags: ['Operations'],
      summary: 'This document',
      responses: {
        200: {
          description: 'The OpenAPI 3.1 description of every REST path',
          content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } },
        },
      },
    },
  },
  '/api/health': {
    get: {
      operationId: 'meta.health',
      security: [{}],
      tags: ['Operations'],
      summary: 'Liveness and database reachability',
      responses: {
        200: {
          description: 'The database answers',
          content: {
            'application/json': {
              schema: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
            },
          },
        },
        503: errorResponse(
          'The database is unreachable, too slow or busy, or the server is shutting down (within HEALTH_TIMEOUT_MS)',
        ),
      },
    },
  },
};

/** A procedure built in steps (an owner check, then the body) has several input objects; tRPC merges them. */
function combinedInput(inputs: z.ZodType[]): z.ZodType | undefined {
  if (inputs.length <= 1) return inputs[0];
  const shapes = inputs.map((i) => asObjectSchema(i)?.shape);
  if (shapes.some((s) => !s)) return inputs.at(-1);
  return z.object(Object.assign({}, ...shapes));
}

function asObjectSchema(schema: unknown): z.ZodObject | undefined {
  return schema instanceof z.ZodObject ? schema : undefined;
}

/**
 * A query's fields, also of an input that may be left out or defaults to `{}` (GET /api/bookings):
 * its parameters are each optional either way.
 */
function queryObject(schema: unknown): z.ZodObject | undefined {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) inner = inner._zod.def.innerType;
  return asObjectSchema(inner);
}

/** A create's input without `idempotencyKey`, which REST takes as a header; undefined when nothing is left. */
function withoutIdempotencyKey(input: z.ZodType | undefined): z.ZodType | undefined {
  const object = asObjectSchema(input instanceof z.ZodOptional ? input.unwrap() : input);
  if (!object) return input;
  const { idempotencyKey: _key, ...shape } = object.shape;
  if (Object.keys(shape).length === 0) return undefined;
  // Rebuilt from the shape: zod refuses omit on objects with refinements.
  const rebuilt = z.object(shape);
  return object._zod.def.catchall instanceof z.ZodNever ? rebuilt.strict() : rebuilt;
}

const idempotencyHeader = z.object({
  'Idempotency-Key': idempotencyKeyField.meta({
    description:
      'A key the client picks for this create (a UUID is a good choice) and sends again when it retries: ' +
      'for 24 hours a retry with the same key gets the first answer instead of making a second one. ' +
      'Keys are per user.',
    example: '0b7c3f0e-5d2a-4c61-9f3e-8a1d2c4b5e6f',
  }),
});

const idempotentReplayedHeader = z.object({
  'Idempotent-Replayed': z.literal('true').optional().meta({
    description: 'Present when this is the stored answer of an earlier call with the same Idempotency-Key',
  }),
});

const keyReused = errorResponse(
  'The Idempotency-Key was already used (within 24 hours) for a different request; use a new key',
);

export function buildOpenApiDocument() {
  const paths: ZodOpenApiPathsObject = { ...extraPaths };
  for (const route of restRoutes) {
    const procedure = procedureAt(route.procedure);
    const input = combinedInput(procedure._def.inputs as z.ZodType[]);
    const declared = (procedure._def as { output?: z.ZodType | SchemaCheck<unknown> }).output;
    // A checkedOnce output is a function carrying its schema.
    const output = typeof declared === 'function' ? declared.schema : declared;
    const params = pathParams(route);
    const { middlewares } = procedure._def as unknown as { middlewares: unknown[] };
    const signedIn = middlewares.some((m) => (sessionRequired._middlewares as unknown[]).includes(m));
    const operation: ZodOpenApiOperationObject = {
      tags: [route.tag],
      summary: route.summary,
      operationId: route.procedure,
      security: signedIn ? needsSession : sessionOptional,
      responses: {
        [route.status ?? 200]:
          route.status === 204
            ? { description: 'Done; nothing is answered' }
            : {
                description: 'Success',
                ...(output ? { content: { 'application/json': { schema: output } } } : {}),
              },
        ...commonErrors,
        429: tooManyRequests,
      },
    };
    // Creates take their Idempotency-Key as a header: the body does not name it again.
    const idempotentCreate = route.method === 'POST' && isIdempotent(procedure);
    const bodyInput = idempotentCreate ? withoutIdempotencyKey(input) : input;
    const objectInput = asObjectSchema(bodyInput);
    // Split by shape rather than pick/omit, which zod refuses on objects with refinements.
    const shape: Record<string, z.ZodType> = objectInput?.shape ?? {};
    const fields = (keep: (key: string) => boolean) =>
      z.object(Object.fromEntries(Object.entries(shape).filter(([key]) => keep(key))));
    if (params.length > 0) {
      operation.requestParams = {
        path: objectInput
          ? fields((k) => params.includes(k))
          : z.object(Object.fromEntries(params.map((p) => [p, z.string()]))),
      };
    }
    const rest = objectInput && params.length > 0 ? fields((k) => !params.includes(k)) : bodyInput;
    if (rest) {
      if (route.method === 'GET' || route.method === 'DELETE') {
        const query = queryObject(rest);
        if (query && Object.keys(query.shape).length > 0) {
          operation.requestParams = { ...operation.requestParams, query };
        }
      } else {
        operation.requestBody = { content: { 'application/json': { schema: rest } } };
      }
    }
    const success = `${route.status ?? 200}` as const;
    /** Gives the success answer its headers. */
    const successHeaders = (headers: z.ZodObject) => {
      const answer = operation.responses[success] as ZodOpenApiResponseObject;
      operation.responses = { ...operation.responses, [success]: { ...answer, headers } };
    };
    if (idempotentCreate) {
      operation.requestParams = { ...operation.requestParams, header: idempotencyHeader };
      successHeaders(idempotentReplayedHeader);
      operation.responses = { ...operation.responses, 422: keyReused };
    }
    // Updates name the version they were made from, in the body or in If-Match (decision 029); a
    // stale one is refused with the current row: 409 for the body's, 412 for If-Match's.
    const conflictRow = CONFLICT_ROWS[route.procedure] ?? output;
    if (
      objectInput &&
      'version' in objectInput.shape &&
      (route.method === 'PATCH' || route.method === 'PUT')
    ) {
      const alsoConflicts = route.procedure === 'profile.update' || route.procedure.startsWith('vendors.');
      operation.requestParams = { ...operation.requestParams, header: ifMatchHeader };
      successHeaders(z.object({ ETag: rowEtagHeader }));
      operation.responses = {
        ...operation.responses,
        409: staleWriteResponse(conflictRow, alsoConflicts),
        412: preconditionFailedResponse(conflictRow),
      };
    }
    // Removals at a version: the same If-Match, and a 204 without a tag (the row is gone).
    if (objectInput && 'version' in objectInput.shape && route.method === 'DELETE') {
      operation.requestParams = {
        ...operation.requestParams,
        header: z.object({
          'If-Match': ifMatchHeader.shape['If-Match'].meta({
            description:
              'Remove the row only as this tag names it: `"v<version>"` (the ETag of its GET), several tags, or `*` for whatever is there. ' +
              'A row at none of the versions named, or no row at all, answers 412. With a `version` in the query as well, both must name the same single version, or the request is refused (400).',
            example: '"v3"',
          }),
        }),
      };
      operation.responses = { ...operation.responses, ...removalResponses(conflictRow) };
    }
    if (route.etag === 'row') {
      successHeaders(z.object({ ETag: rowEtagHeader, 'Cache-Control': z.literal(ROW_CACHE_CONTROL) }));
    }
    if (route.etag === 'listings' || route.etag === 'listing') {
      operation.requestParams = { ...operation.requestParams, header: ifNoneMatchHeader };
      successHeaders(marketplaceHeaders);
      operation.responses = { ...operation.responses, 304: notModified };
    }
    const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
    paths[route.path] = { ...paths[route.path], [method]: operation };
  }

  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description:
          'REST surface of SimchaHub. Authentication is the HttpOnly session cookie set by sign-in. ' +
          'Mutations from another origin are refused. Errors share one shape: `{ error: { code, message, messageCode?, messageParams?, issues?, current? } }` ' +
          '(`current`: on 409 from an update made from a stale `version`, or 412 from a stale If-Match, the row as it is now). ' +
          'Editable rows carry an ETag, `"v<version>"`, that If-Match on their update takes; the marketplace answers ' +
          'If-None-Match with 304 while the listings are unchanged (decision 029).',
      },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'HttpOnly session cookie set by POST /api/auth/login or /api/auth/register',
          },
        },
      },
      paths,
    },
    {
      override: ({ jsonSchema, zodSchema }) => {
        if (zodSchema._zod.def.type === 'date') {
          jsonSchema.type = 'string';
          jsonSchema.format = 'date-time';
        }
      },
    },
  );
}
