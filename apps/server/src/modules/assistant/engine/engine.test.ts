import { describe, expect, it } from 'vitest';
import { loadKnowledgeBase } from '../knowledge/load';
import { AnswerEngine } from './engine';
import { stem } from './text';
import { loadVocabulary } from './vocabulary';

const kb = loadKnowledgeBase();
const vocabulary = loadVocabulary();
const engine = new AnswerEngine(kb, vocabulary, () => new Date('2026-11-23T12:00:00Z'));
const ask = (q: string, history: Array<{ role: 'user' | 'assistant'; content: string }> = [], mode: 'user' | 'guest' = 'user') =>
  engine.respond(q, history, mode);
const plain = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

describe('retrieval', () => {
  it('stems Spanish with Snowball and puts back the accent people drop', () => {
    expect(stem('deportacion')).toBe(stem('deportación'));
    expect(stem('papeles')).toBe(stem('papel'));
  });

  it('never reads "reportar" as "deportar" (no correction between words that start differently)', () => {
    const { corrected } = engine.retriever.expand('me van a reportar a migracion');
    expect(corrected).toContain('reportar');
    expect(corrected).not.toContain('deportar');
  });

  it('corrects one letter in a long word that starts alike, and never a short word', () => {
    expect(engine.retriever.expand('la fiansa de mi esposo').corrected).toBe('la fianza de mi esposo');
    expect(engine.retriever.expand('ciudadanai').corrected).toBe('ciudadania');
    expect(engine.retriever.expand('una bisa').corrected).toBe('una bisa');
  });

  it('keeps one-letter words in phrases ("visa U")', () => {
    const top = engine.retriever.search('como pido la visa U si fui victima de un delito').hits[0]!;
    expect(top.entry.forms).toContain('I-918');
  });

  it('finds the section of the case asked about (I-131: reentry permit, not advance parole)', () => {
    const top = engine.retriever.search('soy residente y voy a estar fuera mas de un ano, como no pierdo mi green card').hits[0]!;
    expect(`${top.entry.id}#${top.section.id}`).toBe('i-131#permiso-de-reingreso');
  });
});

describe('answers composed for the question', () => {
  it('puts the fee first when the question asks for it, with its source and the date it was checked', () => {
    const result = ask('¿cuánto cuesta el permiso de reingreso?');
    expect(result.sentences[0]).toMatch(/630 dólares, según USCIS, revisado en noviembre de 2026\./);
  });

  it('answers both parts of a two-part question', () => {
    const result = ask('¿cuánto cuesta el permiso de reingreso y cuánto tiempo dura?');
    expect(result.text).toMatch(/630 dólares/);
    expect(result.text).toMatch(/2 años/);
  });

  it('warns that a fact past its review date may have changed', () => {
    const later = new AnswerEngine(kb, vocabulary, () => new Date('2027-06-01T12:00:00Z'));
    const result = later.respond('¿cuánto cuesta el permiso de reingreso?');
    expect(result.sentences[0]).toMatch(/630 dólares, .*puede haber cambiado, así que confírmalo en uscis\.gov/);
  });

  it('ends every answer with general information and the Documentos section, naming the form', () => {
    const result = ask('¿puedo salir del país si tengo mi ajuste de estatus pendiente?');
    expect(result.sentences.length).toBeGreaterThanOrEqual(3);
    expect(result.sentences.length).toBeLessThanOrEqual(5);
    expect(result.sentences.at(-1)).toMatch(/^Es información general; .*sección Documentos/);
    expect(result.sentences.at(-1)).toContain('I-131');
  });

  it('says "la guía" when the official PDF is not in the catalog, and "el formulario" when it is', () => {
    expect(ask('¿cuánto cuesta el permiso de reingreso?').sentences.at(-1)).toMatch(/tienes una guía del I-131/);
    const withForms = new AnswerEngine(kb, vocabulary);
    withForms.officialForms = new Set(['I-131']);
    expect(withForms.respond('¿cuánto cuesta el permiso de reingreso?').sentences.at(-1)).toMatch(/puedes descargar el formulario I-131/);
  });
});

