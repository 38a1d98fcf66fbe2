import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAssistant } from '../create-assistant';
import { evaluate, type EvalQuestion } from '../evaluation';
import { knowledgeFolder } from '../knowledge/load';
import { szigrisztPazos } from './readability';

const assistant = createAssistant({ llm: null });
const contentDir = path.dirname(knowledgeFolder());
const load = (file: string): EvalQuestion[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as EvalQuestion);

const sets = {
  public: load(path.join(contentDir, 'eval/public-questions.jsonl')),
  own: load(path.join(contentDir, 'eval/own-questions.jsonl')),
  holdout: load(path.join(contentDir, 'eval/holdout-questions.jsonl')),
};

describe('the built-in engine on the evaluation sets (decisions D4, D5)', () => {
  for (const [name, questions] of Object.entries(sets)) {
    it(`passes every ${name} question`, async () => {
      const failures: string[] = [];
      for (const question of questions) {
        const result = await assistant.collect({ message: question.q, history: [], mode: 'user' });
        const problems = evaluate(question, result);
        if (problems.length) failures.push(`${question.id}: ${problems.join('; ')} — ${result.text}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it('reads at INFLESZ 65 or more in the median', async () => {
    const scores: number[] = [];
    for (const question of [...sets.public, ...sets.own, ...sets.holdout]) {
      scores.push(szigrisztPazos((await assistant.collect({ message: question.q, history: [], mode: 'user' })).text));
    }
    scores.sort((a, b) => a - b);
    expect(scores[Math.floor(scores.length / 2)]).toBeGreaterThanOrEqual(65);
  });

  it('answers in the guest demo with one sentence and no question, even for legalization', async () => {
    for (const q of ['¿Cómo puedo arreglar papeles?', '¿Qué es el DACA?', 'receta de tamales', 'ICE detuvo a mi hermano']) {
      const result = await assistant.collect({ message: q, history: [], mode: 'guest' });
      expect(result.sentences, q).toHaveLength(1);
      expect(result.text, q).not.toContain('?');
    }
  });
});
