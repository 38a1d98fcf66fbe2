import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/database';
import type { Database } from '../../../db/client';
import { documents } from '../../../db/schema';
import { KnowledgeBase, loadKnowledgeBase } from '../../assistant/knowledge/load';
import type { KnowledgeEntry } from '../../assistant/knowledge/schema';
import { LocalStorage } from '../storage/local';
import { pdfText, tempDir } from '../testing';
import { generateGuide, guideFileName, guideTitle } from './pdf';
import { seedGuides, sha256 } from './seed';
import { spanishDate, toWinAnsi } from './text';

const knowledge = loadKnowledgeBase();
/** Entries with a form or a procedure have a guide. */
const withGuides = knowledge.entries.filter((e) => e.guide).length;
const entry = (id: string) => structuredClone(knowledge.byId.get(id)!) as KnowledgeEntry;

describe('guide PDFs', () => {
  it('is a valid PDF with the title, every section, the fee date and the footer', async () => {
    const bytes = await generateGuide(entry('i-485'));
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const { pages, title, text } = await pdfText(bytes);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(title).toBe('Guía del formulario I-485: Residencia permanente desde Estados Unidos (ajuste de estatus)');
    expect(text).toContain('Guía del formulario I-485');
    for (const heading of [
      'Para qué sirve',
      'Quién lo presenta',
      'Qué necesitas juntar',
      'Cómo y dónde presentarlo',
      'Errores comunes',
      'Costos y plazos',
      'Fuentes',
      'Enlace oficial',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text.replace(/\s+/g, ' ')).toContain('1,440 dólares por persona (según USCIS, revisado el 23 de noviembre de 2026).');
    expect(text).toContain('https://www.uscis.gov/i-485');
    expect(text).toContain('Camino Claro · Información general, no asesoría legal.');
    expect(text).toContain(`Página 1 de ${pages}`);
  });

  it('titles a topic with its own title', async () => {
    const topic = entry('derechos-detencion');
    expect(guideTitle(topic)).toBe(`Guía: ${topic.title}`);
    expect(guideFileName(topic)).toBe('GUIA-DERECHOS-DETENCION.pdf');
    const { text } = await pdfText(await generateGuide(topic));
    expect(text).toContain('Si ICE detuvo a tu familiar o a ti');
  });

  it('is deterministic: the same entry gives the same bytes', async () => {
    const a = await generateGuide(entry('n-400'));
    const b = await generateGuide(entry('n-400'));
    expect(sha256(a)).toBe(sha256(b));
  });

  it('adds pages as needed and never throws on characters outside WinAnsi', async () => {
    const long = entry('i-130');
    long.guide!.purpose = 'Costo ≥ 500 → revisa 🙂 el aviso ✓ “con comillas” — ā ș 日本. '.repeat(60);
    long.guide!.mistakes = Array.from({ length: 40 }, (_, i) => `Error número ${i + 1} con una dirección muy larga https://www.uscis.gov/${'x'.repeat(120)}`);
    const { pages, text } = await pdfText(await generateGuide(long));
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain('Costo >= 500 -> revisa el aviso - “con comillas” — a s');
    expect(text).toContain(`Página ${pages} de ${pages}`);
  });

  it('writes Spanish dates and keeps Spanish letters', () => {
    expect(spanishDate('2026-11-22')).toBe('22 de noviembre de 2026');
    expect(spanishDate('2027-01-05')).toBe('5 de enero de 2027');
    expect(toWinAnsi('¿Qué año? ¡Sí! ñ ü € • ·')).toBe('¿Qué año? ¡Sí! ñ ü € • ·');
    expect(toWinAnsi('a ≤ b ≠ c ← d 👍🏽')).toBe('a <= b != c <- d');
  });
});

describe('seeding the guides', () => {
  let database: Database;
  const data = tempDir();
  const storage = new LocalStorage(data.dir);
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    data.remove();
  });

  const guides = () => database.db.select().from(documents).where(eq(documents.source, 'guide'));

  it('creates one row and one file per entry, fast', async () => {
    const result = await seedGuides(database.db, storage, knowledge);
    expect(result).toMatchObject({ created: withGuides, updated: 0, unchanged: 0, removed: 0 });
    const rows = await guides();
    expect(rows).toHaveLength(withGuides);
    expect(new Set(rows.map((r) => r.filename)).size).toBe(rows.length);
    const files = await storage.list({ limit: 1000, offset: 0 });
    expect(files.map((f) => f.name).sort()).toEqual(rows.map((r) => r.filename).sort());
    for (const row of rows) expect(sha256(readFileSync(path.join(data.dir, row.filename)))).toBe(row.sha256);
    // The target is well under 2 s for every entry; allow a slow CI machine.
    expect(result.ms).toBeLessThan(10_000);
  });

  it('changes nothing when seeded again', async () => {
    const before = await guides();
    const result = await seedGuides(database.db, storage, knowledge);
    expect(result).toMatchObject({ created: 0, updated: 0, unchanged: withGuides, removed: 0 });
    expect(await guides()).toEqual(before);
  });

  it('regenerates a changed entry in place and drops the guide of a removed entry', async () => {
    const before = new Map((await guides()).map((r) => [r.filename, r]));
    const changed = entry('i-765');
    changed.guide!.purpose = `${changed.guide!.purpose} Texto nuevo para la prueba.`;
    const entries = knowledge.entries.filter((e) => e.id !== 'i-765' && e.id !== 'ar-11').concat(changed);
    const result = await seedGuides(database.db, storage, new KnowledgeBase(entries));
    expect(result).toMatchObject({ created: 0, updated: 1, unchanged: withGuides - 2, removed: 1 });

    const after = new Map((await guides()).map((r) => [r.filename, r]));
    const old = before.get('GUIA-I-765.pdf')!;
    const now = after.get('GUIA-I-765.pdf')!;
    expect(now.id).toBe(old.id);
    expect(now.sha256).not.toBe(old.sha256);
    expect(sha256(readFileSync(path.join(data.dir, 'GUIA-I-765.pdf')))).toBe(now.sha256);
    expect((await pdfText(readFileSync(path.join(data.dir, 'GUIA-I-765.pdf')))).text).toContain('Texto nuevo para la prueba.');
    expect(after.has('GUIA-AR-11.pdf')).toBe(false);
    expect(await storage.get('GUIA-AR-11.pdf')).toBeNull();
    expect(after.size).toBe(withGuides - 1);
  });

  it('stores a file again when the bucket lost it', async () => {
    await seedGuides(database.db, storage, knowledge);
    await storage.remove('GUIA-N-400.pdf');
    const result = await seedGuides(database.db, storage, knowledge);
    expect(result).toMatchObject({ created: 0, updated: 1, unchanged: withGuides - 1 });
    expect(await storage.get('GUIA-N-400.pdf')).not.toBeNull();
  });
});