describe('the gate by intent (decisions D5)', () => {
  it.each(['¿Cómo puedo arreglar papeles?', 'me quiero quedar legal, que opciones tengo', 'como hago pa estar en regla', 'fix my status'])(
    'asks exactly two questions for "%s"',
    (q) => {
      const result = ask(q);
      expect(result.kind).toBe('clarify');
      expect(result.sentences).toHaveLength(2);
      expect(result.sentences.every((s) => s.endsWith('?'))).toBe(true);
    },
  );

  it('answers a specific question that contains a trigger phrase', () => {
    expect(ask('Se me vence la green card el mes que viene, ¿qué hago?').kind).not.toBe('clarify');
    expect(ask('¿cuánto cuesta el permiso de reingreso para no perder la green card?').kind).not.toBe('clarify');
  });

  it('answers the reply to the two questions, "no sé" included, with the whole exchange', () => {
    const first = ask('¿Cómo puedo arreglar papeles?');
    const history = [
      { role: 'user' as const, content: '¿Cómo puedo arreglar papeles?' },
      { role: 'assistant' as const, content: first.text },
    ];
    const unsure = ask('no sé', history);
    expect(unsure.kind).toBe('answer');
    expect(plain(unsure.text)).toMatch(/representante acreditado/);
    const visa = ask('entré con visa y mi esposo es ciudadano', history);
    expect(visa.kind).toBe('answer');
    expect(visa.text).toMatch(/I-130/);
    expect(visa.text).toMatch(/I-485/);
  });
});

describe('follow-ups in a conversation', () => {
  it('understands "¿y cuánto cuesta?" with the question it follows', () => {
    const history = [
      { role: 'user' as const, content: 'soy residente y voy a vivir fuera un año, como no pierdo la residencia' },
      { role: 'assistant' as const, content: ask('soy residente y voy a vivir fuera un año, como no pierdo la residencia').text },
    ];
    const result = ask('¿y cuánto cuesta?', history);
    expect(result.sentences[0]).toMatch(/630 dólares/);
  });
});

describe('urgent cases (the safety floor)', () => {
  it('a relative taken by ICE: the detainee locator and who to ask, even with "fianza" in the question', () => {
    const result = ask('agarraron a mi esposo ayer y no sabemos donde esta, cuanto es la fianza');
    expect(result.kind).toBe('urgent');
    expect(result.text).toMatch(/locator\.ice\.gov/);
    expect(result.text).toMatch(/abogado|representante acreditado/);
    expect(result.text).toMatch(/1,500 dólares/);
  });
});

describe('knowing when it does not know', () => {
  it('says plainly it has no reliable information, and where to ask, for an immigration question it cannot match', () => {
    const result = ask('¿cuál es el horario de la oficina de inmigración de Plutón para visas interplanetarias?');
    expect(result.kind).toBe('unknown');
    expect(plain(result.text)).toMatch(/no tengo informacion segura/);
    expect(plain(result.text)).toMatch(/representante acreditado/);
  });

  it('keeps the off-topic reply for questions with no immigration word', () => {
    expect(ask('¿Me puedes ayudar con una receta de tamales?').kind).toBe('offtopic');
  });
});

describe('bad input gets a sensible reply', () => {
  it.each([['😀😀😀'], ['x'.repeat(5000)], ['\u0000\u0007hola'], ['How do I renew my green card?'], ['   ']])('%#', (q) => {
    const result = ask(q);
    expect(result.sentences.length).toBeGreaterThan(0);
    expect(['answer', 'urgent', 'unknown', 'offtopic', 'clarify']).toContain(result.kind);
  });
});

describe('the guest demo', () => {
  it('answers in one sentence and no question, even for legalization', () => {
    for (const q of ['¿Cómo puedo arreglar papeles?', '¿Qué es el DACA?', 'receta de tamales', 'ICE detuvo a mi hermano']) {
      const result = ask(q, [], 'guest');
      expect(result.sentences, q).toHaveLength(1);
      expect(result.text, q).not.toContain('?');
    }
  });
});

describe('the safety floor: every urgent situation is referred with its resource and who to ask', () => {
  it.each([
    ['se llevaron a mi hermano los de inmigracion y no sabemos donde esta', /locator\.ice\.gov/],
    ['mi esposo esta detenido, cuanto es el bond', /locator\.ice\.gov/],
    ['tengo cita de check in con ICE la proxima semana', /locator\.ice\.gov|1-800-898-7180/],
    ['me llego una orden de deportacion', /1-800-898-7180|acis\.eoir\.justice\.gov/],
    ['tengo fecha en la corte de inmigracion el mes que viene', /1-800-898-7180/],
    ['no fui a mi audiencia de la corte, que pasa', /1-800-898-7180/],
    ['un notario me cobro 3000 dolares y no hizo nada', /reportfraud\.ftc\.gov|abogado/],
    ['mi pareja me golpea y me amenaza con llamar a la migra', /911|1-800-799-7233/],
    ['tengo miedo de volver a mi pais, me quieren matar', /I-589|asilo/],
    ['mi sobrino de 14 años cruzo la frontera solo', /1-800-203-7001|ORR/],
  ])('%s', (question, resource) => {
    const result = ask(question);
    expect(result.kind).toBe('urgent');
    expect(result.text).toMatch(resource);
    expect(result.text).toMatch(/abogado|representante acreditado/);
  });
});
