// npm run eval:routing [-- <file.jsonl>]
// How often the built-in engine answers a question from the case it was written for: questions as people
// ask them, written by helper sessions from each case's answer (never from an evaluation set), one JSON
// object per line: {id, q, entry, section}. Prints the share answered from the question's own entry and
// own case, and the kinds of reply (decision 0088). A diagnostic, not a test: no floor.
import { readFileSync } from 'node:fs';
import { createAssistant, loadKnowledgeBase } from '../modules/assistant';

interface RoutingQuestion {
  id: string;
  q: string;
  entry: string;
  section: string;
}

const file = process.argv[2] ?? 'content/eval/routing-asks.jsonl';
const questions = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as RoutingQuestion);
const assistant = createAssistant({ llm: null });
const kb = loadKnowledgeBase();
const pct = (n: number) => `${((100 * n) / questions.length).toFixed(1)}%`;

let ownEntry = 0;
let ownCase = 0;
/** Answered from an entry related to the question's (the content links them): a neighbour, not a stranger. */
let related = 0;
const kinds = new Map<string, number>();
const misses: string[] = [];
for (const question of questions) {
  const plan = assistant.plan({ message: question.q, history: [], mode: 'user' });
  kinds.set(plan.kind, (kinds.get(plan.kind) ?? 0) + 1);
  const primary = plan.primary?.entry;
  if (primary?.id === question.entry) {
    ownEntry++;
    if (plan.primary!.section.id === question.section) ownCase++;
    continue;
  }
  if (primary && (primary.related.includes(question.entry) || kb.byId.get(question.entry)?.related.includes(primary.id))) related++;
  misses.push(`${question.id} → ${plan.kind} ${primary ? `${primary.id}#${plan.primary!.section.id}` : ''}`);
}
if (process.env.EVAL_VERBOSE) for (const miss of misses) console.log(miss);
console.log(`${questions.length} questions over ${new Set(questions.map((q) => q.entry)).size} entries`);
console.log(`answered from their own entry: ${ownEntry} (${pct(ownEntry)}); from their own case: ${ownCase} (${pct(ownCase)})`);
console.log(`from an entry related to their own: ${related} (${pct(related)})`);
console.log(`replies: ${[...kinds].map(([kind, n]) => `${kind} ${n} (${pct(n)})`).join(', ')}`);
