import { z } from 'zod';

/** Trimmed optional text; blank becomes null so "cleared" and "never set" read the same. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
