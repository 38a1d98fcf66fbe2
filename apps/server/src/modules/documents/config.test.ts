import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app';
import { ConfigError } from '../../config';

describe('documents storage configuration', () => {
  it('defaults to a folder in DATA_DIR', () => {
    expect(testConfig({ DATA_DIR: '/tmp/camino-x' }).storage).toEqual({ kind: 'local', dir: path.join('/tmp/camino-x', 'storage', 'documents') });
  });

  it('reads STORAGE=s3 with its defaults', () => {
    expect(testConfig({ STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).storage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'documents',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
    expect(testConfig({ STORAGE: 's3', S3_REGION: 'eu-west-1', S3_BUCKET: 'camino-docs' }).storage).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-1',
      bucket: 'camino-docs',
      forcePathStyle: false,
    });
    expect(testConfig({ STORAGE: 's3', S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({ forcePathStyle: false });
    expect(testConfig({ STORAGE: 's3', S3_FORCE_PATH_STYLE: 'true' }).storage).toMatchObject({ forcePathStyle: true });
  });

  it('refuses a half-given key pair and an unknown storage', () => {
    expect(() => testConfig({ STORAGE: 's3', S3_ACCESS_KEY_ID: 'k' })).toThrow(ConfigError);
    expect(() => testConfig({ STORAGE: 'ftp' })).toThrow(ConfigError);
    expect(() => testConfig({ STORAGE: 's3', S3_ENDPOINT: 'not a url' })).toThrow(ConfigError);
  });
});
