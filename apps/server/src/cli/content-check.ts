// npm run content:check [-- --write]
// Checks every knowledge-base entry (content/knowledge/README.md): fields, official links, review dates,
// related ids, sources of fees and deadlines, "EE.UU.", sentence length and readability read aloud.
// --write rewrites the README's table of entries by topic; without it, an outdated table is an error.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkKnowledge, entriesTable } from '../modules/assistant';
import { KnowledgeBase, knowledgeFolder, readKnowledgeFiles } from '../modules/assistant';

const folder = knowledgeFolder();
const { entries, problems } = readKnowledgeFiles(folder);
const kb = new KnowledgeBase(entries);
const report = checkKnowledge(kb);
const errors = [...problems, ...report.errors];

const readmePath = path.join(folder, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
const start = '<!-- entries-table -->';
const end = '<!-- /entries-table -->';
const table = `${start}\n${entriesTable(kb)}\n${end}`;
const current = readme.slice(readme.indexOf(start), readme.indexOf(end) + end.length);
if (process.argv.includes('--write')) writeFileSync(readmePath, readme.replace(current, table));
else if (current !== table) errors.push('content/knowledge/README.md: the table of entries is out of date (npm run content:check -- --write)');

for (const warning of report.warnings) console.log(`aviso: ${warning}`);
for (const error of errors) console.log(`error: ${error}`);
console.log(`${entries.length} entries, ${report.sentences} answer sentences, median INFLESZ read aloud ${report.medianInflesz.toFixed(1)}`);
console.log(`${errors.length === 0 ? 'content check passed' : `${errors.length} problems`}`);
process.exit(errors.length ? 1 : 0);
