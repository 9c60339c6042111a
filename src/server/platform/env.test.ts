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

describe('STORAGE_URL', () => {
  const DB = 'postgres://app@db.example/simchahub';

  it('defaults to the database with DATABASE_URL, to DATA_DIR with the embedded database', () => {
    expect(loadConfig({ DATA_DIR: '/srv/data' }).storage).toEqual({
      driver: 'fs',
      root: '/srv/data',
      explicit: false,
    });
    expect(loadConfig({ DATA_DIR: '/srv/data', DATABASE_URL: DB, STORAGE_URL: '' }).storage).toEqual({
      driver: 'postgres',
      root: '/srv/data',
      explicit: false,
    });
  });

  it('chooses either explicitly, fs with a folder of its own', () => {
    expect(loadConfig({ DATABASE_URL: DB, STORAGE_URL: 'fs:' }).storage.driver).toBe('fs');
    expect(loadConfig({ STORAGE_URL: 'fs:/mnt/files' }).storage).toMatchObject({
      driver: 'fs',
      root: '/mnt/files',
    });
    expect(loadConfig({ STORAGE_URL: 'fs:///mnt/files' }).storage.root).toBe('/mnt/files');
    expect(loadConfig({ STORAGE_URL: 'postgres:' }).storage).toMatchObject({
      driver: 'postgres',
      explicit: true,
    });
  });

  it('refuses anything else with a sentence naming it', () => {
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket/files' })).toThrow(
      /STORAGE_URL: STORAGE_URL must be fs: \(optionally fs:\/a\/folder\) or postgres: \(s3:\/\/ is not supported yet\)/,
    );
    expect(() => loadConfig({ STORAGE_URL: 'postgresql://x' })).toThrow(/STORAGE_URL must be/);
  });
});
