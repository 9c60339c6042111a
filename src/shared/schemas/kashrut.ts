import { z } from 'zod';
import { KASHRUT_AGENCY_CODES, KASHRUT_LEVEL_VALUES } from '../kashrut';
import {
  civilDateSchema,
  editVersionField,
  oneOf,
  optionalQueryNumber,
  optionalText,
  rowVersionDto,
  safeString,
  versionField,
} from './common';
import { kashrutFields } from './kashrut-public';

export { kashrutFilterParam, type PublicKashrutDto, publicKashrutDto } from './kashrut-public';

export const KASHRUT_MESSAGES = {
  notFood: 'Only caterers and venues can state a kashrut supervision. Change the listing’s category first.',
  otherNeedsName: 'Type the name of the supervising agency',
  expiryPassed: 'This expiry date has passed. Upload the current certificate with its expiry date.',
  notStated: 'State the supervision and save it before uploading its certificate',
  ownersOnly: 'Only the owner of a listing can upload its kashrut certificate',
  onlyPdfJpegPng: 'The certificate must be a PDF, JPG or PNG file',
  noCertificate: 'There is no certificate to verify: the owner has not uploaded one',
  noExpiry: 'The supervision has no expiry date: it cannot be verified',
  expired: 'The certificate has expired: it cannot be verified',
  notFound: 'This listing has no stated kashrut',
  changedMeanwhile:
    'The owner changed the supervision since you opened it. Look at it again before deciding.',
  reasonRequired: 'Say why the certificate is not accepted',
  alreadyRemoved: 'The supervision was already removed.',
  trueOrFalse: 'Must be true or false',
  agencyFromList: 'Choose an agency from the list, or Other',
} as const;

const levelField = oneOf('Level', KASHRUT_LEVEL_VALUES);
const flag = z.boolean({ error: KASHRUT_MESSAGES.trueOrFalse }).default(false);

/** The owner's supervision form: PUT /api/vendors/profile/kashrut. */
export const kashrutSaveInput = z
  .object({
    /** Which of the caller's listings; without it, their first. */
    vendorId: z.uuid({ error: 'Listing not found' }).optional(),
    agency: z.enum(KASHRUT_AGENCY_CODES, { error: KASHRUT_MESSAGES.agencyFromList }),
    agencyOther: optionalText(120, 'Agency name'),
    level: levelField,
    chalavYisrael: flag,
    pasYisrael: flag,
    glatt: flag,
    mehadrin: flag,
    shomerShabbat: flag,
    expiresOn: civilDateSchema('Expiry date').nullish(),
    version: editVersionField,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.agency === 'other' && !v.agencyOther) {
      ctx.addIssue({ code: 'custom', message: KASHRUT_MESSAGES.otherNeedsName, path: ['agencyOther'] });
    }
  });
export type KashrutSaveInput = z.input<typeof kashrutSaveInput>;

export const kashrutOwnInput = z
  .object({ vendorId: z.uuid({ error: 'Listing not found' }).optional() })
  .strict()
  .optional()
  .transform((v) => v ?? {});

/**
 * DELETE /api/vendors/profile/kashrut (query, or If-Match for the version): which of the caller's
 * listings (their first without it), and the supervision's version the removal was asked from.
 */
export const kashrutRemoveInput = z
  .object({
    vendorId: z.uuid({ error: 'Listing not found' }).optional(),
    version: optionalQueryNumber('version', versionField),
  })
  .strict();

export const KASHRUT_STATUSES = ['stated', 'pending', 'verified', 'rejected', 'expired'] as const;
export type KashrutStatus = (typeof KASHRUT_STATUSES)[number];

const certificateDto = z.object({
  name: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  /** Served to the listing's owner and to admins only. */
  url: z.string(),
});

/**
 * The supervision as the owner and admins see it. status: stated (no certificate yet), pending (a
 * certificate waits for an admin), verified, rejected (reason given), expired (verified, but the
 * expiry date has come in the listing's zone).
 */
export const kashrutDto = z.object({
  ...kashrutFields,
  vendorId: z.uuid(),
  expiresOn: z.string().nullable(),
  certificate: certificateDto.nullable(),
  status: z.enum(KASHRUT_STATUSES),
  verifiedAt: z.date().nullable(),
  rejectedReason: z.string().nullable(),
  version: rowVersionDto,
});
export type KashrutDto = z.infer<typeof kashrutDto>;

/** GET /api/vendors/profile/kashrut: whether the listing may state kashrut, and what it states. */
export const ownKashrutDto = z.object({
  vendorId: z.uuid(),
  category: z.string(),
  mayState: z.boolean(),
  kashrut: kashrutDto.nullable(),
  /** The supervision's version (its ETag, for If-Match on PUT); absent while none is stated. */
  version: rowVersionDto.optional(),
});
export type OwnKashrutDto = z.infer<typeof ownKashrutDto>;

/** One row of the admins' Kashrut list. */
export const adminKashrutDto = kashrutDto.extend({
  businessName: z.string(),
  category: z.string(),
  ownerName: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  updatedAt: z.date(),
});
export type AdminKashrutDto = z.infer<typeof adminKashrutDto>;

export const adminKashrutListInput = z
  .object({ status: z.enum(['pending', 'verified', 'rejected']).default('pending') })
  .strict()
  .optional()
  .transform((v) => v ?? { status: 'pending' as const });

/** version: the supervision's version the admin looked at; a change since refuses the decision. */
export const kashrutVerifyInput = z
  .object({ vendorId: z.uuid({ error: 'Listing not found' }), version: editVersionField })
  .strict();
export const kashrutRejectInput = z
  .object({
    vendorId: z.uuid({ error: 'Listing not found' }),
    reason: safeString('Reason', { max: 1000, required: KASHRUT_MESSAGES.reasonRequired }).min(
      1,
      KASHRUT_MESSAGES.reasonRequired,
    ),
    version: editVersionField,
  })
  .strict();
