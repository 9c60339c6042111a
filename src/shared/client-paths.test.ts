import { describe, expect, it } from 'vitest';
import { isClientPath } from './client-paths';

describe('isClientPath', () => {
  it('knows the route table, as the router matches it', () => {
    for (const path of [
      '/',
      '/about',
      '/About/',
      '/vendor/123',
      '/share/abc',
      '/invite/Cohen%20family',
      '/confirm-email',
      '/reset-password',
      '/admin-dashboard',
      '/claim-listing',
    ]) {
      expect(isClientPath(path), path).toBe(true);
    }
  });

  it('knows no other path', () => {
    for (const path of [
      '/nope',
      '//',
      '/vendor',
      '/vendor/',
      '/vendor/1/2',
      '/about/x',
      '/aboutx',
      '/share',
    ]) {
      expect(isClientPath(path), path).toBe(false);
    }
  });
});
