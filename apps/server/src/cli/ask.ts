// npm run ask -- "pregunta" [--guest]
// Prints the answer a user would get, through the same engine, gate and answer guard as the endpoint.
// An operator tool: no limit applies and nothing is saved.
import { loadConfig } from '../config';
import { createAssistant } from '../modules/assistant';

const args = process.argv.slice(2);
const guest = args.includes('--guest');
const question = args
  .filter((a) => a !== '--guest')
  .join(' ')
  .trim();
if (!question) {
  console.error('Uso: npm run ask -- "tu pregunta" [--guest]');
  process.exit(2);
}

const config = loadConfig();
const assistant = createAssistant(config);
const result = await assistant.collect({ message: question, history: [], mode: guest ? 'guest' : 'user' });
console.log(result.text);
console.error(`\n[${result.kind} · ${result.source}${result.fallback ? ' (respaldo)' : ''} · ${result.sentences.length} oraciones]`);
