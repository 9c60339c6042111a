import type { z } from 'zod';

/** An output check that keeps its schema readable (the OpenAPI document describes responses with it). */
export interface SchemaCheck<T> {
  (value: unknown): T;
  schema: z.ZodType;
}

/**
 * The output check for answers that are kept and handed out again (the marketplace cache): an
 * answer is checked against the schema the first time a procedure returns it, and the checked
 * result is handed out unchanged whenever the same answer is returned again. Each new answer is
 * checked in full, as `.output(schema)` would; an answer kept for reuse is never changed.
 */
export function checkedOnce<S extends z.ZodType>(schema: S): SchemaCheck<z.output<S>> {
  const checked = new WeakMap<object, z.output<S>>();
  const check = (value: unknown): z.output<S> => {
    if (typeof value !== 'object' || value === null) return schema.parse(value);
    const known = checked.get(value);
    if (known !== undefined) return known;
    const result = schema.parse(value);
    checked.set(value, result);
    return result;
  };
  return Object.assign(check, { schema });
}
