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

  it('takes an S3 bucket and prefix, with the S3_* settings', () => {
    expect(loadConfig({ STORAGE_URL: 's3://simcha-files' }).storage).toMatchObject({
      driver: 's3',
      explicit: true,
      s3: { bucket: 'simcha-files', prefix: '', endpoint: null, region: 'us-east-1', forcePathStyle: false },
    });
    expect(
      loadConfig({
        STORAGE_URL: 's3://simcha-files/prod/files/',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_REGION: 'eu-west-2',
      }).storage.s3,
    ).toEqual({
      bucket: 'simcha-files',
      prefix: 'prod/files/',
      endpoint: 'http://minio.internal:9000',
      region: 'eu-west-2',
      // Path-style with an endpoint of one's own, unless said otherwise.
      forcePathStyle: true,
    });
    expect(
      loadConfig({ STORAGE_URL: 's3://bk1/x', S3_ENDPOINT: 'http://s3.local', S3_FORCE_PATH_STYLE: 'false' })
        .storage.s3?.forcePathStyle,
    ).toBe(false);
  });

  it('refuses anything else with a sentence naming it', () => {
    for (const bad of ['postgresql://x', 's3://', 's3://Bad_Bucket/files', 's3:bucket']) {
      expect(() => loadConfig({ STORAGE_URL: bad })).toThrow(
        /STORAGE_URL: STORAGE_URL must be fs: \(optionally fs:\/a\/folder\), postgres: or s3:\/\/bucket \(optionally s3:\/\/bucket\/a\/prefix\)/,
      );
    }
    expect(() => loadConfig({ STORAGE_URL: 's3://bk1', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT must be an http\(s\) URL/,
    );
  });
});
