import { z } from 'zod';

/** Trimmed optional text; blank becomes null so "cleared" and "never set" read the same. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const IMAGE_MESSAGE = 'Image must be an image uploaded to SimchaHub';

/**
 * An image the app itself serves: an upload or one of its own illustrations. The Content-Security-Policy
 * lets pages load images only from this site, so any other address would show a broken image.
 */
export const imageRefSchema = z
  .string()
  .trim()
  .max(300)
  .refine(
    (v) =>
      v === '' ||
      /^\/uploads\/[\w-]+\.(jpg|png|gif|webp)$/.test(v) ||
      /^\/images\/[\w/-]+\.(svg|png|jpg|webp)$/.test(v),
    IMAGE_MESSAGE,
  )
  .nullish()
  .transform((v) => (v ? v : null));
