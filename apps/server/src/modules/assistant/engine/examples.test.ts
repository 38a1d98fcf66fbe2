import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { knowledgeFolder, loadKnowledgeBase } from '../knowledge/load';
import { TRAINING_SETS } from '../training-sets';
import { AnswerEngine } from './engine';
import { buildExamples, examplesFile, examplesJsonl, Examples, label, readExamples, type Example } from './examples';

const kb = loadKnowledgeBase();

describe('examples: questions people asked, with the cases that answered them', () => {
  it('labels a question with the sections and sentences holding what its answer must say, the lawyer aside', () => {
    const found = label(kb, { q: 'a mi hermano detenido no le dan su medicina', must: [['abogad', 'acreditad'], ['1-888-351-4024']] });
    expect(found?.sections).toEqual(['derechos-detencion#salud']);
    expect(found?.sentences.length).toBe(1);
    const sentence = kb.byId.get('derechos-detencion')!.sections.find((s) => s.id === 'salud')!.answer[Number(found!.sentences[0]!.split('@')[1])]!;
    expect(sentence.text).toContain('1-888-351-4024');
    // Only who to ask, or words half the base holds: nothing tells the case.
    expect(label(kb, { q: '¿qué hago?', must: [['abogad', 'representante acreditad']] })).toBeUndefined();
    expect(label(kb, { q: '¿qué hago?', must: [['uscis|ice|corte']] })).toBeUndefined();
  });

  it('lets the nearest questions vote for their sections, and leaves a set out when asked', () => {
    const examples = new Examples(
      [
        { q: 'mi cita con ICE es el jueves, qué papeles llevo', set: 'a', sections: ['check-in-ice#que-llevar'], sentences: ['check-in-ice#que-llevar@0'] },
        { q: 'cuánto cuesta la ciudadanía', set: 'b', sections: ['n-400#costo'], sentences: [] },
      ],
      kb,
    );
    const vote = examples.vote('¿qué llevo a la cita de ICE del jueves?');
    expect(vote.top).toBe('check-in-ice#que-llevar');
    expect(vote.share('check-in-ice#que-llevar')).toBe(1);
    expect(vote.sentence(kb.byId.get('check-in-ice')!.sections.find((s) => s.id === 'que-llevar')!.answer[0]!.text)).toBe(1);
    expect(examples.vote('¿qué llevo a la cita de ICE del jueves?', 'a').top).toBeUndefined();
    expect(examples.vote('').top).toBeUndefined();
  });

  it('moves the answer to the case the nearest questions were answered from, within the matched entry only', () => {
    const engine = new AnswerEngine(kb);
    const question = 'tengo mi cita con ICE el jueves en la mañana';
    const alone = engine.plan(question, [], 'user');
    expect(alone.primary?.entry.id).toBe('check-in-ice');
    expect(alone.primary?.section.id).not.toBe('que-llevar');
    const ask = (items: Example[]) => {
      engine.examples = new Examples(items, kb);
      return engine.respond(question);
    };
    const taken = ask([
      { q: 'mi cita de ICE es el jueves, qué papeles me llevo', set: 'a', sections: ['check-in-ice#que-llevar'], sentences: ['check-in-ice#que-llevar@0'] },
    ]);
    expect(taken.sentences[0]).toMatch(/^Lleva la carta de tu cita/);
    // Another entry's case is not taken: the words decide the entry.
    const other = ask([{ q: 'mi cita con ICE es el jueves en la mañana', set: 'a', sections: ['n-400#costo'], sentences: [] }]);
    expect(other.entryIds[0]).toBe('check-in-ice');
    expect(other.text).not.toMatch(/N-400/);
  });

  it('says it has no reliable information when no near question was answered from the chosen entry and its case holds few of the words', () => {
    const engine = new AnswerEngine(kb);
    const question = 'mi compadre dice que con la loteria de visas se arregla rapido, es cierto para los de guatemala';
    expect(engine.plan(question, [], 'user').primary?.entry.id).toBe('loteria-de-visas');
    const near = (sections: string[]): Example[] => [{ q: 'la loteria de visas sirve para los de guatemala', set: 'a', sections, sentences: [] }];
    engine.examples = new Examples(near(['n-400#costo']), kb);
    expect(engine.plan(question, [], 'user').kind).toBe('unknown');
    expect(engine.respond(question).text).toMatch(/No tengo información segura/);
    // Answered from the entry by a near question: the answer stands.
    engine.examples = new Examples(near([`loteria-de-visas#${kb.byId.get('loteria-de-visas')!.sections[0]!.id}`]), kb);
    expect(engine.plan(question, [], 'user').kind).toBe('answer');
    // Never for an urgent case.
    engine.examples = new Examples([{ q: 'ice se llevo a mi esposo', set: 'a', sections: ['n-400#costo'], sentences: [] }], kb);
    expect(engine.plan('ice se llevo a mi esposo esta mañana', [], 'user').kind).toBe('urgent');
  });

  it('is written from the training sets as they are, never from the held-out or unseen sets', () => {
    const sets = TRAINING_SETS.map(([set]) => set);
    for (const unseen of ['holdout-v3.jsonl', 'dev23-questions.jsonl', 'urgent-probes4.jsonl', 'dev29-questions.jsonl', 'urgent-probes19.jsonl'])
      expect(sets).not.toContain(unseen);
    const current = examplesJsonl(buildExamples(kb, path.join(path.dirname(knowledgeFolder()), 'eval'), sets));
    expect(readFileSync(examplesFile(), 'utf8') === current, 'content/assistant/examples.jsonl is out of date: npm run examples').toBe(true);
    expect(new Set(readExamples().map((e) => e.set)).size).toBeGreaterThan(40);
  });
});
