import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/app';
import { createDocuments } from '../index';
import { readAll, startS3Server, tempDir } from '../testing';
import { createStorage } from './index';
import { listAll } from './storage';
import { S3Storage } from './s3';

/** A real S3-compatible server (s3rver) on a free local port, with a bucket named documents. */
describe('S3Storage against a local S3 server', () => {
  const files = tempDir('camino-s3-');
  let server: Awaited<ReturnType<typeof startS3Server>>;
  let endpoint: string;
  const s3Env = () => ({ STORAGE: 's3', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });

  beforeAll(async () => {
    server = await startS3Server(files.dir);
    endpoint = server.endpoint;
  });
  afterAll(async () => {
    await server.stop();
    files.remove();
  });

  const storage = (bucket = 'documents') =>
    new S3Storage({ endpoint, region: 'us-east-1', bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });

  it('puts, gets, lists sorted by name and removes', async () => {
    const s3 = storage();
    try {
      await s3.put('b.pdf', Buffer.from('%PDF-b'), 'application/pdf');
      await s3.put('A.pdf', Buffer.from('%PDF-aa'), 'application/pdf');
      await s3.put('I-485.pdf', Buffer.from('%PDF-i485'), 'application/pdf');
      expect(await s3.list({ limit: 100, offset: 0 })).toEqual([
        { name: 'A.pdf', size: 7 },
        { name: 'I-485.pdf', size: 9 },
        { name: 'b.pdf', size: 6 },
      ]);
      expect((await s3.list({ limit: 1, offset: 1 })).map((e) => e.name)).toEqual(['I-485.pdf']);
      expect(await s3.list({ limit: 10, offset: 3 })).toEqual([]);

      const file = await s3.get('I-485.pdf');
      expect(file).toMatchObject({ size: 9, contentType: 'application/pdf' });
      expect((await readAll(file!.body)).toString()).toBe('%PDF-i485');
      expect(await s3.get('nope.pdf')).toBeNull();

      expect(await s3.remove('b.pdf')).toBe(true);
      expect(await s3.remove('b.pdf')).toBe(false);
      expect((await s3.list({ limit: 100, offset: 0 })).map((e) => e.name)).toEqual(['A.pdf', 'I-485.pdf']);
      await expect(s3.put('../x', Buffer.from('x'), 'application/pdf')).rejects.toThrow(/Invalid file name/);
      await s3.remove('A.pdf');
      await s3.remove('I-485.pdf');
    } finally {
      await s3.close();
    }
  });

  it('pages through a long listing (limit and offset over truncated pages)', async () => {
    const s3 = storage('documents-many');
    try {
      await s3.ensure();
      const names = Array.from({ length: 25 }, (_, i) => `F-${String(i).padStart(2, '0')}.pdf`);
      for (const name of names.toReversed()) await s3.put(name, Buffer.from('%PDF-'), 'application/pdf');
      expect((await s3.list({ limit: 100, offset: 0 })).map((e) => e.name)).toEqual(names);
      expect((await s3.list({ limit: 5, offset: 10 })).map((e) => e.name)).toEqual(names.slice(10, 15));
      expect((await listAll(s3, 7)).map((e) => e.name)).toEqual(names);
    } finally {
      await s3.close();
    }
  });

  it('creates a missing bucket', async () => {
    const s3 = storage('documents-new');
    try {
      await s3.ensure();
      await s3.ensure();
      await s3.put('x.pdf', Buffer.from('%PDF-x'), 'application/pdf');
      expect(await s3.list({ limit: 10, offset: 0 })).toEqual([{ name: 'x.pdf', size: 6 }]);
    } finally {
      await s3.close();
    }
  });

  it('is chosen by STORAGE=s3', () => {
    expect(createStorage({ storage: { kind: 'local', dir: files.dir } }).kind).toBe('local');
    expect(
      createStorage({
        storage: { kind: 's3', endpoint, region: 'us-east-1', bucket: 'documents', accessKeyId: 'a', secretAccessKey: 'b', forcePathStyle: true },
      }).kind,
    ).toBe('s3');
  });

  describe('the whole download flow with STORAGE=s3', () => {
    let ctx: TestContext;
    const data = tempDir();
    beforeAll(async () => {
      ctx = await createTestApp({ DATA_DIR: data.dir, ...s3Env() });
      expect(ctx.config.storage).toMatchObject({ kind: 's3', bucket: 'documents', forcePathStyle: true, region: 'us-east-1' });
    });
    afterAll(async () => {
      await ctx.close();
      data.remove();
    });

    it('seeds the guides into the bucket and downloads the same bytes through a signed link', async () => {
      const docs = createDocuments(ctx.config, ctx.database.db);
      try {
        const seeded = await docs.seedGuides();
        expect(seeded.created).toBeGreaterThan(20);
        // Seeded through another service than the app's: its list (read at start for the official forms)
        // shows the change within its one-second cache, as another process's import would.
        const listed = async () =>
          ((await ctx.app.inject({ method: 'GET', url: '/api/documents' })).json().documents as Array<{ id: string; filename: string }>).find(
            (d) => d.filename === 'GUIA-I-589.pdf',
          );
        await expect.poll(listed, { timeout: 5000 }).toBeDefined();
        const guide = (await listed())!;
        const response = await ctx.app.inject({ method: 'POST', url: `/api/documents/${guide.id}/download` });
        expect(response.statusCode).toBe(200);
        const { url } = response.json();
        expect(url).toMatch(/^\/api\/files\/documents\/GUIA-I-589\.pdf\?expires=\d+&signature=[0-9a-f]{64}$/);
        // The link points at our own server, never at the bucket or with its keys.
        expect(url).not.toContain(endpoint);
        expect(url).not.toContain('S3RVER');

        const file = await ctx.app.inject({ method: 'GET', url });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('application/pdf');
        const stored = await docs.storage.get('GUIA-I-589.pdf');
        expect(file.rawPayload.equals(await readAll(stored!.body))).toBe(true);

        await docs.storage.remove('GUIA-I-589.pdf');
        const missing = await ctx.app.inject({ method: 'POST', url: `/api/documents/${guide.id}/download` });
        expect(missing.statusCode).toBe(404);
        expect(missing.json().error.code).toBe('DOCUMENT_FILE_MISSING');
        expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      } finally {
        await docs.service.close();
      }
    });
  });
});
