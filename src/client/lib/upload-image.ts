import { LIMITS } from '../../shared/constants';
import { uploadSrcSet } from '../../shared/upload-images';
import type { MessageId } from '../i18n/catalogue';
import { toast } from './toast';

/**
 * The upload's toasts: the server's own sentences for a refused file (said in the page's language by
 * their code), and the client's own two by their catalogue ids (the Toaster says both kinds).
 */
export const IMAGE_MESSAGES = {
  notAnImage: 'Please select a valid image file',
  tooLarge: 'Image must be smaller than 5MB',
  failed: 'common.image.failed',
  uploaded: 'common.image.uploaded',
} as const satisfies Record<string, string | MessageId>;

/** The checks the server makes too, done first so a wrong file never leaves the browser. */
export function imageProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_MESSAGES.notAnImage;
  if (file.size > LIMITS.imageUploadBytes) return IMAGE_MESSAGES.tooLarge;
  return null;
}

export type UploadResult = { ok: true; url: string } | { ok: false; message: string | null };

/** POST /api/upload (multipart field `image`): the stored image's address, or the server's reason. */
export async function uploadImage(file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append('image', file);
  try {
    const response = await fetch('/api/upload', { method: 'POST', body, credentials: 'include' });
    const json: unknown = await response.json().catch(() => null);
    if (response.ok && isUrlBody(json)) return { ok: true, url: json.url };
    return { ok: false, message: errorMessageOf(json) };
  } catch {
    return { ok: false, message: null };
  }
}

function isUrlBody(value: unknown): value is { url: string } {
  return typeof value === 'object' && value !== null && typeof (value as { url?: unknown }).url === 'string';
}

function errorMessageOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const error = (value as { error?: { message?: unknown } }).error;
  return typeof error?.message === 'string' ? error.message : null;
}

/**
 * Checks a picked file, uploads it and says how it went with the spec's toasts; the stored image's
 * URL, or null when the file was refused or the upload failed.
 */
export async function uploadImageWithToasts(file: File): Promise<string | null> {
  const problem = imageProblem(file);
  if (problem) {
    toast.error(problem);
    return null;
  }
  const result = await uploadImage(file);
  if (!result.ok) {
    toast.error(IMAGE_MESSAGES.failed, result.message ?? undefined);
    return null;
  }
  toast.success(IMAGE_MESSAGES.uploaded);
  return result.url;
}

/**
 * `srcSet` and `sizes` for an `<img>` showing an uploaded image, so the browser fetches the smallest
 * stored copy that fills `sizes` (for example '(min-width: 48em) 33vw, 100vw', or '56px' for a
 * thumbnail). Spread onto Image: nothing for older uploads and illustrations, which have one file.
 */
export function uploadedImageProps(
  url: string | null | undefined,
  sizes: string,
): { srcSet: string; sizes: string } | Record<string, never> {
  const srcSet = uploadSrcSet(url);
  return srcSet ? { srcSet, sizes } : {};
}

/** A preview inside a form dialog: the dialog's width on larger screens, the screen's on phones. */
export const DIALOG_IMAGE_SIZES = '(min-width: 30em) 28rem, 100vw';
