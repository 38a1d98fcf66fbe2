import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAssistant } from './create-assistant';
import { szigrisztPazos } from './engine/readability';
import { judge, kindOf, type EvalQuestion } from './evaluation';
import { knowledgeFolder } from './knowledge/load';
import { TRAINING_SETS } from './training-sets';

/**
 * The training sets as regression tests (the frozen held-out set is not here: `npm run eval:holdout`).
 * Every answer must follow the format rules and reach its urgent resource; the share of answers that
 * pass every content check must not fall below what the engine reached when these floors were set.
 */
const assistant = createAssistant({ llm: null });
const evalDir = path.join(path.dirname(knowledgeFolder()), 'eval');
const load = (file: string): EvalQuestion[] =>
  readFileSync(path.join(evalDir, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as EvalQuestion);

const FORMAT = /sentences|closing sentence|EE\.UU\.|calls itself a lawyer|not exactly two questions|guest reply/;

describe('the built-in engine on the training sets', () => {
  const scores: number[] = [];
  for (const [file, floor, misses = []] of TRAINING_SETS) {
    it(`${file}: format on every answer, urgent cases referred, at least ${floor} passing every check`, async () => {
      const questions = load(file);
      // The set's own questions are not among the examples the engine votes with (decision 0091).
      assistant.engine.examplesLeftOut = file;
      let passed = 0;
      const format: string[] = [];
      const urgent: string[] = [];
      for (const question of questions) {
        const result = await assistant.collect({ message: question.q, history: question.history ?? [], mode: question.mode ?? 'user' });
        const { problems } = judge(question, result);
        if (problems.length === 0) passed++;
        const formatProblems = problems.filter((p) => FORMAT.test(p));
        if (formatProblems.length) format.push(`${question.id}: ${formatProblems.join('; ')}`);
        if (kindOf(question) === 'urgent' && question.mode !== 'guest' && (result.kind !== 'urgent' || !/abogad|representante acreditad/.test(result.text)))
          urgent.push(question.id);
        if (result.kind === 'answer' || result.kind === 'urgent') scores.push(szigrisztPazos(result.text));
      }
      expect(format).toEqual([]);
      expect(urgent.filter((id) => !misses.includes(id))).toEqual([]);
      expect(passed).toBeGreaterThanOrEqual(floor);
    });
  }

  it('reads at INFLESZ 65 or more in the median, counted as spoken', () => {
    const sorted = [...scores].sort((a, b) => a - b);
    expect(sorted.length).toBeGreaterThan(100);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeGreaterThanOrEqual(65);
  });
});

describe('the evaluation checks content, not only format', () => {
  const question: EvalQuestion = {
    id: 't',
    q: '¿?',
    kind: 'answer',
    forms_any: ['AR-11'],
    must: [['10 dias', 'diez dias']],
    must_not: ['orden firmada por un juez'],
  };
  const closing = 'Es información general; en la sección Documentos de la app tienes una guía del AR-11.';
  const answer = (sentences: string[], kind: 'answer' | 'urgent' | 'unknown' | 'offtopic' | 'clarify' = 'answer') => ({
    kind,
    sentences,
    text: sentences.join(' '),
  });

  it('passes a correct answer and fails one that lacks a required fact or says a forbidden one', () => {
    expect(judge(question, answer(['Avisa tu nueva dirección con el formulario AR-11 dentro de 10 días.', 'Lo haces en línea.', closing])).problems).toEqual(
      [],
    );
    const missing = judge(question, answer(['Avisa tu nueva dirección con el formulario AR-11.', 'Lo haces en línea.', closing]));
    expect(missing.problems.join()).toMatch(/lacks one of/);
    const wrong = judge(
      question,
      answer([
        'No abras sin una orden firmada por un juez.',
        'Guarda silencio.',
        'Es información general; en la sección Documentos de la app tienes guías gratis.',
      ]),
    );
    expect(wrong.wrongTopic).toBe(true);
  });

  it('requires the closing sentence with both parts, and no more than five sentences', () => {
    expect(judge(question, answer(['Usa el AR-11 en 10 días.', 'Lo haces en línea.', 'Puedes descargarlo en la sección Documentos.'])).problems.join()).toMatch(
      /closing sentence/,
    );
    expect(judge(question, answer(['AR-11 en 10 días.', 'Uno.', 'Dos.', 'Tres.', 'Cuatro.', closing])).problems.join()).toMatch(/6 sentences/);
  });

  it('accepts an honest "no reliable information" only where the set allows it, and only with where to ask', () => {
    const honest = answer(['No tengo información segura sobre eso.', 'Pregúntale a un representante acreditado.', closing], 'unknown');
    expect(judge({ ...question, kind: 'abstain_ok' }, honest).problems).toEqual([]);
    expect(judge(question, honest).problems.join()).toMatch(/no reliable information/);
    const nowhere = answer(['No tengo información segura sobre eso.', 'Lo siento.', closing], 'unknown');
    expect(judge({ ...question, kind: 'abstain_ok' }, nowhere).problems.join()).toMatch(/where to ask/);
  });

  it('expects exactly two clarifying questions for a clarify question, and an answer otherwise', () => {
    const clarify = answer(['¿Entraste con visa o sin papeles?', '¿Estás dentro de Estados Unidos?'], 'clarify');
    expect(judge({ id: 'c', q: '', kind: 'clarify' }, clarify).problems).toEqual([]);
    expect(judge(question, clarify).problems.join()).toMatch(/expected an answer/);
  });
});
