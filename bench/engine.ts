// Figure (issues 4, 11, 15): the built-in engine's answer time over every evaluation question, p50 and
// p99 (target: p99 under 10 ms), on the knowledge base as it is and multiplied to 3,200 entries (copies
// with their own ids and keywords), to show the cost does not grow with the base.
// Run: npx tsx bench/engine.ts
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Assistant } from '../apps/server/src/modules/assistant/assistant';
import { AnswerEngine } from '../apps/server/src/modules/assistant/engine/engine';
import { Examples, readExamples } from '../apps/server/src/modules/assistant/engine/examples';
import { KnowledgeBase, loadKnowledgeBase } from '../apps/server/src/modules/assistant/knowledge/load';
import type { KnowledgeEntry } from '../apps/server/src/modules/assistant/knowledge/schema';

const root = path.resolve(import.meta.dirname, '..');
const evalDir = path.join(root, 'content/eval');
const questions = readdirSync(evalDir)
  .filter((f) => f.endsWith('.jsonl'))
  .flatMap((file) =>
    readFileSync(path.join(evalDir, file), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { q: string; history?: Array<{ role: 'user' | 'assistant'; content: string }> }),
  );

/** The base multiplied: each copy gets its own id, its own keywords (a suffix word) and no form numbers. */
function multiplied(kb: KnowledgeBase, size: number): KnowledgeBase {
  const entries: KnowledgeEntry[] = [...kb.entries];
  for (let copy = 1; entries.length < size; copy++) {
    for (const entry of kb.entries) {
      if (entries.length >= size) break;
      const tag = `copia${copy}`;
      entries.push({
        ...entry,
        id: `${entry.id}-${tag}`,
        forms: [],
        related: [],
        keywords: entry.keywords.map((k) => `${k} ${tag}`),
        sections: entry.sections.map((s) => ({ ...s, keywords: s.keywords.map((k) => `${k} ${tag}`) })),
      });
    }
  }
  return new KnowledgeBase(entries);
}

async function measure(label: string, kb: KnowledgeBase): Promise<void> {
  const started = performance.now();
  // As the product builds it (create-assistant.ts): with the example questions that vote for the case.
  const engine = new AnswerEngine(kb);
  engine.examples = new Examples(readExamples(), kb);
  const assistant = new Assistant(engine, null);
  const loadMs = performance.now() - started;
  for (const q of questions) await assistant.collect({ message: q.q, history: q.history ?? [], mode: 'user' });
  const times: number[] = [];
  // CPU time of this process per question: on a shared machine, wall time also counts the time other
  // processes held the core (the load average says how much); CPU time does not.
  const cpu: number[] = [];
  for (let round = 0; round < 10; round++) {
    for (const q of questions) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await assistant.collect({ message: q.q, history: q.history ?? [], mode: 'user' });
      times.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
  }
  const p = (list: number[], x: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(x * list.length))]!;
  console.log(
    `${label}: ${kb.entries.length} entries indexed in ${loadMs.toFixed(0)} ms; ${questions.length} questions x 10: wall p50 ${p(times, 0.5).toFixed(2)} ms, p99 ${p(times, 0.99).toFixed(2)} ms, max ${p(times, 1).toFixed(2)} ms; CPU p50 ${p(cpu, 0.5).toFixed(2)} ms, p99 ${p(cpu, 0.99).toFixed(2)} ms`,
  );
}

const kb = loadKnowledgeBase();
await measure('knowledge base', kb);
await measure('multiplied', multiplied(kb, 3200));
