/**
 * Names of the files an upload is stored as. The server writes every one of them for every upload
 * (a narrow image's wider variants are simply as wide as the image), so a page can offer them in a
 * srcset knowing only the main image's URL.
 */

/** Widths of the resized copies, in pixels. */
export const UPLOAD_VARIANT_WIDTHS = [320, 640, 1280] as const;
export type UploadVariantWidth = (typeof UPLOAD_VARIANT_WIDTHS)[number];

/** The main image is at most this wide; the one the `url` of an upload names. */
export const UPLOAD_MAIN_MAX_WIDTH = 1600;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** `/uploads/<uuid>.webp`: an upload stored with its variants (older uploads are .jpg, .png or .gif, alone). */
const UPLOAD_WITH_VARIANTS = new RegExp(`^/uploads/(${UUID})\\.webp$`);

/** The id of an upload whose variants exist, or null for any other URL (older uploads, illustrations). */
export function uploadIdOf(url: string): string | null {
  return UPLOAD_WITH_VARIANTS.exec(url)?.[1] ?? null;
}

export function uploadFileName(id: string, width?: UploadVariantWidth): string {
  return width === undefined ? `${id}.webp` : `${id}-${width}.webp`;
}

/**
 * The `srcset` of an upload's stored files (each described by the width it was made for), or null for
 * a URL without variants.
 */
export function uploadSrcSet(url: string | null | undefined): string | null {
  const id = url ? uploadIdOf(url) : null;
  if (!id) return null;
  return [
    ...UPLOAD_VARIANT_WIDTHS.map((w) => `/uploads/${uploadFileName(id, w)} ${w}w`),
    `/uploads/${uploadFileName(id)} ${UPLOAD_MAIN_MAX_WIDTH}w`,
  ].join(', ');
}

/** The multipart field an image upload carries its file in. */
export const UPLOAD_FIELD = 'image';

/** What an image upload that is refused is told (the multipart ones name the field to use). */
export const UPLOAD_MESSAGES = {
  notAnImage: 'Please select a valid image file',
  tooLarge: 'Image must be smaller than 5MB',
  tooManyPixels: 'Image is too large to process: it may have at most 50 megapixels',
  notMultipart: `Send the image as multipart/form-data, with the file in the field "${UPLOAD_FIELD}"`,
  noBoundary: 'The multipart/form-data Content-Type has no boundary',
  incomplete: 'The multipart body ended before its closing boundary',
  malformed: 'The multipart body is malformed',
  noFile: `The form has no file in the field "${UPLOAD_FIELD}"`,
  wrongField: `Send the image in the field "${UPLOAD_FIELD}"`,
  oneFile: 'Send one image per upload',
  onlyImageField: `The form may contain only the file field "${UPLOAD_FIELD}"`,
  tooFast: 'You are uploading images too quickly.',
} as const;
