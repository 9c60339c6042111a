import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedOnce } from './checked-once';

describe('checkedOnce', () => {
  const check = checkedOnce(z.object({ name: z.string() }));

  it('checks a new answer in full and strips what the schema does not name', () => {
    expect(check({ name: 'Levy Florals', secret: 'x' })).toEqual({ name: 'Levy Florals' });
    expect(() => check({ name: 42 })).toThrow();
    expect(() => check(null)).toThrow();
  });

  it('hands out the same checked result when the same answer comes again', () => {
    const answer = { name: 'Cohen Catering', secret: 'x' };
    const first = check(answer);
    expect(check(answer)).toBe(first);
    expect(first).not.toHaveProperty('secret');
    expect(check({ ...answer })).not.toBe(first);
  });

  it('keeps its schema for the API description', () => {
    expect(check.schema).toBeInstanceOf(z.ZodObject);
  });
});
