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
    // A form's own entry wins over a situation that also uses the form: the entry whose main form it is
    // (the I-765's, not DACA's that lists it second), then one of kind form.
    const rank = (e: KnowledgeEntry, form: string) => (e.forms[0] === form ? 2 : 0) + (e.kind === 'form' ? 1 : 0);
    this.byForm = new Map();
    for (const e of entries)
      for (const f of e.forms) {
        const current = this.byForm.get(f.toUpperCase());
        if (!current || rank(e, f) > rank(current, f)) this.byForm.set(f.toUpperCase(), e);
      }
  }
}

/** Reads every entry; the problems of every malformed file, by name. */
export function readKnowledgeFiles(folder = knowledgeFolder()): { entries: KnowledgeEntry[]; problems: string[] } {
  const entries: KnowledgeEntry[] = [];
  const problems: string[] = [];
  for (const name of readdirSync(folder)
    .filter((n) => n.endsWith('.yaml'))
    .sort()) {
    let raw: unknown;
    try {
      raw = parse(readFileSync(path.join(folder, name), 'utf8'));
    } catch (error) {
      problems.push(`content/knowledge/${name}: ${(error as Error).message}`);
      continue;
    }
    const parsed = knowledgeEntrySchema.safeParse(raw);
    if (!parsed.success) problems.push(`content/knowledge/${name}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    else if (`${parsed.data.id}.yaml` !== name) problems.push(`content/knowledge/${name}: id must match the file name`);
    else entries.push(parsed.data);
  }
  return { entries, problems };
}

/** Loads and validates every entry; a malformed file stops the server with its name and the problem. */
export function loadKnowledgeBase(folder = knowledgeFolder()): KnowledgeBase {
  const { entries, problems } = readKnowledgeFiles(folder);
  if (problems.length) throw new Error(problems.join('\n'));
  const ids = new Set(entries.map((e) => e.id));
  for (const entry of entries) {
    for (const related of entry.related) if (!ids.has(related)) throw new Error(`content/knowledge/${entry.id}.yaml: unknown related entry ${related}`);
  }
  return new KnowledgeBase(entries);
}
