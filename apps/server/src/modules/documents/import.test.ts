import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import type { Database } from '../../db/client';
import { documents } from '../../db/schema';
import { loadKnowledgeBase } from '../assistant/knowledge/load';
import { seedGuides } from './guides/seed';
import { officialMetadata, runDocumentsImport } from './import';
import { DocumentService } from './service';
import { UrlSigner } from './signed-url';
import { LocalStorage } from './storage/local';
import { samplePdf, tempDir } from './testing';

const knowledge = loadKnowledgeBase();

describe('npm run documents:import', () => {
  let database: Database;
  const data = tempDir();
  const storage = new LocalStorage(path.join(data.dir, 'bucket'));
  const run = async (files: string[]) => {
    const lines: string[] = [];
    const outcomes = await runDocumentsImport(files, { db: database.db, storage, knowledge }, (line) => lines.push(line));
    return { outcomes, lines };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    writeFileSync(path.join(data.dir, 'i-485.pdf'), await samplePdf('I-485 de prueba'));
    writeFileSync(path.join(data.dir, 'eoir-29.pdf'), await samplePdf('EOIR-29 de prueba'));
    writeFileSync(path.join(data.dir, 'not-a-pdf.pdf'), 'hola');
  });
  afterAll(async () => {
    await database.close();
    data.remove();
  });

  it('imports a PDF once, with the knowledge-base title, under the normalised name', async () => {
    const first = await run([path.join(data.dir, 'i-485.pdf')]);
    expect(first.outcomes).toEqual([
      expect.objectContaining({ status: 'imported', name: 'I-485.pdf', form: 'I-485', title: 'Formulario I-485 (oficial de USCIS)' }),
    ]);
    expect(first.lines.at(-1)).toBe('1 file: 1 imported, 0 updated, 0 skipped, 0 failed');
    const rows = await database.db.select().from(documents);
    expect(rows).toEqual([
      expect.objectContaining({
        filename: 'I-485.pdf',
        form: 'I-485',
        source: 'official',
        title: 'Formulario I-485 (oficial de USCIS)',
        description: knowledge.byForm.get('I-485')!.description,
      }),
    ]);
    expect(readFileSync(path.join(data.dir, 'bucket', 'I-485.pdf')).equals(readFileSync(path.join(data.dir, 'i-485.pdf')))).toBe(true);

    const second = await run([path.join(data.dir, 'i-485.pdf')]);
    expect(second.outcomes[0]).toMatchObject({ status: 'skipped', name: 'I-485.pdf' });
    expect(second.lines[0]).toMatch(/skipped .*i-485\.pdf: already in the catalog as I-485\.pdf/);
    expect(await database.db.select().from(documents)).toHaveLength(1);
  });

  it('replaces a new edition under the same name, and refuses what is not a PDF', async () => {
    const edition = path.join(data.dir, 'I-485-es.pdf');
    writeFileSync(edition, await samplePdf('I-485, nueva edición'));
    const { outcomes, lines } = await run([edition, path.join(data.dir, 'not-a-pdf.pdf'), path.join(data.dir, 'eoir-29.pdf'), path.join(data.dir, 'nope.pdf')]);
    expect(outcomes.map((o) => o.status)).toEqual(['updated', 'failed', 'imported', 'failed']);
    expect(outcomes[1]).toMatchObject({ reason: 'not a PDF (no %PDF- header)' });
    expect(outcomes[2]).toMatchObject({ name: 'EOIR-29.pdf', title: 'Formulario EOIR-29 (oficial de EOIR)' });
    expect(lines.at(-1)).toBe('4 files: 1 imported, 1 updated, 0 skipped, 2 failed');
    const rows = await database.db.select().from(documents);
    expect(rows.map((r) => r.filename).sort()).toEqual(['EOIR-29.pdf', 'I-485.pdf']);
    expect(readFileSync(path.join(data.dir, 'bucket', 'I-485.pdf')).equals(readFileSync(edition))).toBe(true);
  });

  it('never takes the name of a generated guide, and seeding never touches official files', async () => {
    await seedGuides(database.db, storage, knowledge);
    const clash = path.join(data.dir, 'guia-i-485.pdf');
    writeFileSync(clash, await samplePdf('no es la guía'));
    const { outcomes } = await run([clash]);
    expect(outcomes[0]).toMatchObject({ status: 'failed', reason: 'GUIA-I-485.pdf is the name of a generated guide' });
    const official = (await database.db.select().from(documents)).filter((r) => r.source === 'official');
    expect(official.map((r) => r.filename).sort()).toEqual(['EOIR-29.pdf', 'I-485.pdf']);
  });

  it('titles a file from its name when the form is unknown', () => {
    expect(officialMetadata('i-9.pdf', knowledge)).toMatchObject({ form: 'I-9', title: 'Formulario I-9 (oficial)' });
    expect(officialMetadata('ds-160.pdf', knowledge)).toMatchObject({ form: 'DS-160', title: 'Formulario DS-160 (oficial del Departamento de Estado)' });
    expect(officialMetadata('guia_de_usuario.pdf', knowledge)).toMatchObject({ form: null, title: 'Guia de usuario' });
  });

  // The real USCIS PDFs of ../shared/forms, when present (never committed into the project).
  const shared = path.resolve(__dirname, '../../../../../../shared/forms/g-1145.pdf');
  it.skipIf(!existsSync(shared))('imports a real USCIS PDF from ../shared/forms', async () => {
    const { outcomes } = await run([shared]);
    expect(outcomes[0]).toMatchObject({ status: 'imported', name: 'G-1145.pdf' });
    // The edition the agency prints on the form, read from the PDF.
    expect((outcomes[0] as { title: string }).title).toMatch(/^Formulario G-1145 \(oficial de USCIS, edición \d{2}\/\d{2}\/\d{2}\)$/);
  });

  it('records the edition printed on an official form in its title', async () => {
    writeFileSync(path.join(data.dir, 'i-765.pdf'), await samplePdf('Form I-765 Edition 08/21/25 Page 1 of 7'));
    const { outcomes } = await run([path.join(data.dir, 'i-765.pdf')]);
    expect(outcomes[0]).toMatchObject({ status: 'imported', title: 'Formulario I-765 (oficial de USCIS, edición 08/21/25)' });
    // The assistant then offers the official form, not only our guide.
    const service = new DocumentService(database.db, storage, new UrlSigner('a-secret-for-the-test-of-the-signer'));
    expect([...(await service.officialForms())]).toContain('I-765');
  });
});
