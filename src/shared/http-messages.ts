/**
 * Sentences the server's plumbing answers with (sign-in and role checks, malformed requests, limits,
 * an unavailable database, the upload quota): shared, so each has a message code (message-codes.ts).
 */

/** How deep objects and arrays may nest in a request's input (see the server's input-depth check). */
export const MAX_INPUT_DEPTH = 32;

export const HTTP_MESSAGES = {
  /** What a person reads for any 500: the details stay in the server's log. */
  internal: 'Something went wrong. Please try again.',
  /** A validation error without any issue to quote. */
  invalidInput: 'Invalid input',
  notSuperjson: 'The input is not valid superjson (a json value with optional meta)',
  invalidUrl: 'Invalid URL',
  tooDeep: `The request nests objects or arrays more than ${MAX_INPUT_DEPTH} levels deep`,
  /** A procedure for some roles only, called by another: `roles` as 'customer or vendor'. */
  rolesOnly: (roles: readonly string[]) => `This action is for ${roles.join(' or ')} accounts only`,
  /** A 429: what was refused, and the wait as `waitPhrase` words it ("3 minutes", "40 seconds"). */
  retryIn: (message: string, wait: string) => `${message} Please try again in ${wait}.`,
  siteFull:
    'SimchaHub’s file storage is full, so nothing more can be uploaded right now. The administrators see this on their dashboard; please try again later.',
  /** `amount` as the quota words it: "25 MB", "512 KB". */
  unconfirmedQuota: (amount: string) =>
    `Confirm your e-mail address to store more than ${amount} of images and files: open the link we mailed you, or ask for a new one in Profile Settings.`,
  /** The image storage quota (as "25 MB") is used up. */
  imageQuotaUsed: (amount: string) =>
    `You have used your ${amount} of image storage. Delete unused images and try again.`,
  /** The attachments' storage quota (as "25 MB") is used up. */
  attachmentQuotaUsed: (amount: string) =>
    `You have used your ${amount} of storage for attachments. Files you uploaded but did not send are freed after a day.`,
} as const;

/** 503s: the database (or the server) cannot answer now. */
export const UNAVAILABLE_MESSAGES = {
  unreachable: 'The database is not reachable right now. Please try again in a moment.',
  'too-slow': 'The database is too slow to answer right now. Please try again in a moment.',
  busy: 'The server is busy right now. Please try again in a moment.',
  restarting: 'The server is restarting. Please try again in a moment.',
  timedOut: 'The request took too long. Please try again in a moment.',
} as const;

export const IDEMPOTENCY_MESSAGES = {
  reused: 'This Idempotency-Key was already used for a different request',
  headerAndBodyDiffer: 'The Idempotency-Key header and the idempotencyKey in the body differ',
  inProgress: 'A request with this Idempotency-Key is still being processed. Please try again.',
} as const;

export const IF_MATCH_MESSAGES = {
  malformed: 'If-Match must be * or a list of quoted entity tags, such as "v3"',
  disagrees:
    "If-Match and the body's version name different versions of the row: send the one you edited from, in either",
} as const;
