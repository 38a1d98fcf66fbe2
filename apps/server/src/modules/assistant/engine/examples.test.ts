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
    // Near questions that were urgent situations answered from one case: the question is referred as that case.
    engine.examples = new Examples(near(['derechos-detencion#hold-de-ice']), kb);
    const referred = engine.plan(question, [], 'user');
    expect(referred.kind).toBe('urgent');
    expect(referred.primary?.section.id).toBe('hold-de-ice');
  });

  it('gives the answer to a case named by its own phrase, from an entry a quarter of the votes went to, before saying it does not know', () => {
    const engine = new AnswerEngine(kb);
    // A lone word ("hijastro") names a case of another entry more strongly than the extension the question asks for.
    const question = 'me dieron 6 meses con la visa de turista, puedo pedir mas tiempo para quedarme a la boda de mi hijastro?';
    const near = (sections: string[]): Example[] =>
      sections.map((section) => ({ q: 'puedo pedir mas tiempo con la visa de turista', set: 'a', sections: [section], sentences: [] }));
    engine.examples = new Examples(near(['n-400#costo', 'n-400#quien-puede', 'i-539#cambiar-de-visa']), kb);
    const plan = engine.plan(question, [], 'user');
    expect(plan.kind).toBe('answer');
    expect(plan.primary?.entry.id).toBe('i-539');
    // No entry with a phrase of its own got a quarter of the votes: the second opinion stands.
    engine.examples = new Examples(
      near(['n-400#costo', 'n-400#quien-puede', 'n-400#examen-y-entrevista', 'n-400#tiempo-y-juramento', 'i-539#cambiar-de-visa']),
      kb,
    );
    expect(engine.plan(question, [], 'user').kind).toBe('unknown');
  });

  it('lets the nearest questions decide a near tie between entries when none was answered from the chosen one', () => {
    const engine = new AnswerEngine(kb);
    // The words give the N-400 and the marriage petition about the same evidence; the N-400 leads.
    const question = 'mi esposo es ciudadano americano y llevo 3 años de residente, tengo que esperar los 5 años para hacerme ciudadana?';
    expect(engine.plan(question, [], 'user').primary?.entry.id).toBe('n-400');
    const near = (sections: string[]): Example[] => [{ q: 'mi esposo es ciudadano americano y soy residente', set: 'a', sections, sentences: [] }];
    engine.examples = new Examples(near(['matrimonio-y-residencia#esposo-residente']), kb);
    expect(engine.plan(question, [], 'user').primary?.entry.id).toBe('matrimonio-y-residencia');
    // A near question answered from the chosen entry too: the words decide.
    engine.examples = new Examples([...near(['matrimonio-y-residencia#esposo-residente']), ...near(['n-400#quien-puede'])], kb);
    expect(engine.plan(question, [], 'user').primary?.entry.id).toBe('n-400');
    // A case the words did not find among the first matches is not taken.
    engine.examples = new Examples(near(['loteria-de-visas#' + kb.byId.get('loteria-de-visas')!.sections[0]!.id]), kb);
    expect(engine.plan(question, [], 'user').primary?.entry.id).toBe('n-400');
  });

  it('lets the vote reach a case further down that holds as much of the question, and an urgent case matched by shared words only (decision 0095)', () => {
    const engine = new AnswerEngine(kb);
    // The N-400's phrases lead; the age exception holds as many of the words, sixth, without a phrase of its own.
    const age = 'tengo 61 años y llevo 21 de residente, me toca el examen de ingles para hacerme ciudadano?';
    expect(engine.plan(age, [], 'user').primary?.entry.id).toBe('n-400');
    const near = (q: string, sections: string[]): Example[] => [{ q, set: 'a', sections, sentences: [] }];
    engine.examples = new Examples(near('tengo 60 años y 20 de residente, me hacen el examen en ingles', ['excepciones-examen-ingles#por-edad']), kb);
    expect(engine.plan(age, [], 'user').primary?.section.id).toBe('por-edad');
    // A voted case holding fewer of the words than the chosen one is not taken.
    engine.examples = new Examples(near('tengo 60 años y 20 de residente, me hacen el examen en ingles', ['excepciones-examen-ingles#excepcion-medica']), kb);
    expect(engine.plan(age, [], 'user').primary?.entry.id).toBe('n-400');

    // "Mi novio" alone puts domestic violence first; a fiancé's wedding is not referred as abuse when the vote says otherwise.
    const fiance = 'mi novio es ciudadano y yo estoy en honduras, que debe hacer para llevarme y que nos casemos?';
    engine.examples = undefined;
    expect(engine.plan(fiance, [], 'user').kind).toBe('urgent');
    engine.examples = new Examples(near('mi novio ciudadano quiere llevarme para casarnos', ['i-129f#pedir-a-mi-prometida']), kb);
    const plan = engine.plan(fiance, [], 'user');
    expect(plan.kind).toBe('answer');
    expect(plan.primary?.entry.id).toBe('i-129f');
    // Abuse told in its own words stays urgent whatever the vote.
    expect(engine.plan('mi novio me pega y dice que me va a echar a la migra si lo denuncio', [], 'user').kind).toBe('urgent');
  });

  it("answers what a thing is with what it is first, whatever sentence the nearest questions' answers voted for", () => {
    const engine = new AnswerEngine(kb);
    engine.examples = new Examples(
      [
        {
          q: 'mi familiar entro sin papeles, le sirve el formulario I-130?',
          set: 'a',
          sections: ['i-130#despues-de-aprobado'],
          sentences: ['i-130#despues-de-aprobado@5'],
        },
      ],
      kb,
    );
    const what = engine.respond('¿Qué es el formulario I-130?').sentences[0]!;
    const lines = kb.byId.get('i-130')!.sections.flatMap((s) => s.answer);
    expect(lines.find((l) => l.text === what)?.type).toBe('what');
    // Asked for anything else, the voted sentence still leads.
    expect(engine.respond('mi familiar entro sin papeles, le sirve el I-130?').sentences[0]).toMatch(/^Si tu familiar entró sin papeles/);
  });

  it('keeps the case the question named by a phrase of its own against a voted case it did not name', () => {
    const engine = new AnswerEngine(kb);
    // "ya soy ciudadano" and "se vence" name the case of a new citizen's green card.
    const question = 'ya soy ciudadano desde marzo y se vence mi green card el otro año, que hago';
    expect(engine.plan(question, [], 'user').primary?.section.id).toBe('ya-soy-ciudadano');
    engine.examples = new Examples([{ q: 'se vence mi green card el otro año, que hago', set: 'a', sections: ['i-90#renovar'], sentences: [] }], kb);
    expect(engine.plan(question, [], 'user').primary?.section.id).toBe('ya-soy-ciudadano');
  });

  it('is written from the training sets as they are, never from the held-out or unseen sets', () => {
    const sets = TRAINING_SETS.map(([set]) => set);
    for (const unseen of [
      'holdout-v3.jsonl',
      'dev23-questions.jsonl',
      'urgent-probes4.jsonl',
      'dev29-questions.jsonl',
      'urgent-probes19.jsonl',
      'dev44-questions.jsonl',
      'dev47-questions.jsonl',
      'dev60-questions.jsonl',
      'dev61-questions.jsonl',
      'gate-probes2.jsonl',
    ])
      expect(sets).not.toContain(unseen);
    const current = examplesJsonl(buildExamples(kb, path.join(path.dirname(knowledgeFolder()), 'eval'), sets));
    expect(readFileSync(examplesFile(), 'utf8') === current, 'content/assistant/examples.jsonl is out of date: npm run examples').toBe(true);
    expect(new Set(readExamples().map((e) => e.set)).size).toBeGreaterThan(40);
    // Labelling every training question against every sentence takes about 13 s alone, longer beside the other suites.
  }, 120_000);
});
