import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The Spanish texts travel with the screens that show them (issue 15): every module that names a key of
// a group in locales/es/ (other than the shell, loaded at start) imports that group and registers it.
const src = path.resolve(import.meta.dirname, '..');
const esDir = path.join(src, 'locales/es');
const groupOfKey = new Map<string, string>();
for (const file of readdirSync(esDir)) {
  const group = file.replace(/\.json$/, '');
  if (group === 'shell') continue;
  for (const key of Object.keys(JSON.parse(readFileSync(path.join(esDir, file), 'utf8')) as object)) groupOfKey.set(key, group);
}

const sources = (readdirSync(src, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith('locales'));

describe('Spanish texts per screen', () => {
  it('every module registers the groups whose keys it names', () => {
    const missing: string[] = [];
    for (const file of sources) {
      const code = readFileSync(path.join(src, file), 'utf8');
      const groups = new Set([...code.matchAll(/['"`]([a-zA-Z]+)\./g)].map((m) => groupOfKey.get(m[1]!)).filter(Boolean));
      for (const group of groups) {
        if (!code.includes(`from '@/locales/es/${group}.json'`) || !/registerTexts\(/.test(code)) missing.push(`${file}: ${group}`);
      }
    }
    expect(missing).toEqual([]);
    expect(sources.length).toBeGreaterThan(50);
  });
});
