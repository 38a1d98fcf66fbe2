import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { knowledgeEntrySchema, type KnowledgeEntry } from './schema';

/** content/knowledge, found from this file whether it runs from src/ or from the bundle in dist/. */
export function knowledgeFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'content', 'knowledge');
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('content/knowledge not found');
}

export class KnowledgeBase {
  readonly byId: Map<string, KnowledgeEntry>;
  readonly byForm: Map<string, KnowledgeEntry>;
  constructor(readonly entries: KnowledgeEntry[]) {
    this.byId = new Map(entries.map((e) => [e.id, e]));
    this.byForm = new Map(entries.filter((e) => e.form).map((e) => [e.form!.toUpperCase(), e]));
  }
}

/** Loads and validates every entry; a malformed file stops the server with its name and the problem. */
export function loadKnowledgeBase(folder = knowledgeFolder()): KnowledgeBase {
  const entries = readdirSync(folder)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => {
      const parsed = knowledgeEntrySchema.safeParse(parse(readFileSync(path.join(folder, name), 'utf8')));
      if (!parsed.success) throw new Error(`content/knowledge/${name}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      if (`${parsed.data.id}.yaml` !== name) throw new Error(`content/knowledge/${name}: id must match the file name`);
      return parsed.data;
    });
  const ids = new Set(entries.map((e) => e.id));
  for (const entry of entries) {
    for (const related of entry.related) if (!ids.has(related)) throw new Error(`content/knowledge/${entry.id}.yaml: unknown related entry ${related}`);
  }
  return new KnowledgeBase(entries);
}
