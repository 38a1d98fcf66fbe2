import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAll, tempDir } from '../testing';
import { LocalStorage } from './local';
import { assertFileName, compareNames, isValidFileName, listAll } from './storage';

describe('LocalStorage', () => {
  const data = tempDir();
  const root = path.join(data.dir, 'storage', 'documents');
  const storage = new LocalStorage(root);
  afterAll(() => data.remove());

  it('lists nothing before the folder exists', async () => {
    expect(await storage.list({ limit: 100, offset: 0 })).toEqual([]);
    expect(await storage.get('I-485.pdf')).toBeNull();
  });

  it('puts, gets, lists sorted by name and removes', async () => {
    await storage.put('b.pdf', Buffer.from('%PDF-b'), 'application/pdf');
    await storage.put('A.pdf', Buffer.from('%PDF-aa'), 'application/pdf');
    await storage.put('a.pdf', Buffer.from('%PDF-a'), 'application/pdf');
    await storage.put('I-485.pdf', Buffer.from('%PDF-i485'), 'application/pdf');
    expect(await storage.list({ limit: 100, offset: 0 })).toEqual([
      { name: 'A.pdf', size: 7 },
      { name: 'I-485.pdf', size: 9 },
      { name: 'a.pdf', size: 6 },
      { name: 'b.pdf', size: 6 },
    ]);
    expect((await storage.list({ limit: 2, offset: 1 })).map((e) => e.name)).toEqual(['I-485.pdf', 'a.pdf']);
    expect(await storage.list({ limit: 10, offset: 4 })).toEqual([]);

    const file = await storage.get('I-485.pdf');
    expect(file).toMatchObject({ size: 9, contentType: 'application/pdf' });
    expect((await readAll(file!.body)).toString()).toBe('%PDF-i485');

    await storage.put('I-485.pdf', Buffer.from('%PDF-new'), 'application/pdf');
    expect((await readAll((await storage.get('I-485.pdf'))!.body)).toString()).toBe('%PDF-new');

    expect(await storage.remove('b.pdf')).toBe(true);
    expect(await storage.remove('b.pdf')).toBe(false);
    expect(await storage.get('b.pdf')).toBeNull();
    expect(await listAll(storage, 1)).toHaveLength(3);
  });

  it('refuses names with a folder part or "..", and files outside the folder', async () => {
    for (const name of ['../x', '..', 'a/b.pdf', 'a\\b.pdf', '../../etc/passwd', '.hidden', '', 'x\u0000.pdf']) {
      await expect(storage.put(name, Buffer.from('x'), 'application/pdf')).rejects.toThrow(/Invalid file name/);
      await expect(storage.get(name)).rejects.toThrow(/Invalid file name/);
      await expect(storage.remove(name)).rejects.toThrow(/Invalid file name/);
      expect(isValidFileName(name)).toBe(false);
    }
    writeFileSync(path.join(data.dir, 'secret.pdf'), 'secret');
    symlinkSync(path.join(data.dir, 'secret.pdf'), path.join(root, 'link.pdf'));
    expect(await storage.get('link.pdf')).toBeNull();
    // Hidden (temporary) files and folders are not listed.
    writeFileSync(path.join(root, '.tmp-1'), 'x');
    mkdirSync(path.join(root, 'folder'));
    expect((await storage.list({ limit: 100, offset: 0 })).map((e) => e.name)).not.toContain('.tmp-1');
    expect((await storage.list({ limit: 100, offset: 0 })).map((e) => e.name)).not.toContain('folder');
  });

  it('accepts plain names, accents included, and sorts like S3 (bytes)', () => {
    expect(() => assertFileName('GUÍA-ÑANDÚ.pdf')).not.toThrow();
    expect(['b', 'B', 'Á', 'a'].sort(compareNames)).toEqual(['B', 'a', 'b', 'Á']);
  });
});
