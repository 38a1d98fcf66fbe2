import { readFileSync } from 'node:fs';
import { createAssistant } from './apps/server/src/modules/assistant/create-assistant.ts';
import { rewrite, normalize, terms } from './apps/server/src/modules/assistant/engine/normalize.ts';
const a = createAssistant({ llm: null });
const ids = process.argv.slice(2);
const qs = [...readFileSync('../shared/eval/public-questions.jsonl','utf8').split('\n'), ...readFileSync('content/eval/own-questions.jsonl','utf8').split('\n')].filter(Boolean).map(l=>JSON.parse(l));
for (const q of qs.filter(q => ids.includes(q.id))) {
  const p = a.engine.plan(q.q, [], 'user');
  console.log(q.id, q.q, '\n   rw:', rewrite(normalize(q.q)), '\n   terms:', terms(q.q).join(' '), '\n   kind', p.kind, 'primary', p.primary?.id, a.engine.search(q.q, 4).map(r => `${r.entry.id}:${r.score.toFixed(1)}${r.phrase?'*':''}`).join(' '));
}
