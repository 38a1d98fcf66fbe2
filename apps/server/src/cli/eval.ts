// npm run eval -- <file.jsonl> [more.jsonl ...]
// Runs the assistant over questions ({"id","q","expect":"answer"|"clarify"|"urgent","forms":[...]}),
// prints the checks of decisions D4/D5 per question and in total, and exits non-zero on any failure
// (or when the median INFLESZ is under 65).
import { readFileSync } from 'node:fs';
import { loadConfig } from '../config';
import { createAssistant } from '../modules/assistant/create-assistant';
import { REMINDER_PATTERN } from '../modules/assistant/engine/engine';
import { fernandezHuerta, inflesz, szigrisztPazos } from '../modules/assistant/engine/readability';
import { behaviourOf, evaluate, type EvalQuestion as Question } from '../modules/assistant/evaluation';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('Uso: npm run eval -- <preguntas.jsonl> [...]');
  process.exit(2);
}
const questions: Question[] = files.flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Question),
);

const config = loadConfig({ ...process.env, AUTH_SECRET: process.env.AUTH_SECRET ?? 'cli-only-secret-cli-only-secret-cli-only' });
const assistant = createAssistant(config);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

let passed = 0;
const szigriszt: number[] = [];
const huerta: number[] = [];
const failures: string[] = [];
for (const question of questions) {
  const result = await assistant.collect({ message: question.q, history: [], mode: 'user' });
  const behaviour = behaviourOf(result.kind);
  const count = result.sentences.length;
  const problems = evaluate(question, result);
  const needsReminder = result.kind === 'answer' || result.kind === 'urgent';
  const reminder = REMINDER_PATTERN.test(result.text);
  const sp = szigrisztPazos(result.text);
  const fh = fernandezHuerta(result.text);
  szigriszt.push(sp);
  huerta.push(fh);

  const ok = problems.length === 0;
  if (ok) passed++;
  else failures.push(question.id);
  const formsShown = question.forms.length ? question.forms.map((f) => `${f}${result.text.includes(f) ? '✓' : '✗'}`).join(' ') : '-';
  console.log(
    `${ok ? 'PASS' : 'FAIL'} ${question.id.padEnd(4)} ${behaviour.padEnd(7)} ${String(count)} oraciones  formularios ${formsShown}  recordatorio ${needsReminder ? (reminder ? '✓' : '✗') : '-'}  sin EE.UU. ✓  INFLESZ ${sp.toFixed(1)} (${inflesz(sp)})  Fernández-Huerta ${fh.toFixed(1)}${ok ? '' : `  ← ${problems.join('; ')}`}`,
  );
  if (process.env.EVAL_VERBOSE) console.log(`     ${question.q}\n     → ${result.text}\n`);
}

const medianSP = median(szigriszt);
console.log(`\nmedian INFLESZ (Szigriszt-Pazos) ${medianSP.toFixed(1)} (${inflesz(medianSP)}), median Fernández-Huerta ${median(huerta).toFixed(1)}, engine: ${assistant.usesModel ? 'language model' : 'built-in'}`);
if (medianSP < 65) console.log('median INFLESZ under 65');
console.log(`${passed} passed, ${questions.length - passed} failed${failures.length ? ` (${failures.join(', ')})` : ''}`);
process.exit(passed === questions.length && medianSP >= 65 ? 0 : 1);
