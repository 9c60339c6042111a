import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

describe('APP_URL', () => {
  it('is required in production, and the refusal names it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_URL is required in production/);
    expect(loadConfig({ NODE_ENV: 'production', APP_URL: 'https://simcha.example/' }).appUrl).toBe(
      'https://simcha.example',
    );
  });

  it('is the listening address elsewhere, never a request’s Host', () => {
    expect(loadConfig({ NODE_ENV: 'development', PORT: '4100' }).appUrl).toBe('http://localhost:4100');
  });
});
