import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertFileName, type ListOptions, type Storage, type StorageEntry, type StoredFile } from './storage';

export interface S3StorageOptions {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

type S3Module = typeof import('@aws-sdk/client-s3');

/**
 * The documents bucket on any S3-compatible service (AWS S3, MinIO, R2, ...). The SDK is loaded only
 * when this storage is configured. The keys stay on the server: downloads go through our own signed
 * links (modules/documents/signed-url.ts), never to the bucket's address.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private client: Promise<{ sdk: S3Module; client: S3Client }> | null = null;

  constructor(private readonly options: S3StorageOptions) {}

  private connect(): Promise<{ sdk: S3Module; client: S3Client }> {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => {
      const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = this.options;
      const client = new sdk.S3Client({
        region,
        forcePathStyle,
        ...(endpoint ? { endpoint } : {}),
        ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
        maxAttempts: 3,
      });
      return { sdk, client };
    });
    return this.client;
  }

  async ensure(): Promise<void> {
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.options.bucket }));
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
      const { bucket, region } = this.options;
      // Outside us-east-1, AWS wants the region named again; S3-compatible servers accept either.
      await client.send(
        new sdk.CreateBucketCommand({
          Bucket: bucket,
          ...(region !== 'us-east-1' ? { CreateBucketConfiguration: { LocationConstraint: region as never } } : {}),
        }),
      );
    }
  }

  async put(name: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertFileName(name);
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.options.bucket, Key: name, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }),
    );
  }

  async get(name: string): Promise<StoredFile | null> {
    assertFileName(name);
    const { sdk, client } = await this.connect();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: name }));
      const body = object.Body;
      if (!body) return null;
      const stream = body instanceof Readable ? body : Readable.fromWeb((body as unknown as { transformToWebStream(): never }).transformToWebStream());
      return { body: stream, size: Number(object.ContentLength ?? 0), contentType: object.ContentType || 'application/octet-stream' };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async list({ limit, offset }: ListOptions): Promise<StorageEntry[]> {
    const { sdk, client } = await this.connect();
    const entries: StorageEntry[] = [];
    let skipped = 0;
    let token: string | undefined;
    do {
      const wanted = offset - skipped + limit - entries.length;
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.options.bucket, Delimiter: '/', MaxKeys: Math.min(1000, wanted), ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        if (skipped < offset) {
          skipped++;
          continue;
        }
        if (entries.length < limit) entries.push({ name: object.Key, size: Number(object.Size ?? 0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token && entries.length < limit);
    return entries;
  }

  async remove(name: string): Promise<boolean> {
    assertFileName(name);
    const { sdk, client } = await this.connect();
    // S3 deletes answer 204 whether or not the key existed: ask first, to say which.
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.options.bucket, Key: name }));
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: name }));
    return true;
  }

  async close(): Promise<void> {
    if (!this.client) return;
    const { client } = await this.client;
    client.destroy();
    this.client = null;
  }
}

function statusOf(error: unknown): number | undefined {
  const e = error as { $metadata?: { httpStatusCode?: number }; name?: string };
  if (e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.name === 'NoSuchBucket') return 404;
  return e?.$metadata?.httpStatusCode;
}
