import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: a secret handed out once (a session, a reset link, an invite, a device). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 in hex: all that is stored of a secret token, or of a key that must not be kept as given. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
