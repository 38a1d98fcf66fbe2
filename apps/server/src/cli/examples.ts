// npm run examples [-- --check]
// Writes content/assistant/examples.jsonl: the training sets' questions with the case sections and sentences
// of the knowledge base that hold what their answers must say (engine/examples.ts, decision 0091). Run it
// after changing the knowledge base or a training set; --check only says whether the file is current.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildExamples, examplesFile, examplesJsonl, knowledgeFolder, loadKnowledgeBase, TRAINING_SETS } from '../modules/assistant';

const kb = loadKnowledgeBase();
const examples = buildExamples(
  kb,
  path.join(path.dirname(knowledgeFolder()), 'eval'),
  TRAINING_SETS.map(([set]) => set),
);
const text = examplesJsonl(examples);
const file = examplesFile();
if (process.argv.includes('--check')) {
  const current = readFileSync(file, 'utf8') === text;
  console.log(current ? `${examples.length} examples, current` : 'content/assistant/examples.jsonl is out of date (npm run examples)');
  process.exit(current ? 0 : 1);
}
writeFileSync(file, text);
console.log(`${examples.length} examples from ${TRAINING_SETS.length} sets written to content/assistant/examples.jsonl`);
