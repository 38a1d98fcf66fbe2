import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DOCUMENT_MESSAGES } from '@camino/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { documents } from '../../db/schema';
import { loadKnowledgeBase } from '../assistant/knowledge/load';
import { createDocuments } from './index';
import { DocumentService } from './service';
import { UrlSigner } from './signed-url';
import { samplePdf, tempDir } from './testing';

describe('documents API (local storage)', () => {
  let ctx: TestContext;
  let docs: ReturnType<typeof createDocuments>;
  const data = tempDir();
  const knowledge = loadKnowledgeBase();

  beforeAll(async () => {
    ctx = await createTestApp({ DATA_DIR: data.dir });
    // The test app does not seed (NODE_ENV=test): the same bucket and catalog, seeded here.
    docs = createDocuments(ctx.config, ctx.database.db);
    await docs.seedGuides();
  });
  afterAll(async () => {
    await ctx.close();
    data.remove();
  });

  const list = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/documents' });
    expect(response.statusCode).toBe(200);
    return response.json().documents as Array<{
      id: string;
      title: string;
      filename: string;
      source: string;
      form: string | null;
      createdAt: string;
      sizeBytes: number;
      keywords: string;
    }>;
  };
  const idOf = async (filename: string) => (await list()).find((d) => d.filename === filename)!.id;
  const download = (id: string, remoteAddress?: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/documents/${id}/download`, ...(remoteAddress ? { remoteAddress } : {}) });

  it('lists one guide per knowledge-base entry, never cached', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/documents' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    // Seeded by another service instance: the app's catalog read shows it within its 1-second cache.
    const guides = knowledge.entries.filter((e) => e.guide).length;
    await expect.poll(async () => (await list()).filter((d) => d.source === 'guide').length, { timeout: 3000 }).toBe(guides);
    const all = (await list()).filter((d) => d.source === 'guide');
    const i485 = all.find((d) => d.filename === 'GUIA-I-485.pdf')!;
    expect(i485).toMatchObject({ title: 'Guía del formulario I-485', form: 'I-485', source: 'guide' });
    expect(i485.sizeBytes).toBeGreaterThan(1000);
    expect(Object.keys(i485).sort()).toEqual(['createdAt', 'description', 'filename', 'form', 'id', 'keywords', 'sizeBytes', 'source', 'title']);
    const topic = all.find((d) => d.filename === 'GUIA-DERECHOS-DETENCION.pdf')!;
    expect(topic).toMatchObject({ title: `Guía: ${knowledge.byId.get('derechos-detencion')!.title}`, form: null });
    // The search box finds it by the everyday words of its entry.
    expect(topic.keywords).toContain('fianza');
    expect(all.find((d) => d.filename === 'GUIA-I-90.pdf')!.keywords).toContain('mica');
  });

  it('lists newest first', async () => {
    const base = { description: 'Prueba', source: 'official', sha256: 'x', sizeBytes: 10 };
    await ctx.database.db.insert(documents).values([
      { ...base, title: 'Viejo', filename: 'OLD-1.pdf', sha256: 'old', createdAt: new Date('2020-01-01T00:00:00Z') },
      { ...base, title: 'Nuevo', filename: 'NEW-1.pdf', sha256: 'new', createdAt: new Date('2999-01-01T00:00:00Z') },
    ]);
    // A new app on the same database: the first app answers from the list it read less than a second ago.
    const fresh = await createTestApp({ DATA_DIR: data.dir }, ctx.database);
    const all = (await fresh.app.inject({ method: 'GET', url: '/api/documents' })).json().documents as Array<{ title: string; createdAt: string }>;
    await fresh.app.close();
    expect(all[0]!.title).toBe('Nuevo');
    expect(all.at(-1)!.title).toBe('Viejo');
    const times = all.map((d) => Date.parse(d.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    await ctx.database.db.delete(documents).where(eq(documents.description, 'Prueba'));
  });

  it('reads the catalog once a second at most, and at once after invalidate()', async () => {
    const service = new DocumentService(ctx.database.db, docs.storage, new UrlSigner(ctx.config.authSecret), 60_000);
    const before = await service.list();
    const [row] = await ctx.database.db
      .insert(documents)
      .values({ title: 'Recién llegado', description: 'Prueba', filename: 'NEW-2.pdf', source: 'official', sha256: 'new-2', sizeBytes: 1 })
      .returning({ id: documents.id });
    expect(await service.list()).toBe(before);
    service.invalidate();
    expect((await service.list()).map((d) => d.title)).toContain('Recién llegado');
    await ctx.database.db.delete(documents).where(eq(documents.id, row!.id));
  });

  it('gives a signed link valid 3600 s whose bytes are the stored file', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await download(await idOf('GUIA-I-485.pdf'));
    expect(response.statusCode).toBe(200);
    const { url, expiresAt } = response.json();
    expect(url).toMatch(/^\/api\/files\/documents\/GUIA-I-485\.pdf\?expires=\d+&signature=[0-9a-f]{64}$/);
    const expires = Number(new URL(url, 'http://x').searchParams.get('expires'));
    expect(expires - before).toBeGreaterThanOrEqual(3600);
    expect(expires - before).toBeLessThanOrEqual(3602);
    expect(Date.parse(expiresAt)).toBe(expires * 1000);

    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="GUIA-I-485.pdf"');
    expect(file.headers['cache-control']).toBe('private, no-store');
    const stored = readFileSync(path.join(data.dir, 'storage', 'documents', 'GUIA-I-485.pdf'));
    expect(Number(file.headers['content-length'])).toBe(stored.length);
    expect(file.rawPayload.equals(stored)).toBe(true);
  });

  it('refuses a tampered or missing signature with 403', async () => {
    const { url } = (await download(await idOf('GUIA-N-400.pdf'))).json();
    const tampered = url.replace(/signature=([0-9a-f])/, (_: string, c: string) => `signature=${c === '0' ? '1' : '0'}`);
    const bad = await ctx.app.inject({ method: 'GET', url: tampered });
    expect(bad.statusCode).toBe(403);
    expect(bad.json().error.code).toBe('DOCUMENT_LINK_INVALID');
    expect(bad.json().error.message).toMatch(/enlace de descarga no es válido/);

    const otherFile = await ctx.app.inject({ method: 'GET', url: url.replace('GUIA-N-400', 'GUIA-I-485') });
    expect(otherFile.statusCode).toBe(403);
    const longer = await ctx.app.inject({ method: 'GET', url: url.replace(/expires=(\d+)/, (_: string, e: string) => `expires=${Number(e) + 86400}`) });
    expect(longer.statusCode).toBe(403);
    for (const query of ['', '?expires=9999999999', '?signature=abc', '?expires=abc&signature=00']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/files/documents/GUIA-N-400.pdf${query}` });
      expect(response.statusCode).toBe(403);
    }
  });

  it('answers 410 for an expired link', async () => {
    const signer = new UrlSigner(ctx.config.authSecret);
    const url = signer.sign('GUIA-I-485.pdf', Math.floor(Date.now() / 1000) - 1);
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(410);
    expect(response.json().error).toEqual({ code: 'DOCUMENT_LINK_EXPIRED', message: 'El enlace de descarga venció. Vuelve a pedirlo desde Documentos.' });
  });

  it('answers 404 for a signed link to a file that is not there', async () => {
    const signer = new UrlSigner(ctx.config.authSecret);
    const response = await ctx.app.inject({ method: 'GET', url: signer.sign('I-000.pdf', Math.floor(Date.now() / 1000) + 60) });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('DOCUMENT_FILE_MISSING');
  });

  it('answers 404 DOCUMENT_FILE_MISSING, naming the document, when the bucket lacks its file', async () => {
    const [row] = await ctx.database.db
      .insert(documents)
      .values({
        title: 'Formulario I-999 (oficial de USCIS)',
        description: 'Falta',
        filename: 'I-999.pdf',
        form: 'I-999',
        source: 'official',
        sha256: 'missing',
        sizeBytes: 1,
      })
      .returning({ id: documents.id });
    const response = await download(row!.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({ code: 'DOCUMENT_FILE_MISSING', message: DOCUMENT_MESSAGES.fileMissing('Formulario I-999 (oficial de USCIS)') });
    expect(response.json().error.message).toBe(
      'No se pudo descargar el documento "Formulario I-999 (oficial de USCIS)". El archivo no se encuentra en el sistema.',
    );
    await ctx.database.db.delete(documents).where(eq(documents.id, row!.id));
  });

  it('finds the file by the normalised, case-insensitive name (i-485-es.pdf -> i-485.pdf)', async () => {
    const bytes = await samplePdf('I-485');
    await docs.storage.put('i-485.pdf', bytes, 'application/pdf');
    const [row] = await ctx.database.db
      .insert(documents)
      .values({
        title: 'Formulario I-485',
        description: 'Prueba',
        filename: 'i-485-es.pdf',
        form: 'I-485',
        source: 'official',
        sha256: 'norm',
        sizeBytes: bytes.byteLength,
      })
      .returning({ id: documents.id });
    const response = await download(row!.id);
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toContain('/api/files/documents/i-485.pdf?');
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.rawPayload.equals(Buffer.from(bytes))).toBe(true);
    await ctx.database.db.delete(documents).where(eq(documents.id, row!.id));
    await docs.storage.remove('i-485.pdf');
  });

  it('names a non-ASCII file per RFC 5987', async () => {
    const bytes = await samplePdf('Guía');
    await docs.storage.put('GUÍA-ÑANDÚ.pdf', bytes, 'application/pdf');
    const signer = new UrlSigner(ctx.config.authSecret);
    const file = await ctx.app.inject({ method: 'GET', url: signer.sign('GUÍA-ÑANDÚ.pdf', Math.floor(Date.now() / 1000) + 60) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="GU_A-_AND_.pdf"; filename*=UTF-8''GU%C3%8DA-%C3%91AND%C3%9A.pdf`);
    await docs.storage.remove('GUÍA-ÑANDÚ.pdf');
  });

  it('answers an unknown id with 404 and a malformed one with 400', async () => {
    const unknown = await download('6f1c2a52-3b4d-4e5f-8a9b-0c1d2e3f4a5b');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    const malformed = await download('not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION');
  });

  it('limits downloads to 120 an hour per address', async () => {
    const id = await idOf('GUIA-I-130.pdf');
    for (let i = 0; i < 120; i++) expect((await download(id, '203.0.113.7')).statusCode).toBe(200);
    const limited = await download(id, '203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await download(id, '203.0.113.8')).statusCode).toBe(200);
  });
});
