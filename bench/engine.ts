// Figure (issue 4): the built-in engine's answer time over every evaluation question, p50 and p99
// (target: p99 under 10 ms). Run: npx tsx bench/engine.ts
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createAssistant } from '../apps/server/src/modules/assistant/create-assistant';

const root = path.resolve(import.meta.dirname, '..');
const questions = ['public-questions.jsonl', 'own-questions.jsonl', 'holdout-questions.jsonl'].flatMap((file) =>
  readFileSync(path.join(root, 'content/eval', file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => (JSON.parse(l) as { q: string }).q),
);

const started = performance.now();
const assistant = createAssistant({ llm: null });
const loadMs = performance.now() - started;

// Warm up, then time each question many times.
for (const q of questions) await assistant.collect({ message: q, history: [], mode: 'user' });
const times: number[] = [];
for (let round = 0; round < 20; round++) {
  for (const q of questions) {
    const t0 = performance.now();
    await assistant.collect({ message: q, history: [], mode: 'user' });
    times.push(performance.now() - t0);
  }
}
times.sort((a, b) => a - b);
const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
console.log(`knowledge base loaded and indexed in ${loadMs.toFixed(0)} ms`);
console.log(`built-in engine, ${questions.length} questions x 20: p50 ${p(0.5).toFixed(2)} ms, p99 ${p(0.99).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms`);
