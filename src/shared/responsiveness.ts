// Without zod, so that a vendor's profile can show it without loading the schemas.

/** "Usually responds within an hour", from median business minutes. */
export function responseTimeText(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (minutes <= 60) return 'within an hour';
  if (minutes <= 3 * 60) return 'within a few hours';
  if (minutes <= 24 * 60) return 'within a day';
  if (minutes <= 3 * 24 * 60) return 'within a few days';
  return 'in more than a few days';
}
