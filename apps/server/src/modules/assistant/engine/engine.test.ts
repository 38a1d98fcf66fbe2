import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { knowledgeFolder, loadKnowledgeBase } from '../knowledge/load';
import { ledBy } from './compose';
import { AnswerEngine, lastClause, leadOf } from './engine';
import { toldOfOthers } from './retrieve';
import { formsFiled, isStopWord, stem } from './text';
import { detectIntents, loadVocabulary } from './vocabulary';

const kb = loadKnowledgeBase();
const vocabulary = loadVocabulary();
const engine = new AnswerEngine(kb, vocabulary, () => new Date('2026-11-23T12:00:00Z'));
const ask = (q: string, history: Array<{ role: 'user' | 'assistant'; content: string }> = [], mode: 'user' | 'guest' = 'user') =>
  engine.respond(q, history, mode);
/** An urgent answer that names the resource where the case is acted on and who to ask. */
const urgent = (q: string, resource: RegExp) => {
  const result = ask(q);
  expect(result.kind, q).toBe('urgent');
  expect(result.text, q).toMatch(resource);
  expect(result.text, q).toMatch(/abogado|representante acreditado/);
};
/** A conversation of one question and the engine's own answer to it. */
const answered = (first: string) => [
  { role: 'user' as const, content: first },
  { role: 'assistant' as const, content: ask(first).text },
];
const plain = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

describe('retrieval', () => {
  it('ranks full text from the stored term scores exactly as a MiniSearch search does', () => {
    const retriever = engine.retriever;
    for (const q of [
      'me mude y tengo corte, cuantos dias tengo para avisar',
      'cuanto cuesta la ciudadania en linea',
      'mi esposo ciudadano me pide, que formularios',
    ]) {
      const { text } = retriever.expand(q);
      const direct = retriever.index.search(text, { processTerm: (t) => (isStopWord(t) || retriever.idfOf(stem(t)) < Math.log(5) ? null : stem(t)) });
      const stored = retriever.fullText(text);
      expect(stored.length).toBeGreaterThan(5);
      expect(stored.map((h) => h.key)).toEqual(direct.map((h) => h.id));
      stored.forEach((h, i) => expect(h.score).toBeCloseTo(direct[i]!.score, 9));
    }
  });

  it('lets a keyword match close behind lead over a section that only shares words', () => {
    const [a, b, c] = kb.entries.map((entry) => ({ entry, section: entry.sections[0]!, score: 0, coverage: 0.3, knownCoverage: 0.3, sectionEvidence: 0 }));
    const wordsOnly = { ...a!, score: 20, evidence: 0 };
    const phrase = { ...b!, score: 15, evidence: 6 };
    expect(leadOf([wordsOnly, phrase])).toBe(phrase);
    // A best-ranked section with a phrase of its own keeps the lead unless a phrase behind is three
    // times as strong; a weak phrase behind does not take it.
    expect(leadOf([{ ...wordsOnly, evidence: 2.6 }, phrase])!.evidence).toBe(2.6);
    // A lone rare word (2.5 at most) is no phrase: a phrase behind that holds as much of the question leads,
    // one that holds less does not.
    expect(leadOf([{ ...wordsOnly, evidence: 2.5 }, phrase])).toBe(phrase);
    expect(
      leadOf([
        { ...wordsOnly, evidence: 2.5 },
        { ...phrase, knownCoverage: 0.2 },
      ])!.evidence,
    ).toBe(2.5);
    expect(leadOf([{ ...wordsOnly, evidence: 1 }, phrase])).toBe(phrase);
    expect(leadOf([wordsOnly, { ...c!, score: 10, evidence: 1 }])).toBe(wordsOnly);
    // Ranked first on its entry's phrase alone, a section gives way to a case close behind that the question named by a
    // phrase of its own and that holds twice as much of the question; not to one that holds less, nor to one far behind.
    const entryPhrase = { ...a!, score: 40, evidence: 18, knownCoverage: 0.15 };
    const namedCase = { ...b!, score: 37, evidence: 12, sectionEvidence: 7, knownCoverage: 0.35 };
    expect(leadOf([entryPhrase, namedCase])).toBe(namedCase);
    expect(leadOf([entryPhrase, { ...namedCase, knownCoverage: 0.25 }])).toBe(entryPhrase);
    expect(leadOf([entryPhrase, { ...namedCase, score: 30 }])).toBe(entryPhrase);
    expect(leadOf([{ ...entryPhrase, sectionEvidence: 5 }, namedCase])!.score).toBe(40);
    expect(ask('pedi asilo hace 5 meses y no tengo permiso de trabajo cuando lo puedo pedir').text).toMatch(/150 días/);
  });

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

  it('never corrects a real Spanish word the knowledge base does not use into one it does (a Spanish dictionary)', () => {
    expect(engine.retriever.expand('la dueña vendio la casa').corrected).toBe('la duena vendio la casa');
    expect(engine.retriever.expand('cambie el aceite').corrected).toBe('cambie el aceite');
    // A misspelling is still corrected: it is in no dictionary.
    expect(engine.retriever.expand('mi resedencia').corrected).not.toContain('resedencia');
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
    expect(result.sentences[0]).toMatch(/630 dólares, según USCIS en noviembre de 2026\./);
  });

  it('puts the asked fee first even when another sentence shares more of the question', () => {
    const result = ask('cuanto cobran x renovar la residencia de 10 años? se me vence en agosto');
    expect(result.kind).toBe('answer');
    expect(result.sentences[0]).toMatch(/I-90 cuesta 465 dólares/);
  });

  it('says where a fee or deadline comes from once per source, not after every sentence', () => {
    const result = ask('¿Cuánto cuesta renovar la green card?');
    const sourced = result.sentences.filter((sentence) => /\b(dólares|meses)\b/.test(sentence));
    expect(sourced.length).toBeGreaterThanOrEqual(2);
    expect(result.text.match(/según USCIS en/g)).toHaveLength(1);
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
  it.each([
    '¿Cómo puedo arreglar papeles?',
    'me quiero quedar legal, que opciones tengo',
    'como hago pa estar en regla',
    'fix my status',
    'como le hago pa ponerme legal aca',
    'cuales son los requisitos pa la residencia?',
    'estoy indocumentada, como dejo de estarlo?',
    'what do I need para la green card',
    'quiero quedarme aqui para siempre, que hago',
  ])('asks exactly two questions for "%s"', (q) => {
    const result = ask(q);
    expect(result.kind).toBe('clarify');
    expect(result.sentences).toHaveLength(2);
    expect(result.sentences.every((s) => s.endsWith('?'))).toBe(true);
  });

  it('asks when a weak trigger phrase holds the whole question and no case has a phrase of its own', () => {
    expect(ask('dejar de estar indocumentado, como se hace').kind).toBe('clarify');
  });

  it('answers a specific question that contains a trigger phrase', () => {
    expect(ask('Se me vence la green card el mes que viene, ¿qué hago?').kind).not.toBe('clarify');
    expect(ask('¿cuánto cuesta el permiso de reingreso para no perder la green card?').kind).not.toBe('clarify');
    // A way to status named, beside a general trigger: the gate entry's many cases no longer hide it.
    const marriage = ask('si me caso con una ciudadana me puedo legalizar?');
    expect(marriage.kind).toBe('answer');
    expect(marriage.text).toMatch(/I-130/);
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
    const history = answered('soy residente y voy a vivir fuera un año, como no pierdo la residencia');
    const result = ask('¿y cuánto cuesta?', history);
    expect(result.sentences[0]).toMatch(/630 dólares/);
  });

  it('lets a follow-up that names its own case pick it within the same entry (travel after a DACA renewal question)', () => {
    const history = answered('como renuevo mi daca');
    const result = ask('y con daca puedo ir a mexico? mi abuelita esta muy enferma', history);
    expect(result.text).toMatch(/permiso de viaje/);
    expect(result.text).not.toMatch(/605 dólares/);
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

describe('an urgent situation named in the question leads the answer', () => {
  it('a missed hearing because of a hospital stay is about the court, not the hospital', () => {
    const result = ask('se me paso la fecha de corte porque mi hijo estaba en el hospital');
    expect(result.kind).toBe('urgent');
    // About the court, not the hospital: reopening the case is said in the first two sentences (the
    // first may be where to check the court date, since keyword phrases weigh their rarity, decision 0076).
    expect(result.sentences.slice(0, 2).join(' ')).toMatch(/reabra tu caso|orden en ausencia/);
    expect(result.text).not.toMatch(/cuenta del hospital|seguro medico/i);
    expect(result.text).toMatch(/1-800-898-7180/);
  });
});

describe('domestic violence: 911 in danger and the hotline, both', () => {
  it.each([['mi esposo me golpea y me dice que me va a reportar a migracion si lo denuncio'], ['mi pareja me pega y tengo miedo, no tengo papeles']])(
    '%s',
    (q) => {
      const result = ask(q);
      expect(result.kind).toBe('urgent');
      expect(result.text).toMatch(/\b911\b/);
      expect(result.text).toMatch(/1-800-799-7233/);
    },
  );
});

describe('urgent answers keep room for the facts', () => {
  it('says who to ask once: a sentence that already names a lawyer or accredited representative frees the slot', () => {
    const result = ask('un notario me cobro 3 mil dolares para mi caso y nunca metio nada, ya no me contesta');
    expect(result.kind).toBe('urgent');
    expect(result.sentences).toHaveLength(5);
    const whoToAsk = result.sentences.filter((s) => /abogado o (a )?un representante acreditado/.test(s));
    expect(whoToAsk).toHaveLength(1);
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
    // Wordings that once missed the floor (a probe written in the seventh stop).
    ['hay agentes de ice afuera de mi casa no quiero abrir', /orden firmada por un juez/],
    ['la migra entro a mi casa sin permiso', /abogado|locator\.ice\.gov/],
    ['el licenciado que me ayudaba desaparecio con mi dinero y mis documentos', /reportfraud\.ftc\.gov/],
    ['la policia paro a mi esposa por una luz y se la entregaron a inmigracion', /locator\.ice\.gov/],
    ['sufro violencia en mi casa que hago', /911|1-800-799-7233/],
    ['soy menor de edad y estoy solo aqui sin mis papas', /1-800-203-7001|ORR|abogado/],
    // Urgent situations added in the eighth stop: a sick person kept from the hospital by fear, an
    // employer's threat, a caller who demands money "from USCIS", a raid at work now.
    ['mi papa tiene mucho dolor en el pecho pero le da miedo ir al hospital porque no tiene papeles', /911/],
    ['mi jefe me dijo que si pido mis horas extras me va a llamar a la migra', /1-866-487-9243/],
    ['me llamaron de uscis y dicen que si no pago hoy una multa me deportan', /reportfraud\.ftc\.gov|my\.uscis\.gov/],
    ['ahorita esta la migra en mi trabajo que hago', /locator\.ice\.gov/],
    // Wordings of a new urgent probe (eighth stop): agents outside the house, ICE following a car, agents at
    // a factory, violence told of a relative, a county jail handing someone to ICE, an order read in English.
    ['hay unos señores con chalecos de police frente a mi casa desde la mañana', /orden firmada por un juez/],
    ['un carro de la migra me viene siguiendo desde el trabajo', /silencio/],
    ['unos agentes llegaron a la fabrica y nos piden identificacion', /no firmes/i],
    ['mi cuñada esta con un tipo que le pega y la deja toda morada', /911/],
    ['mi primo esta en la carcel del condado y lo van a entregar a la migra', /locator\.ice\.gov|detainer/],
    ['me llego una carta que dice order of removal', /1-800-898-7180|acis\.eoir/],
    // Wordings of the second urgent probe: three words, a check-in that did not end, a knife at home, a scam's report.
    ['la migra en mi casa', /orden firmada por un juez/],
    ['mi esposo fue a su cita con ice y ya no salio', /locator\.ice\.gov/],
    ['mi cuñado amenaza a mi hermana con un cuchillo', /911|1-800-799-7233/],
    ['me llamo uno que dice que es de uscis y que pague con tarjetas de regalo', /reportfraud\.ftc\.gov/],
  ])('%s', (question, resource) => {
    const result = ask(question);
    expect(result.kind).toBe('urgent');
    expect(result.text).toMatch(resource);
    expect(result.text).toMatch(/abogado|representante acreditado/);
  });
});

describe('the case within an entry, the domain and the deadline (issue 11, third stop)', () => {
  it('picks the case whose own words the question uses, not the one ranked first by shared words', () => {
    const plan = engine.plan('nos separamos y el ya no quiere firmar, como quito las condiciones de mi residencia', [], 'user');
    expect(plan.primary?.entry.id).toBe('i-751');
    expect(plan.primary?.section.id).toBe('divorcio-o-abuso');
    expect(plain(engine.compose(plan).text)).toMatch(/solo/);
  });

  it('keeps the first-ranked case when no other case has words of its own in the question', () => {
    const plan = engine.plan('cuando mando el I-751', [], 'user');
    expect(plan.primary?.section.id).toBe('cuando-y-costo');
  });

  it('answers a question without immigration words when a keyword phrase matched and a case holds most of its words', () => {
    const result = ask('nos cambiamos de direccion, a quien hay que avisar');
    expect(result.kind).toBe('answer');
    expect(result.forms).toContain('AR-11');
    // The matched case's deadline is always said.
    expect(plain(result.text)).toMatch(/10 dias/);
  });

  it('does not let the years of a story thin out what the question is about', () => {
    const plan = engine.plan('vine en 2021 y en 2022 pedi asilo tarde, todavia puedo pedirlo despues del plazo', [], 'user');
    expect(plan.primary?.entry.id).toBe('i-589');
    expect(plain(engine.compose(plan).text)).toMatch(/1 ano/);
  });

  it('reads the English words people mix in', () => {
    const plan = engine.plan('what are the requirements for citizenship', [], 'user');
    expect(plan.kind).toBe('answer');
    expect(plan.primary?.entry.forms).toContain('N-400');
  });
});

describe('a form only a case names', () => {
  it('is known: the I-9 of a new job is answered with the documents to show, not as a workplace raid', () => {
    const question = 'en mi nuevo trabajo me piden llenar el i-9, que documentos les enseño si tengo mi permiso de trabajo';
    expect(engine.retriever.search(question).named).toContain('I-9');
    const plan = engine.plan(question, [], 'user');
    expect(plan.kind).toBe('answer');
    expect(plan.primary?.section.id).toBe('documentos-para-trabajar');
  });
});

describe('the gate decided by what is asked', () => {
  it('asks the two questions when a story ends with a general question, its facts kept for later', () => {
    const result = ask('tengo 9 años aqui, trabajo en restaurantes y pago mis impuestos con el itin, como hago para legalizarme');
    expect(result.kind).toBe('clarify');
    expect(result.sentences).toHaveLength(2);
  });

  it('answers the specific question a story ends with, trigger words in the story or not', () => {
    const result = ask('quiero legalizarme algun dia, pero ahorita, cuanto cuesta sacar el itin');
    expect(result.kind).toBe('answer');
    expect(result.forms).toContain('W-7');
  });

  it('answers a daily-life question that ranks far above the gate phrase it holds (a licence for those without papers)', () => {
    const plan = engine.plan('aqui en georgia dan licencia a los que no tenemos papeles o tengo que irme a otro estado', [], 'user');
    expect(plan.kind).toBe('answer');
    expect(plan.primary?.entry.id).toBe('licencia-de-conducir');
  });

  it('answers a story that names a way to status, even when it ends with a general question', () => {
    const plan = engine.plan('mi hija ya cumplio 21 y es ciudadana, me puede arreglar?', [], 'user');
    expect(plan.kind).toBe('answer');
    expect(plan.primary?.entry.id).toBe('pedir-a-mis-hijos');
  });

  it('reads a reply to the questions that names a place abroad and the relative in a pronoun', () => {
    const history = [
      { role: 'user' as const, content: 'quiero sacar papeles pa irme a vivir con mi hija' },
      { role: 'assistant' as const, content: '¿Estás dentro de Estados Unidos o fuera del país? ¿Tu hija es ciudadana o residente permanente?' },
    ];
    const plan = engine.plan('estoy en zacatecas y ella es ciudadana, ya tiene 26 años', history, 'user');
    expect(plan.primary?.section.id).toBe('desde-fuera');
    expect(plain(engine.compose(plan).text)).toMatch(/consulado/);
  });

  it('reads the last clauses of a message as what it asks', () => {
    expect(lastClause('llevo 12 años aquí, quiero legalizarme, se puede?')).toBe('quiero legalizarme, se puede');
    expect(lastClause('como me puedo legalizar?')).toBeUndefined();
    // Dictated without punctuation: a long message's last words.
    expect(
      lastClause(
        'yo vine hace 15 años trabajo en el campo con mi esposo mis hijos van a la escuela aqui y pago mis impuestos con itin y quiero saber si me puedo arreglar',
      ),
    ).toBe('impuestos con itin y quiero saber si me puedo arreglar');
  });
});

describe('a fee the case lacks', () => {
  it('is never borrowed from a related entry about another procedure: the honest line instead', () => {
    const result = ask('cuanto cuesta buscar un abogado en la lista de la corte');
    expect(plain(result.text)).not.toMatch(/eoir-33 no cuesta/);
    expect(plain(result.text)).toMatch(/no tengo el costo exacto/);
  });
});

describe('a synonym never brings in the other side of the situation', () => {
  it('reads children who stayed in another country as there, not here', () => {
    expect(engine.retriever.expand('mis hijos se quedaron con mi hermana').text).toMatch(/se quedaron aqui/);
    expect(engine.retriever.expand('mis dos hijos se quedaron en guatemala con mi suegra').text).not.toMatch(/se quedaron aqui/);
    const plan = engine.plan('ya gane mi asilo y mis hijos se quedaron en guatemala, como hago para traerlos', [], 'user');
    expect(plan.kind).toBe('answer');
    expect(plan.primary?.entry.id).toBe('residencia-por-asilo');
  });
});

describe('a resident living abroad a while, a spouse married abroad', () => {
  it('reads them as the time away with the green card and the petition for a spouse who lives there', () => {
    const away = engine.plan('tengo green card y quiero irme a vivir un tiempo a peru con mis papas que ya estan viejitos', [], 'user');
    expect(away.primary?.entry.id).toBe('viajar-con-green-card');
    const spouse = engine.plan('mi novia es de peru y nos casamos alla el mes pasado, me case con una peruana, como la traigo?', [], 'user');
    expect(spouse.primary?.entry.id).toBe('matrimonio-y-residencia');
    expect(spouse.primary?.section.id).toBe('fuera');
  });
});

describe('a relative who cannot petition', () => {
  it('says no to an uncle or a cousin, instead of answering from a case that shares the word', () => {
    for (const q of ['mi tio es residente, me puede pedir?', 'mi primo es ciudadano, me puede pedir?']) {
      const result = ask(q);
      expect(result.entryIds[0], q).toBe('i-130');
      expect(result.sentences[0], q).toMatch(/^No, .*un tío, un primo/);
    }
    // An in-law with papers, asked to petition: who can petition (not the green card's renewal).
    expect(ask('mi suegra tiene green card, me puede pedir?').entryIds[0]).toBe('i-130');
  });
});

describe('synonyms with a gap', () => {
  it('reads "ir ... y volver" with words between as travel, within the entry the question names', () => {
    expect(engine.retriever.expand('me quiero ir dos meses a mi pais y volver').text).toMatch(/permiso de viaje/);
    expect(engine.retriever.expand('quiero volver a ir a la escuela').text).not.toMatch(/permiso de viaje/);
    const plan = engine.plan('tengo tps y quiero ir un mes a honduras y regresar, se puede?', [], 'user');
    expect(plan.primary?.entry.id).toBe('i-821');
    expect(plan.primary?.section.id).toBe('viajar');
  });
});

describe('words as people say them', () => {
  it('reads a keyword phrase of common words by its own rarity: a citizen asking the cost of petitioning a spouse abroad', () => {
    const plan = engine.plan('cuanto cuesta pedir a mi esposa q esta en mexico, yo soy ciudadano', [], 'user');
    expect(plan.primary?.entry.id).toBe('matrimonio-y-residencia');
    expect(plain(engine.compose(plan).text)).not.toMatch(/crba|reporte consular/);
  });

  it('knows a conjugated immigration word: fear of being deported is never off-topic', () => {
    expect(ask('tengo miedo de que me deporten').kind).not.toBe('offtopic');
  });

  it('answers a lost work permit with the I-765, not the passport', () => {
    const result = ask('se me perdio el permiso de trabajo como saco otro');
    expect(result.forms).toContain('I-765');
  });
});

describe('a call for help with nothing to go on', () => {
  it.each([['ayuda'], ['tengo miedo'], ['Necesito ayuda urgente por favor!!']])('%s: asked what is happening, with 911, not told it is off-topic', (q) => {
    const result = ask(q, [
      { role: 'user', content: '¿Cuánto cuesta renovar la green card?' },
      { role: 'assistant', content: 'El formulario I-90 cuesta 415 dólares.' },
    ]);
    expect(result.kind).toBe('offtopic'); // no consultation is used
    expect(result.text).toMatch(/cuéntame qué pasa/);
    expect(result.text).toMatch(/\b911\b/);
    expect(result.text).not.toMatch(/I-90|solo sé de inmigración/);
    expect(ask(q, [], 'guest').text).toMatch(/cuéntame qué pasa/);
  });

  it('a call for help that says what happens is answered', () => {
    expect(ask('ayuda, se llevaron a mi esposo').kind).toBe('urgent');
  });
});

describe('a follow-up of a conversation about immigration', () => {
  it('is never off-topic, even when nothing in it is sure: it says it does not know', () => {
    const history = answered('mi hermano ciudadano metio mi peticion en 2010, como se cuando sale mi fecha');
    const result = ask('y en que año crees que salga? aunque sea un calculo', history);
    expect(result.kind).toBe('unknown');
    expect(result.text).not.toMatch(/solo sé de inmigración/);
  });

  it('a question about last night\'s match is a new subject, not the sponsor who "gana" enough', () => {
    const history = answered('mi hermana ciudadana me pidio hace años, como veo cuando me toca');
    expect(ask('y quién ganó el partido de anoche?', history).kind).toBe('offtopic');
  });
});

describe('a first question that says nothing of what it is about', () => {
  it.each([['¿Cuánto cuestan?'], ['buenas noches, una consulta sobre un trámite'], ['ya caducó, ¿qué hago?'], ['necesito ayuda con unos documentos']])(
    '%s: asked what it is about and what papers the person has, not answered with a guess nor told it is off-topic',
    (q) => {
      const result = ask(q);
      expect(result.kind).toBe('clarify'); // no consultation is used
      expect(result.sentences).toHaveLength(2);
      expect(result.sentences.every((s) => s.endsWith('?'))).toBe(true);
      expect(result.text).toMatch(/qué trámite o documento/);
      expect(result.text).not.toMatch(/solo sé de inmigración|I-\d/);
      expect(engine.isClarification(result.text)).toBe(true);
      const guest = ask(q, [], 'guest');
      expect(guest.sentences).toHaveLength(1);
      expect(guest.text).toMatch(/^Cuéntame sobre qué trámite/);
    },
  );

  it('the reply is answered together with the question: the fee of what the person names', () => {
    const first = ask('¿Cuánto cuestan?');
    const result = ask('la renovación de la tarjeta de residente', [
      { role: 'user', content: '¿Cuánto cuestan?' },
      { role: 'assistant', content: first.text },
    ]);
    expect(result.kind).toBe('answer');
    expect(result.sentences[0]).toMatch(/I-90 cuesta \d+ dólares/);
  });

  it('is a follow-up in a conversation, and a question that names its subject is answered', () => {
    const history = answered('¿Cómo renuevo mi permiso de trabajo?');
    expect(ask('¿y cuánto cuesta?', history).kind).toBe('answer');
    expect(ask('¿cuánto cuesta la carta de un abogado?').kind).not.toBe('clarify');
    expect(ask('¿cuánto cuesta el formulario de la ciudadanía?').text).toMatch(/N-400/);
  });
});

describe('the sentence for the case the person tells comes first', () => {
  it('an order in absence when the court letter never came: reopening at any time, hard if the move was not reported', () => {
    const result = ask('me dieron orden de deportacion en ausencia porque nunca me llego la carta de la corte, que puedo hacer');
    expect(result.kind).toBe('urgent');
    expect(result.sentences[0]).toMatch(/nunca te llegó la carta.*moción.*en cualquier momento; es difícil si no avisaste tu mudanza/);
  });

  it('a hearing tomorrow with no lawyer: go anyway, and the judge can give time to find one', () => {
    const result = ask('mi audiencia es mañana y no consegui abogado, voy o no voy?');
    expect(result.sentences[0]).toMatch(/Preséntate a tu audiencia aunque no tengas abogado/);
    expect(result.text).toMatch(/más tiempo para buscar un abogado/);
  });

  it('"¿qué le pasa si...?" is answered with what it risks', () => {
    const result = ask('a mi hermano lo deportaron hace 2 años y quiere volver a cruzar, que le pasa si lo agarran?');
    expect(result.kind).toBe('urgent');
    expect(result.text).toMatch(/delito federal|castigo para volver legalmente puede ser permanente/);
  });

  it('an urgent answer says where the case is acted on, not only a lawyer list', () => {
    const result = ask('tengo corte el mes que entra y no tengo abogado, me presento solo?');
    expect(result.sentences[0]).toMatch(/Preséntate a tu audiencia aunque no tengas abogado/);
    expect(result.text).toMatch(/1-800-898-7180/);
  });
});

describe('synonyms written with "+": both parts anywhere in the question', () => {
  it('a DUI years ago and citizenship, far apart in the message, is the citizenship-with-a-record case', () => {
    const result = ask('tuve un dui en 2018, ya cumpli con todo lo que me pidio el juez y pague las multas, ahora quiero la ciudadania');
    expect(result.text).toMatch(/buen carácter moral|declara todos tus arrestos/);
  });
});

describe('the source of a fact, as said', () => {
  it('names who says it without the legal reference in parentheses', () => {
    const result = ask('me dieron orden de deportacion en ausencia porque estuve en el hospital, cuanto tiempo tengo para reabrir');
    expect(result.text).toMatch(/según la Ley de Inmigración y Nacionalidad en [a-z]+ de 20\d\d/);
    expect(result.text).not.toMatch(/INA|\(b\)/);
  });

  it("takes an asked deadline from the entry's other case before another entry's (an order in absence: 180 days, not the 90 of other motions)", () => {
    const result = ask('me dieron orden de deportacion en ausencia porque estuve en el hospital, cuanto tiempo tengo para reabrir');
    expect(result.text).toMatch(/180 días/);
    expect(result.text).not.toMatch(/90 días/);
  });
});

describe('urgent cases picked by their own words within an entry', () => {
  it('ICE at the door right now: what to do, and who to call', () => {
    const result = ask('hay unos de ICE tocando la puerta ahorita que hago les abro??');
    expect(result.kind).toBe('urgent');
    expect(result.sentences[0]).toMatch(/No abras la puerta/);
    expect(result.text).toMatch(/abogado|representante acreditado/);
  });

  it('a raid at work happening now is urgent, with the locator and who to ask', () => {
    const result = ask('estoy en el trabajo y dicen que llego la migra a la fabrica, que hago');
    expect(result.kind).toBe('urgent');
    expect(result.text).toMatch(/no corras/);
    expect(result.text).toMatch(/abogado|representante acreditado/);
  });

  it('a return after a deportation is about the prior deportation, not travel', () => {
    const result = ask('me deportaron hace años y me regrese a los pocos meses, ahora me quiero casar, puedo arreglar?');
    expect(result.kind).toBe('urgent');
    expect(result.text).toMatch(/deportación/);
    expect(result.text).not.toMatch(/viaje de 6 meses/);
  });
});

describe('a keyword match leads over shared words', () => {
  it('an asylum work permit three months in: the 150 days, not trips of some months', () => {
    const result = ask('meti mi asilo hace 3 meses cuando puedo pedir el permiso de trabajo');
    expect(result.sentences[0]).toMatch(/150 días/);
    expect(result.text).not.toMatch(/viaje/);
  });

  it('studying English: the student visa, not the school of a child', () => {
    expect(ask('kiero ir a estudiar ingles a estados unidos q visa necesito').text).toMatch(/F-1/);
  });
});

describe("from a new user's tour", () => {
  it('WIC and deportation: the answer is no, said first', () => {
    expect(ask('me pueden deportar si me pongo a pedir comida en el WIC').sentences[0]).toMatch(/^No, usar WIC no es motivo para deportarte/);
  });

  it('a resident asking to petition a parent: a resident cannot, a citizen can', () => {
    expect(ask('quiero pedir a mi mama que esta en mexico, yo soy residente').text).toMatch(/un residente no puede pedir a sus papás/);
  });

  it('moving with a case in court: the court is told with the EOIR-33', () => {
    const result = ask('me cambie de casa, tengo que avisar a migracion? tengo caso de asilo pendiente en la corte');
    expect(result.text).toMatch(/EOIR-33/);
    expect(result.text).toMatch(/5 días/);
  });

  it('"que es" inside a sentence does not make a "what is" question; returning after a deportation is a crime, said first', () => {
    const result = ask(
      'me deportaron en el 2018 y me regrese por el cerro en 2019, ahora me quiero casar con mi novia que es ciudadana, con eso ya me arreglo?',
    );
    expect(result.sentences[0]).toMatch(/delito federal/);
  });

  it('a driving licence in Texas: Texas does not give one; California does', () => {
    expect(ask('puedo sacar licencia de manejo sin papeles en texas').sentences[0]).toMatch(/^No, Texas/);
    expect(ask('vivo en california y no tengo papeles me puedo sacar la licencia de manejar?').text).not.toMatch(/Texas/);
  });

  it('a two-year green card about to expire: the I-751, not the I-90', () => {
    expect(ask('mi green card es de 2 años y ya se va a vencer en febrero, que hago').sentences[0]).toMatch(/I-751/);
  });

  it("a child's I-485 filed with a parent: 950 dollars first", () => {
    expect(ask('cuanto cuesta el I-485 de mi hijo de 10 años si lo mandamos junto con el mio').sentences[0]).toMatch(/950 dólares/);
  });

  it('leaving while a reentry permit is pending is said only of the reentry permit', () => {
    expect(ask('mi aplicacion de la green card esta pending, puedo ir a mexico por el funeral de mi papa?').text).not.toMatch(
      /(^|\. )Sí puedes salir mientras/,
    );
  });
});

describe('cases added from the second tour', () => {
  it('a U visa approved: the residence after 3 years, first', () => {
    expect(ask('me aprobaron la visa u, cuando puedo pedir la residencia').sentences[0]).toMatch(/3 años con la visa U.*I-485/);
  });

  it('a parent who entered without papers, petitioned by a citizen child: the consulate and the bar', () => {
    expect(ask('mi hijo es ciudadano y tiene 21, me puede arreglar si entre sin papeles?').text).toMatch(/consulado.*castigo de 10 años/);
  });
});

describe('renewing an asylum work permit', () => {
  it("in a conversation: the renewal is not the first permit's 560 dollars", () => {
    const first = 'quiero renovar mi permiso de trabajo';
    const history = answered(first);
    expect(ask('el mio es por asilo pendiente, se vence en enero, cuanto cuesta renovarlo', history).sentences[0]).toMatch(
      /^Renovar el permiso de trabajo por asilo no cuesta los 560/,
    );
  });
});

describe('a resident petitioning family', () => {
  it('a married daughter: a resident cannot, a citizen can', () => {
    expect(ask('soy residente permanente puedo pedir a mi hija que esta casada en guatemala').text).toMatch(/un residente no puede pedir a un hijo casado/);
  });

  it('a lost green card: the residence is not lost, the I-90 replaces it', () => {
    const result = ask('se me perdio la green card en la mudanza, tengo que empezar todo otra vez el tramite?');
    expect(result.text).toMatch(/no te quita la residencia/);
    expect(result.text).toMatch(/I-90/);
  });
});

describe('what is asked, with words between (issue 11, fifth stop)', () => {
  it('reads "cuánto ... costar" and "cómo ... saco" by their stems, with up to three words between', () => {
    expect(detectIntents('cuanto me esta costando la ciudadania ahorita', vocabulary)).toContain('fee');
    expect(detectIntents('se me perdio la mica, como saco otra y cuanto me va a salir', vocabulary)).toEqual(['action', 'fee']);
    expect(detectIntents('mi hijo es ciudadano, como lo compruebo', vocabulary)).toContain('action');
    // A price that goes up is a fee; a person put on a plane is not.
    expect(detectIntents('es cierto que la ciudadania va a subir a 1500', vocabulary)).toContain('fee');
    expect(detectIntents('a mi esposo lo van a subir al avion mañana temprano', vocabulary)).not.toContain('fee');
    // A single word stays exact: a fee a notario charged is a story, not a question about a fee.
    expect(detectIntents('un notario me cobro 3000 dolares y nunca mando nada', vocabulary)).not.toContain('fee');
  });

  it('answers a fee asked with words between with the fee', () => {
    expect(plain(ask('cuanto esta costando la ciudadania ahorita? la n400').text)).toMatch(/760/);
  });
});

describe('a form named', () => {
  it('belongs to the entry whose main form it is, not to another that lists it', () => {
    expect(kb.byForm.get('I-765')?.id).toBe('i-765');
    expect(plain(ask('cuanto cuesta el permiso de trabajo la primera vez, el I765').text)).toMatch(/520/);
  });

  it('tells no urgent situation by itself: a pending asylum and the I-765 are not the order of supervision', () => {
    const plan = engine.plan('en el i765 q categoria le pongo? tengo asilo pendiente con uscis desde el año pasado', [], 'user');
    expect(plan.kind).toBe('answer');
    expect(plan.urgent).toBeUndefined();
    expect(plain(engine.compose(plan).text)).not.toMatch(/locator/);
  });
});

describe('synonyms compared by their stems', () => {
  it('finds a phrase of two telling words in another tense or person, and leaves a single word as written', () => {
    // Written "me quitó el pasaporte" in the content; said in the past imperfect.
    expect(engine.retriever.expand('el patron me quitaba el pasaporte').text).toMatch(/trata de personas/);
    // "cargos" (a criminal charge) is not "carga" (a phone that does not charge).
    expect(engine.retriever.expand('mi celular no carga aunque ya le cambie el cable').text).not.toMatch(/antecedentes/);
  });
});

describe('the gate needs a phrase, and a fee comes from the answer', () => {
  it('does not ask the two questions on one rare word of its phrases ("hay manera de no pagar")', () => {
    const plan = engine.plan(
      'la green card se me vence y no tengo pa pagar la renovacion, gano muy poco y tengo medicaid, hay manera de no pagar?',
      [],
      'user',
    );
    expect(plan.kind).toBe('answer');
    // The renewal's own answer or the waiver's: either way, the fee waiver is said first.
    expect(ask('la green card se me vence y no tengo pa pagar la renovacion, gano muy poco y tengo medicaid, hay manera de no pagar?').sentences[0]).toMatch(
      /I-912/,
    );
    expect(engine.plan('¿hay alguna manera de que me den la residencia?', [], 'user').kind).toBe('clarify');
  });

  it("says the fee of the answer's own entry before a companion's (a card lost in a move: the I-90's, not the AR-11's)", () => {
    const text = plain(ask('se me perdio la mica de residente en la mudanza, como saco otra y cuanto me va a salir').text);
    expect(text).toMatch(/465/);
    expect(text).not.toMatch(/ar-11 no cuesta/);
  });

  it('an expired green card is not a deportation: the residence goes on, renew it', () => {
    const plan = engine.plan('mi green card de 10 años se me vencio hace dos meses, ya estoy ilegal? me pueden deportar por eso', [], 'user');
    expect(plan.kind).toBe('answer');
    expect(plain(engine.compose(plan).text)).toMatch(/sigues siendo residente/);
  });
});

describe('a way to status named in a story', () => {
  it('an employer who offers to petition is the green card through work, not the two questions', () => {
    const plan = engine.plan('mi patron dice que me quiere arreglar los papeles porque soy buen trabajador como es ese tramite', [], 'user');
    expect(plan.kind).toBe('answer');
    expect(plan.primary?.entry.id).toBe('residencia-por-trabajo');
    // Employers who only advise to fix one's status name no way: the two questions.
    expect(engine.plan('Mis patrones me dicen que debería arreglar mi estatus. ¿Cómo lo hago?', [], 'user').kind).toBe('clarify');
  });

  it('a citizenship fee asked with a low income gets the reduced fee and the full one', () => {
    const text = plain(ask('cuanto cobran ahora por la ciudadania? gano poco, hay descuento o algo').text);
    expect(text).toMatch(/380/);
    expect(text).toMatch(/760/);
  });
});

describe('a longer follow-up', () => {
  it('reads "¿y si hubiera entrado sin papeles? es que mi hermana..." with the conversation, and its own words pick the case', () => {
    const first = 'mi esposo es ciudadano, como me pide para la residencia? yo entre con visa de turista';
    const history = answered(first);
    const plan = engine.plan('y si hubiera entrado sin papeles? es q mi hermana esta en ese caso, su esposo tambien es ciudadano', history, 'user');
    expect(plan.primary?.entry.id).toBe('matrimonio-y-residencia');
    expect(plan.primary?.section.id).toBe('entro-sin-papeles');
    const text = plain(engine.compose(plan).text);
    expect(text).toMatch(/consulado/);
    expect(text).not.toMatch(/pueden ir juntos en el mismo paquete/);
  });
});

describe('the numbers of a story', () => {
  it('do not pick a sentence by its figure: three years without papers is the ten-year bar, not the three-year one', () => {
    const text = plain(ask('llevo como 3 años aqui sin papeles, si me regreso por mi cuenta a mexico cuanto tiempo me castigan para volver?').text);
    expect(text).toMatch(/10 anos/);
  });

  it('"¿y me lo pueden perdonar?" is a yes/no question of its own (no fee waiver for DACA)', () => {
    expect(detectIntents('cuanto cuesta renovar el daca? y me lo pueden perdonar?', vocabulary)).toEqual(['fee', 'yesno']);
    // Texting spellings are read as words: "q tengo q decir" is "qué tengo que decir".
    expect(detectIntents('la policia q tengo q decir? les digo q no tengo papeles??', vocabulary)).toContain('yesno');
    expect(detectIntents('a mi hermano lo deportaron, q le pasa si lo agarran', vocabulary)).toContain('risk');
    expect(plain(ask('cuanto cuesta renovar el daca con todo y el permiso de trabajo? y me lo pueden perdonar? ando corto de dinero').text)).toMatch(
      /no hay exencion/,
    );
  });
});

describe('the guest demo answers what was asked', () => {
  it('says the sentence a signed-in answer starts with: the fee for a fee, the citizen spouse for a citizen', () => {
    expect(plain(ask('cuanto cuesta la ciudadania', [], 'guest').text)).toMatch(/760/);
    const spouse = plain(ask('como le hago para sacar la green card si mi esposa es ciudadana', [], 'guest').text);
    expect(spouse).toMatch(/i-130/);
    expect(spouse).not.toMatch(/residente/);
  });
});

describe('a lone word does not decide (dev8, first read unseen)', () => {
  it('"ahorita" in a fee question is not ICE at the door: the keyword phrase leads', () => {
    const text = plain(ask('cuanto cuesta sacar el permiso de trabajo ahorita').text);
    expect(text).toMatch(/520/);
    expect(text).not.toMatch(/no abras la puerta/);
  });

  it('a phone that "agarra" the wifi is not a detention', () => {
    expect(engine.plan('como hago pa que mi celular agarre mejor el wifi', [], 'user').kind).toBe('offtopic');
  });

  it('a relative named before "¿lo puedo pedir?" is the petition for that relative, the resident side kept', () => {
    const plan = engine.plan('tengo residencia, mi hijo tiene 25 años y no es casado lo puedo pedir o ya esta muy grande', [], 'user');
    expect(plan.primary?.entry.id).toBe('pedir-a-mis-hijos');
    expect(plain(engine.compose(plan).text)).toMatch(/un residente puede pedir solo a sus hijos solteros/);
    expect(engine.plan('soy residente, puedo meter papeles pa mi hermano q esta en honduras', [], 'user').primary?.entry.id).toBe('pedir-a-mis-hermanos');
  });
});

describe('a thank-you', () => {
  it('is welcomed warmly as a turn that uses no consultation, not told it is off-topic', () => {
    for (const message of ['ok gracias', 'muchas gracias, Dios la bendiga', 'Gracias!!']) {
      const result = ask(message);
      expect(result.kind).toBe('offtopic');
      expect(result.text).toMatch(/^¡Con mucho gusto!/);
    }
    expect(ask('gracias, y cuanto cuesta el I-90?').text).toMatch(/465/);
  });
});

describe("a follow-up keeps the person's side", () => {
  it('after "mi esposo es ciudadano", "¿cuánto se tarda todo eso?" is not answered with a resident\'s wait', () => {
    const first = 'mi esposo es ciudadano y yo entre con visa, como me arregla?';
    const history = answered(first);
    const plan = engine.plan('cuanto se tarda todo eso', history, 'user');
    expect(plan.primary?.section.id).not.toBe('esposo-residente');
    const text = plain(engine.compose(plan).text);
    expect(text).not.toMatch(/esposos de residentes/);
    expect(text).toMatch(/processing-times/);
  });
});

describe('phrases and companions (issue 11, eighth stop)', () => {
  it('reads a verb whose stem changes ("renuevo") as its infinitive, in keyword phrases and in intent phrases', () => {
    const plan = engine.plan('como renuevo mi green card', [], 'user');
    expect(plan.primary?.entry.id).toBe('i-90');
    expect(plan.primary?.section.id).toBe('renovar');
    expect(detectIntents('cuando lo renuevo', vocabulary)).toContain('deadline');
  });

  it('reads the forms of "pedir" whose stem changes ("pidiendo") as "pedir", and synonyms are spelled like the question', () => {
    const result = ask('soy residente y le estoy pidiendo a mi hijo pero ya se caso, que pasa con la peticion');
    expect(result.sentences[0]).toMatch(/se cancela/);
    // "residensia" is spelled "residencia" before the synonyms: a synonym for the misspelling no longer fires on the word.
    expect(engine.retriever.expand('quiero la residensia').text).not.toMatch(/green card/);
  });

  it("adds a related entry only when its own phrases matched: another green card is not the fee waiver's answer", () => {
    const result = ask('necesito otra mica');
    expect(result.sentences[0]).toMatch(/I-90/);
    expect(result.text).not.toMatch(/I-912/);
  });

  it('a single word that shares a stem with a keyword ("localizar", "localizador") does not make a question urgent', () => {
    const result = ask('si pago mis taxes con el itin me pueden localizar?');
    expect(result.kind).toBe('answer');
    expect(result.text).not.toMatch(/locator\.ice\.gov/);
  });
});

describe('little words and one telling word (issue 11, eighth stop)', () => {
  it('matches a phrase of one telling word among little words as written: "se me pegue" (cooking) is not "me pega"', () => {
    expect(ask('como hago arroz con leche sin que se me pegue').kind).toBe('offtopic');
    expect(ask('mi esposo me pega').kind).toBe('urgent');
  });

  it('asks the two questions for "¿cómo me arreglo?": a case that only shares the word "arreglar" does not win over the gate', () => {
    expect(ask('como me arreglo').kind).toBe('clarify');
  });
});

describe('two questions about two cases of one entry (issue 11, eighth stop)', () => {
  it('answers the second question from the case its words pick: what to bring, and how to change the date', () => {
    const result = ask('ya tengo la cita de biometricos, que documentos llevo? y si no puedo ir ese dia como la cambio');
    expect(result.text).toMatch(/I-797C/);
    expect(result.text).toMatch(/my\.uscis\.gov|1-800-375-5283/);
  });

  it('does not read "¿es lo mismo?" as a second question of its own', () => {
    expect(engine.plan('y si entre sin papeles por el cerro? es lo mismo?', [], 'user').secondCase).toBeUndefined();
  });
});

describe('a story dictated without punctuation (issue 11, eighth stop)', () => {
  it('asks the two questions when its last words ask how to become legal', () => {
    const result = ask(
      'pues mire yo llevo 15 años en este pais trabajando en restaurantes pago mis impuestos cada año con el itin mis hijos estudian aqui y quisiera saber que hago para arreglar mis papeles',
    );
    expect(result.kind).toBe('clarify');
  });
});

describe('the closing names the form the question names (issue 11, eighth stop)', () => {
  it('an RFE for an I-485: the RFE answer, and the I-485 in the closing', () => {
    const result = ask('me llego una carta de RFE para el I-485, que hago');
    expect(result.text).toMatch(/RFE/);
    expect(result.forms).toContain('I-485');
  });
});

describe('classes of everyday phrases in synonyms (issue 11, ninth stop)', () => {
  it('finds a relative taken in any of the ways people tell it, in any order: the detainee locator', () => {
    expect(engine.retriever.expand('mi suegro no ha regresado y dicen que hubo una redada en la empacadora').text).toMatch(/detuvieron a mi familiar/);
    const result = ask('mi suegro no ha regresado y dicen que hubo una redada en la empacadora');
    expect(result.kind).toBe('urgent');
    expect(result.text).toMatch(/locator\.ice\.gov/);
  });

  it('reads a partner who chokes as danger now: 911 and the hotline', () => {
    const result = ask('el papá de mis hijos me ahorcó anoche');
    expect(result.kind).toBe('urgent');
    expect(result.text).toMatch(/911/);
    expect(result.text).toMatch(/1-800-799-7233/);
  });

  it('reads a call that demands a payment in the name of USCIS as a scam, and money paid to someone who vanished as fraud', () => {
    const scam = ask('me marcaron que son de uscis y que pague hoy por zelle');
    expect(scam.kind).toBe('urgent');
    expect(plain(scam.text)).toMatch(/cuelga|no pagues/);
    const fraud = ask('le deposité 2000 dólares al señor de los papeles y ya me bloqueó');
    expect(fraud.kind).toBe('urgent');
    expect(fraud.text).toMatch(/reportfraud\.ftc\.gov/);
  });

  it('does not read a call from family and a remittance as a scam: the scam needs someone claiming authority', () => {
    const result = ask('mi mamá me llamó y le mandé dinero por western union, eso afecta mi residencia?');
    expect(result.kind).toBe('answer');
  });

  it('reads a smuggler who holds people for more money as trafficking: 911 and the trafficking line', () => {
    const result = ask('el coyote nos tiene en una casa y pide mas dinero para soltarnos');
    expect(result.kind).toBe('urgent');
    expect(result.text).toMatch(/1-888-373-7888/);
  });

  it('refuses a class that does not exist', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'vocabulary-'));
    const source = path.join(path.dirname(knowledgeFolder()), 'assistant');
    for (const file of ['intents.yaml', 'replies.yaml']) copyFileSync(path.join(source, file), path.join(folder, file));
    const synonyms = readFileSync(path.join(source, 'synonyms.yaml'), 'utf8').replace("'{familiar} + {lo agarraron}'", "'{pariente} + {lo agarraron}'");
    writeFileSync(path.join(folder, 'synonyms.yaml'), synonyms);
    expect(() => loadVocabulary(folder)).toThrow(/\{pariente\}/);
  });
});

describe('the asked fee of the answer own form (issue 11, ninth stop)', () => {
  it('a card lost in a move: the I-90 fee first, not the free change of address the move brought in', () => {
    const result = ask('perdí la tarjeta verde cuando me mudé, cuánto cuesta sacar otra?');
    expect(result.sentences[0]).toMatch(/465/);
  });

  it("TPS: the I-821's fee first, not the travel permit's fee of the same entry", () => {
    expect(ask('cuánto me cobran por meter el tps?').sentences[0]).toMatch(/510/);
  });

  it('"quiero la tarjeta verde, ¿cómo la saco?" is the general question: the two clarifying questions', () => {
    expect(ask('quiero la tarjeta verde como la saco').kind).toBe('clarify');
  });
});

describe('classes that would overreach (issue 11, ninth stop)', () => {
  it('a lawyer who does not answer the phone is not a fraud victim: the fraud class needs a lawyer who is gone', () => {
    expect(ask('le pagué al abogado y no contesta mis llamadas, puedo cambiar de abogado?').kind).not.toBe('urgent');
    expect(ask('le pagué al abogado y ya no contesta, cerró la oficina').kind).toBe('urgent');
  });
});

describe('where an urgent case is acted on is never cut (issue 11, ninth stop)', () => {
  it('a scam call: the fraud report stays among the kept sentences', () => {
    const result = ask('me hablaron diciendo que son de USCIS, que hay un problema con mi residencia y si no pago 700 en tarjetas de regalo hoy me deportan');
    expect(result.kind).toBe('urgent');
    expect(result.text).toMatch(/reportfraud\.ftc\.gov/);
  });
});

describe('a condition named in everyday words (issue 11, ninth stop)', () => {
  it('a parent with Alzheimer who cannot take the citizenship test: the N-648 medical exception', () => {
    const result = ask('mi papá tiene alzheimer, lo pueden exentar del examen de la ciudadanía?');
    expect(result.text).toMatch(/N-648/);
  });
});

describe('what nobody can know is said first (issue 11, ninth stop)', () => {
  it('the odds of a case: the honest line first, then what is known, within five sentences', () => {
    const result = ask('que probabilidades tengo de ganar mi caso de asilo en la corte');
    expect(result.sentences[0]).toMatch(/^No tengo información segura de eso, y nadie puede saber/);
    expect(result.sentences.length).toBeLessThanOrEqual(5);
    expect(result.text).toMatch(/abogado o a un representante acreditado/);
  });

  it('a rumored raid: the honest line first, and the detainee locator is kept', () => {
    const result = ask('dicen que la migra va a hacer redadas en la fabrica el lunes, es cierto?');
    expect(result.sentences[0]).toMatch(/^No tengo información segura de eso, y nadie puede saber/);
    expect(result.text).toMatch(/locator\.ice\.gov/);
    expect(result.sentences.length).toBeLessThanOrEqual(5);
  });

  it('the line leads a body of four: a later sentence naming who to ask goes first, never the place where the case is acted on', () => {
    const line = 'Nadie puede saber con seguridad lo que va a pasar; pregunta a un abogado o a un representante acreditado.';
    const body = ['Uno.', 'Búscalo en locator.ice.gov.', 'Busca un abogado o un representante acreditado.', 'Cuatro.'];
    expect(ledBy(line, body)).toEqual([line, 'Uno.', 'Búscalo en locator.ice.gov.', 'Cuatro.']);
    expect(ledBy(line, ['Uno.', 'Dos.', 'Tres.', 'Llama al 1-800-898-7180.'])).toEqual([line, 'Uno.', 'Dos.', 'Llama al 1-800-898-7180.']);
    const both = 'Busca un abogado o un representante acreditado, o llama al 1-800-898-7180.';
    expect(ledBy(line, ['Uno.', 'Dos.', 'Tres.', both])).toEqual([line, 'Uno.', 'Dos.', both]);
  });

  it('a rumor heard on the radio or seen on TikTok is not confirmed as true (tenth stop)', () => {
    for (const q of ['oi en la radio que van a dar papeles a todos, cuando empiezan', 'lo vi en tiktok, van a hacer redadas en las escuelas?'])
      expect(ask(q).sentences[0]).toMatch(/^No tengo información segura de eso/);
  });

  it('a question with a real answer does not get it', () => {
    expect(ask('cuanto tarda el permiso de trabajo del asilo').text).not.toMatch(/nadie puede saber/);
  });
});

describe('a denied USCIS decision and a lost card told in a story (issue 11, ninth stop)', () => {
  it('an I-140 denied: the I-290B within 30 days, not the immigration court appeal', () => {
    const result = ask('negaron mi I-140 de trabajo, se puede apelar? cuanto tiempo tengo');
    expect(result.kind).toBe('answer');
    expect(result.text).toMatch(/I-290B/);
    expect(result.text).toMatch(/30 días/);
    expect(result.text).not.toMatch(/EOIR-26/);
  });

  it('a wallet stolen with the card inside: the I-90 here, the I-131A abroad', () => {
    expect(ask('me robaron la mochila con mi green card adentro, que formulario lleno').text).toMatch(/I-90/);
    expect(ask('se me perdio la mica de viaje en honduras, como me regreso').text).toMatch(/I-131A/);
  });
});

describe('a wait asked about (issue 11, tenth stop)', () => {
  it('"cuándo me van a dar la respuesta" with no time in the case: where to compare and check it', () => {
    const result = ask('mi caso de ajuste lleva 2 años y medio, cuando me van a dar la respuesta');
    expect(result.text).toMatch(/uscis\.gov\/processing-times/);
    // A related entry's time is another procedure's: the reentry permit's 2 years are not this wait.
    expect(result.text).not.toMatch(/reingreso dura/);
  });

  it('says first that the wait is not known when the wait is what is asked (not what to bring to the interview)', () => {
    const result = ask('cuando me van a dar la cita para la entrevista de mi residencia? mande los papeles en enero');
    expect(result.sentences[0]).toMatch(/uscis\.gov\/processing-times/);
  });
});

describe('urgent situations in more everyday words (issue 11, tenth stop)', () => {
  it('a smuggler who holds a relative and asks for more money, in Central American words', () => {
    urgent('maje el coyote tiene a mi hermano y pide mas pisto', /911|trata|1-888-373-7888/);
  });

  it('a call "from ICE" asking for dollars is a scam', () => {
    urgent('llamaron de ICE pidiendo 2000 dolares o me deportan', /reportfraud\.ftc\.gov/);
  });

  it('ICE outside "mi chamba" right now is ICE at work', () => {
    urgent('ICE afuera de mi chamba ahorita mismo', /abogado/);
  });

  it('a partner called "su papá" who hits and threatens with immigration, in a story about school papers', () => {
    urgent(
      'quiero inscribir a mi hija en la escuela pero su papa me encierra y me pego delante de ella y dice q si me voy me reporta a inmigracion, q papeles piden en la escuela',
      /1-800-799-7233|911/,
    );
  });

  it('"tengo que reportarme en la oficina de ICE" is a check-in, and "me reporta a inmigración" is not one', () => {
    const checkIn = ask('el viernes tengo que reportarme en la oficina de ICE y tengo miedo de que me dejen preso');
    expect(checkIn.kind).toBe('urgent');
    expect(checkIn.text).toMatch(/check-in|cita/);
    expect(ask('mi esposo me pega y dice que me reporta a inmigracion si lo dejo').text).not.toMatch(/check-in/);
  });
});

describe("the words of the content's everyday phrases are not misspellings (issue 11, tenth stop)", () => {
  it('"cunado" (cuñado without its ñ) is a relative, not "cuando": the detained relative\'s case leads', () => {
    const plan = engine.plan('a mi cunado lo agarraron ayer en la calle, donde lo busco', [], 'user');
    expect(plan.primary?.entry.id).toBe('derechos-detencion');
    expect(plan.primary?.section.id).toBe('encontrar');
  });
});

describe('a class phrase of one word is compared as written (issue 11, tenth stop)', () => {
  it('"visa de inmigrante" is not "la migra", so a card mailed "a la casa" is not ICE at the door', () => {
    const result = ask('ya me dieron la visa de inmigrante en bogota, hay q pagar algo mas antes de viajar pa q me llegue la green card a la casa?');
    expect(result.kind).toBe('answer');
    expect(result.text).not.toMatch(/No abras la puerta/);
  });
});

describe('more everyday wordings (issue 11, tenth stop)', () => {
  it('"permiso d trabajo": "d" is "de" in texting, not an unknown word', () => {
    const result = ask('mi permiso d trabajo se vence en 4 meses ya lo puedo renovar o me espero');
    expect(result.kind).toBe('answer');
    expect(result.text).toMatch(/I-765/);
  });

  it('staying a little longer on a tourist visa is the I-539 extension', () => {
    expect(ask('vine con visa de turista y me dieron 6 meses, puedo quedarme un poco mas? mi hija va a dar a luz').text).toMatch(/I-539/);
  });

  it('a parent who naturalized while the child was a resident minor: the certificate of citizenship', () => {
    expect(ask('mi papa se hizo ciudadano cuando yo tenia 12 y yo tenia residencia. ya soy ciudadana o tengo q hacer el examen?').text).toMatch(/N-600/);
  });

  it('"no hablo bien el inglés" with years as a resident: the exam in Spanish by age and years', () => {
    expect(ask('y si no hablo bien el ingles? tengo 58 años y ya llevo como 16 de residente').text).toMatch(/55 años/);
  });

  it('"¿qué nacionalidad tengo?" is about immigration, never off-topic', () => {
    expect(ask('naci en un barco, mi mama es dominicana y mi papa cubano, que nacionalidad tengo yo?').kind).not.toBe('offtopic');
  });

  it('"qué chance tengo de ganar" asks for what nobody can know', () => {
    expect(ask('q chance tengo de ganar el asilo siendo de venezuela?').sentences[0]).toMatch(/^No tengo información segura de eso/);
  });
});

describe('VAWA for a spouse (issue 11, tenth stop)', () => {
  it('a wife abused by her citizen husband is told VAWA is hers, not the rule for parents first', () => {
    const result = ask('mi esposo es ciudadano y me maltrata, puedo arreglar con vawa sin el?');
    expect(result.sentences[0]).toMatch(/^Con VAWA/);
    expect(result.text).not.toMatch(/Un papá o una mamá solo puede/);
  });

  it('divorced a year ago: VAWA within 2 years of the divorce', () => {
    expect(ask('me divorcie hace 1 año de mi esposo ciudadano q me maltrataba, todavia puedo pedir por vawa yo sola?').text).toMatch(
      /2 años después del divorcio/,
    );
  });
});

describe('a fee asked second (issue 11, tenth stop)', () => {
  it('"¿todavía puedo pedir asilo? ¿y cuesta algo?": the I-589\'s own fee, not only the yearly one', () => {
    expect(ask('llegue hace 2 años y medio x la frontera, todavia puedo pedir asilo? y cuesta algo?').text).toMatch(/I-589 cuesta 100 dólares/);
  });
});

describe('a question on both sides of a contrast is on neither (issue 11, tenth stop)', () => {
  it("a resident who wants to become a citizen is not answered only with citizens' cases: the exam in Spanish by age", () => {
    const plan = engine.plan(
      'mi abuelito tiene 68 años y tiene residencia desde 1998, no habla nada de ingles. puede hacerse ciudadano y presentar el examen en español?',
      [],
      'user',
    );
    expect(plan.primary?.section.id).toBe('por-edad');
  });
});

describe('urgent probe 7 situations (issue 11, tenth stop)', () => {
  it('a WhatsApp "from USCIS" demanding money today is a scam', () => {
    urgent('mi esposa recibio un whatsapp q es de uscis y q si no pago 800 dolares hoy la deportan, es real?', /reportfraud\.ftc\.gov/);
  });

  it('a boss who does not pay and threatens to "echar a ICE"', () => {
    urgent('mi patron no me paga hace un mes y cuando le pido mi feria dice q me va a echar a ICE', /1-866-487-9243|trata|derechos/);
  });

  it('a deportation to a country that is not theirs: fear is said there too', () => {
    urgent('a mi esposo le dijeron en el centro de detencion q lo van a mandar a otro pais q no es el suyo, se puede?', /miedo/);
  });

  it('a teenager alone after ICE took the parents: a trusted adult, the school, 911', () => {
    urgent('tengo 14 años, a mis papas se los llevo ICE el martes y estoy solo con mi hermanito de 6, que hago', /adulto de confianza|911/);
  });
});

describe('fear of going to court (issue 11, tenth stop)', () => {
  it('a hearing this week and fear of being kept there: where to check the hearing, with the A-number', () => {
    const result = ask('tengo corte el jueves con el judge y tengo un miedo horrible de q me dejen ahi, q hago');
    expect(result.kind).toBe('urgent');
    expect(result.text).toMatch(/1-800-898-7180/);
    expect(result.text).toMatch(/número A/);
  });
});

describe('urgent probe 8 situations (issue 11, tenth stop)', () => {
  it('"le cayeron" to the day laborers and a son who did not come home: the locator', () => {
    urgent('Mi hijo no llegó a dormir, no contesta el teléfono y dicen que ayer le cayeron a los que estaban esperando trabajo', /locator\.ice\.gov/);
  });

  it('"USCIS me llamó pidiendo pagar una multa" is a scam', () => {
    urgent('USCIS me llamó pidiendo pagar multa por teléfono, es normal?', /reportfraud\.ftc\.gov/);
  });

  it('"si me mandan pa tras no llego vivo" is fear of return', () => {
    urgent('si me mandan pa tras a honduras no llego vivo', /asilo/);
  });

  it('a smuggler who sends photos of a husband tied up and wants money by Western Union', () => {
    urgent(
      'mi esposo cruzo con un pollero y ahora me mandan fotos de el amarrado, si no mando 3,000 por western union lo van a dejar en el desierto',
      /911|1-888-373-7888/,
    );
  });

  it('a broken leg at work and fear of the hospital: go to the emergency room or call 911', () => {
    urgent('Me caí de un techo en el trabajo y creo que me quebré la pierna, pero no quiero ir al hospital porque no tengo papeles', /911/);
  });
});

describe('urgent probe 9 situations (issue 11, tenth stop)', () => {
  it('"la migra agarró a mi esposo": the verb before the relative', () => {
    urgent('la migra agarro a mi esposo en el home depot', /locator\.ice\.gov/);
  });

  it('an ICE truck "enfrente de mi casa"', () => {
    urgent('ai una troka de ICE parada enfrente de mi casa desde las 6 de la mañana, salimos o nos quedamos adentro', /orden firmada por un juez|No abras/);
  });

  it('a man who "le habló" to a mother as a court lawyer asking for money by Zelle is a scam', () => {
    urgent('a mi mama le hablo un señor q dice q es abogado de la corte y q si no le deposita 1500 por zelle hoy mismo la arrestan', /reportfraud\.ftc\.gov/);
  });

  it('a child with a high fever and "anda la migra" near the hospital: go anyway', () => {
    urgent('mi niña tiene calentura muy alta desde ayer y no la e llevado al hospital porq dicen q ai anda la migra', /911|emergencias/);
  });

  it("a missed court date while in hospital is still the missed hearing, not the hospital's case", () => {
    expect(ask('no fui a mi corte de inmigracion porque estaba internado en el hospital q pasa ahora').text).toMatch(/orden en ausencia|sin ti/);
  });
});

describe('dev18 wordings, after its unseen end run (issue 11, tenth stop)', () => {
  it('"el juez me dio orden de deportación… ¿hay chance de apelar?": the BIA appeal', () => {
    expect(ask('el juez me dio orden de deportacion en la audiencia de ayer y mi abogado ni llego, hay chance de apelar?').text).toMatch(/30 días/);
  });

  it('a raid at the packing plant yesterday and a shift tomorrow: ICE at work, not "no reliable information"', () => {
    const result = ask(
      'hubo redada en la empacadora donde trabajo y a varios se los llevaron, yo me escondi. mañana me toca turno, que derechos tengo si regresan',
    );
    expect(result.kind).toBe('urgent');
    expect(result.text).toMatch(/locator\.ice\.gov/);
  });

  it('a baby due in August and "the president\'s order": birthright citizenship, not the N-400', () => {
    const result = ask('voy a tener a mi bebe en agosto aqui en california, es verdad que ya no va a ser ciudadano por la orden del presidente?');
    expect(result.text).not.toMatch(/N-400/);
    expect(result.text).toMatch(/Enmienda 14|orden del presidente|cortes/);
  });

  it('"¿cómo se consigue la tarjeta verde?" with nothing else: the clarifying questions', () => {
    expect(ask('como se consigue la tarjeta verde pues').kind).toBe('clarify');
  });
});

describe('what continues the conversation (issue 11, tenth stop)', () => {
  const address = [
    { role: 'user' as const, content: 'cuantos dias tengo para avisar mi cambio de direccion' },
    { role: 'assistant' as const, content: 'Tienes 10 días después de mudarte para avisar a USCIS con el formulario AR-11.' },
  ];
  const tps = [
    { role: 'user' as const, content: 'cuanto cuesta renovar el tps' },
    { role: 'assistant' as const, content: 'Para renovar el TPS se usa el formulario I-821.' },
  ];

  it('words the knowledge base never uses are a new subject, not a follow-up: off-topic', () => {
    expect(ask('va gracias. oye y quien gano el clasico america chivas el sabado?', address).kind).toBe('offtopic');
  });

  it('"ok gracias y…" still continues it: the TPS question, with the honest line for what nobody knows', () => {
    const result = ask('ok gracias y tu crees q a los hondureños nos lo van a volver a extender o ya se acaba?', tps);
    expect(result.sentences[0]).toMatch(/^No tengo información segura de eso/);
    expect(result.text).toMatch(/TPS/);
  });

  it('"y otra pregunta" opens a new subject', () => {
    expect(ask('ok gracias. y otra pregunta, como puedo conseguir papeles yo?', address).kind).toBe('clarify');
  });
});

describe('urgent probe 5 situations, after its unseen end run (issue 11, tenth stop)', () => {
  it('a van "parada afuera" with ICE vests, and "¿qué hacemos si tocan?"', () => {
    urgent('hay una camioneta negra parada afuera con 2 batos con chaleco q dice POLICE ICE, q hacemos si tocan??', /orden firmada por un juez|No abras/);
  });

  it('agents outside the school at pickup time', () => {
    urgent('me hablaron de la escuela de mi hija q hay agentes de inmigracion afuera pa la hora de salida, voy por ella o no??', /abogado/);
  });

  it('"carta de deportación… irme en 30 días" is an order, not a work permit', () => {
    urgent('me llego carta de deportacion dice q tengo q irme en 30 dias', /acis\.eoir|1-800-898-7180/);
  });

  it('a coworker who moved with an asylum case in court: the EOIR-33', () => {
    expect(ask('mi compañero de trabajo se mudo de atlanta pa nashville y no le aviso a nadie, tiene su caso de asilo en la corte').text).toMatch(/EOIR-33/);
  });

  it('kidnappers who ask for more money and send photos of a cousin beaten: 911 and the trafficking line', () => {
    urgent('mi primo esta en una casa en houston, nos llaman pidiendo 3 mil dolares mas x western union y mandan fotos de el golpeado', /911|1-888-373-7888/);
  });

  it('"en la escuela de mi niña me piden papeles de migración" is still the school\'s enrollment, not ICE at a school', () => {
    expect(ask('en la escuela de mi niña me piden el seguro social y papeles de migracion pa inscribirla, la pueden rechazar si no tenemos').kind).toBe(
      'answer',
    );
  });
});

describe('the I-407 at the airport (issue 11, tenth stop)', () => {
  it('a resident asked to sign away the residence: no need to sign, urgent, who to ask', () => {
    const result = ask(
      'soy residente y vengo llegando de mexico, en el aeropuerto me pasaron a un cuarto y me quieren hacer firmar un papel para renunciar a la residencia el I-407',
    );
    expect(result.kind).toBe('urgent');
    expect(result.text).toMatch(/No tienes que firmar el formulario I-407/);
  });
});

describe('the registry date (issue 11, tenth stop)', () => {
  it('"una ley de registro por llevar mucho tiempo": only since before January 1, 1972', () => {
    expect(ask('llevo aqui desde 1985 sin papeles, un señor me dijo que hay una ley de registro por llevar mucho tiempo, aplica pa mi?').text).toMatch(/1972/);
  });
});

describe('eleventh stop mechanisms (issue 11)', () => {
  it('a long message that alone matches nothing sure continues the conversation: a detention, not off-topic', () => {
    const history = [
      { role: 'user' as const, content: 'se llevaron a mi hijo del trabajo esta mañana, que hago' },
      { role: 'assistant' as const, content: 'Busca a tu familiar en locator.ice.gov.' },
    ];
    const result = ask('listo ya supe, esta en un lugar en arizona lejos de nosotros. cuanto tiempo lo pueden tener ahi? tiene 22 y vino chiquito', history);
    expect(result.kind).toBe('urgent');
    expect(plain(result.text)).toMatch(/abogado o un representante acreditado/);
    // Words the knowledge base never uses are still a new subject.
    expect(ask('va gracias. oye y quien gano el clasico america chivas el sabado?', history).kind).toBe('offtopic');
  });

  it('an urgent action line that names who to ask frees the lawyer sentence for one more fact (the I-246 stay)', () => {
    const result = ask('me mandaron carta de ice que me tengo que presentar con maleta para la deportacion, que hago');
    expect(result.kind).toBe('urgent');
    expect(plain(result.text)).toMatch(/i-246/);
    expect(plain(result.text)).toMatch(/abogado o un representante acreditado/);
  });

  it('a question whose words one section nearly all holds is ours without an immigration word (a sibling petition)', () => {
    const plan = engine.plan('mi hermana me pidio en el 2014 y soy de mexico, cuantos años me toca esperar', [], 'user');
    expect(plan.kind).toBe('answer');
    expect(plan.primary?.entry.id).toBe('pedir-a-mis-hermanos');
    // Off-topic questions stay off-topic, short ones whose few words a section shares too.
    expect(engine.plan('cuanto es el 15 por ciento de 240', [], 'user').kind).toBe('offtopic');
    expect(engine.plan('como cambio el aceite de mi troca', [], 'user').kind).toBe('offtopic');
  });

  it('a phrase of a situation told of oneself is also told of another ("me jala el pelo": "la jala el pelo")', () => {
    expect(toldOfOthers('me pega')).toEqual(['me pega', 'te pega', 'le pega', 'la pega', 'lo pega', 'nos pega', 'les pega', 'las pega', 'los pega']);
    expect(toldOfOthers('la migra')).toEqual(['la migra']);
    expect(toldOfOthers('no me dejan salir')).toContain('no la dejan salir');
    urgent('a mi prima no la dejan salir de la casa donde trabaja y le quitaron el pasaporte', /1-888-373-7888/);
    urgent('su novio la empuja y la jala el pelo, ella no tiene papeles, que hace', /1-800-799-7233|911/);
  });

  it('a story of daily life (work and taxes) with a general way-to-status question gets the clarifying questions', () => {
    expect(engine.plan('llevo 11 años en houston trabajando y pagando taxes como me puedo legalizar yo', [], 'user').kind).toBe('clarify');
    // A daily-life case that holds most of the question is what is asked.
    expect(engine.plan('en texas le dan licencia a los que no tenemos papeles?', [], 'user').primary?.entry.id).toBe('licencia-de-conducir');
  });

  it('an urgent answer keeps four facts and its closing says who to ask, with the forms', () => {
    const result = ask('me dieron orden de deportacion en ausencia porque nunca me llego la carta de la corte, que puedo hacer');
    expect(result.kind).toBe('urgent');
    expect(result.sentences).toHaveLength(5);
    expect(result.sentences.slice(0, 4).join(' ')).toMatch(/180 días/);
    expect(result.sentences.at(-1)).toMatch(/^Es información general; .*abogado o un representante acreditado.*Documentos/);
    // A body that already says who to ask ends with the usual closing.
    const asylum = ask('me amenazaron de muerte las maras en honduras y tengo miedo de volver, puedo pedir asilo?');
    expect(asylum.kind).toBe('urgent');
    expect(plain(asylum.text)).toMatch(/abogado o (a )?un representante acreditado/);
  });

  it("a move asked after a court date stays urgent: the AR-11's days, the court's change of address and who to ask", () => {
    const history = [
      { role: 'user' as const, content: 'me dieron un papel para presentarme en la corte de inmigracion en enero' },
      { role: 'assistant' as const, content: 'Revisa tu fecha en acis.eoir.justice.gov.' },
    ];
    const result = ask('ahorita me voy a mudar de apartamento en dos semanas, a quien le tengo que avisar mi nueva direccion', history);
    expect(result.kind).toBe('urgent');
    expect(result.sentences[0]).toMatch(/AR-11 dentro de los 10 días/);
    expect(result.text).toMatch(/EOIR-33|1-800-898-7180/);
    // Without the court date it is the AR-11 alone.
    expect(ask('ahorita me voy a mudar de apartamento en dos semanas, a quien le tengo que avisar mi nueva direccion').kind).toBe('answer');
  });
});

describe('a detained relative without medical care, and a lost court date (issue 11, fifteenth stop)', () => {
  it('answers a detainee denied medicine with the care case and the line for detainees and their families', () => {
    urgent('mi tio esta detenido en el centro de detencion y no le dan su medicina para la presion', /1-888-351-4024/);
    expect(ask('mi tio esta detenido en el centro de detencion y no le dan su medicina para la presion').text).toMatch(/atención médica/);
  });

  it('does not give that line to a relative only detained, who is first looked for in the locator', () => {
    const result = ask('se llevaron a mi hijo los de inmigracion y no se a donde lo llevaron');
    expect(result.text).toMatch(/locator\.ice\.gov/);
    expect(result.text).not.toMatch(/1-888-351-4024/);
  });

  it('answers a lost court paper with where to look the date up', () => {
    urgent('se me olvido la fecha de mi corte y perdi la carta', /acis\.eoir\.justice\.gov|1-800-898-7180/);
    expect(engine.plan('se me olvido la fecha de mi corte y perdi la carta', [], 'user').primary?.entry.id).toBe('cita-corte-inmigracion');
  });
});

describe('the gate: a question asked before its story, and a word both share (issue 11, fifteenth stop)', () => {
  const askedFirst = 'como me arreglo? tengo 10 años trabajando aqui y pagando mis taxes';

  it('finds the question asked first, before the story told after it', () => {
    expect(lastClause(askedFirst)).toBe('como me arreglo');
    expect(lastClause('llevo 12 años aquí, quiero legalizarme, se puede?')).toBe('quiero legalizarme, se puede');
  });

  it('asks the two questions for a general question, whether its story comes before or after it', () => {
    expect(engine.plan('hay forma de arreglarme?', [], 'user').kind).toBe('clarify');
    expect(engine.plan(askedFirst, [], 'user').kind).toBe('clarify');
  });
});

describe('everyday wordings (issue 11, fifteenth stop)', () => {
  it('plans each as its words say: the two questions, off-topic, or the entry it is about', () => {
    const cases: Array<[string, string]> = [
      ['ocupo ayuda con mis papeles', 'clarify'],
      ['quiero ayuda con mi estatus, no se por donde empezar', 'clarify'],
      ['como hago un caldo casero para la gripa', 'offtopic'],
      ['el casero me quiere correr del cuarto', 'renta-y-desalojo'],
      ['a mi hermano lo deportaron en enero y dice que se va a regresar por el desierto, que le puede pasar?', 'deportacion-previa-i-212'],
      ['ya soy ciudadana desde marzo y mi hijo de 12 es residente, el queda ciudadano tambien?', 'ciudadania-hijos-nacidos-fuera'],
      ['cuanto cobran por la peticion de mi esposo si la mando por correo', 'i-130'],
    ];
    for (const [question, expected] of cases) {
      const plan = engine.plan(question, [], 'user');
      expect(plan.kind === 'clarify' || plan.kind === 'offtopic' ? plan.kind : plan.primary?.entry.id, question).toBe(expected);
    }
  });
});

describe('urgent situations told in everyday words, never off-topic (issue 11, fifteenth stop)', () => {
  it('refers each with its resource and who to ask', () => {
    urgent('se metieron a la fuerza y ya estan adentro, que hago', /abogado|representante acreditado/);
    urgent('tengo 13 años y mis papas no han regresado del trabajo desde ayer', /911|abogado|representante acreditado/);
    urgent('el capataz me toca y me dice cosas, a donde me quejo', /1-|911|abogado/);
  });
});

describe('a situation told of "us" and fear in other words (issue 11, sixteenth stop)', () => {
  it('tells a phrase of oneself of others wherever its "me" stands ("si me llevan": "si nos llevan")', () => {
    expect(toldOfOthers('si me llevan')).toContain('si nos llevan');
    expect(toldOfOthers('que pasa si me detienen')).toContain('que pasa si lo detienen');
    expect(toldOfOthers('pedir asilo')).toEqual(['pedir asilo']);
  });

  it('refers a couple afraid for their children, and someone afraid of their government, never off-topic', () => {
    urgent('si a los dos nos detienen con quien se quedan nuestras hijas que son de aqui', /poder|adulto de confianza/);
    urgent('en venezuela me estan buscando por hablar contra el gobierno y me da panico regresar', /asilo/);
  });

  it('refers ICE at the door told in few words ("abre puerta", "POLICE" on their vests)', () => {
    urgent('vino inmigracion a mi casa y gritan que abra, estoy con mis hijos', /No abras la puerta/);
    urgent('unos con chaleco de police estan afuera parados y preguntan por mi hermano', /No abras la puerta|guardar silencio/);
  });

  it('refers someone pressed to sign their deportation, and a letter to report with luggage, to their own cases', () => {
    urgent('en la detencion me dicen que firme mi deportacion y ya, que hago', /No firmes/);
    expect(engine.plan('ICE me mando una carta para presentarme con mi maleta el lunes para salir del pais', [], 'user').primary?.section.id).toBe(
      'cita-para-salir',
    );
  });

  it('refers a first hearing without a lawyer and a gang threat told as "me mandan de vuelta"', () => {
    urgent('la primera corte es el lunes y no consigo abogado, los que hay cobran mucho, voy solo?', /Preséntate a tu audiencia/);
    urgent('la mara ya mato a mi hermano mayor, me dijeron que yo sigo, aca que puedo pedir', /asilo/);
  });

  it('refers debt bondage, persecution told in the past and a decision to take to another court', () => {
    urgent('el encargado tiene mi acta y dice que les debo mucho del raite, no me deja ir, como salgo de esto', /1-888-373-7888/);
    urgent('en guatemala mis tios me querian matar por ser trans, llevo un año aqui, que hago', /asilo/);
    urgent('me llego lo que decidio el juez y quiero que otra corte lo revise, todavia estoy a tiempo?', /30 días/);
  });

  it('refers parents without papers asking who keeps their children, never the clarifying questions', () => {
    const plan = engine.plan('no tenemos papeles mi mujer y yo, si un dia nos detienen, nuestros hijos de aca quien se los queda?', [], 'user');
    expect(plan.kind).toBe('urgent');
    expect(plan.primary?.entry.id).toBe('plan-familiar-de-emergencia');
  });

  it('answers a Cuban asking for residence with the Cuban Adjustment Act, not the clarifying questions', () => {
    expect(ask('somos cubanos y llegamos en 2023, ya podemos pedir la residencia?').text).toMatch(/Ajuste Cubano/);
  });
});

describe('what people ask that the knowledge lacked (issue 11, seventeenth stop)', () => {
  it('asks the two questions for "saque papeles" and "dejar de ser indocumentado"', () => {
    expect(engine.plan('como le hago para que saque papeles aqui', [], 'user').kind).toBe('clarify');
    expect(engine.plan('ya me canse de ser indocumentada, quiero dejar de ser indocumentada', [], 'user').kind).toBe('clarify');
  });

  it('answers someone deported whose citizen spouse wants to petition with the permission to reapply (I-212)', () => {
    expect(engine.plan('me deportaron en 2019, ahora mi esposo que es ciudadano me quiere pedir, se puede?', [], 'user').primary?.entry.id).toBe(
      'deportacion-previa-i-212',
    );
  });

  it('answers "¿y cuándo puedo trabajar?" after an asylum question with the 150 days', () => {
    const history = [
      { role: 'user' as const, content: 'quiero pedir asilo, llegue de honduras hace poco' },
      { role: 'assistant' as const, content: 'Puedes pedir asilo con el formulario I-589 dentro de 1 año desde tu llegada.' },
    ];
    expect(engine.compose(engine.plan('y ya puedo trabajar?', history, 'user')).text).toMatch(/150 días/);
  });

  it('answers an overstay told as "se me pasó la fecha" with the unlawful presence bars', () => {
    expect(engine.plan('entre legal pero se me paso la fecha hace tres meses, que problema tengo', [], 'user').primary?.entry.id).toBe('castigos-3-y-10-anos');
  });

  it('answers E-Verify, the census and how much money can be sent, never off-topic', () => {
    expect(ask('en la chamba nueva me pasaron por e-verify y salio un error, me pueden correr?').text).toMatch(/no confirmación provisional/);
    expect(ask('vinieron los del censo, les digo que no tenemos papeles? se lo pasan a la migra?').text).toMatch(/confidenciales|no puede compartir/);
    expect(ask('hay un limite de cuanto dinero puedo mandar a mi mama en guatemala?').text).toMatch(/límite/);
  });

  it('answers how long a case is taking with the processing times, not the procedure it is about', () => {
    for (const q of [
      'ya llevo 10 meses esperando la green card de mi esposa, cuanto mas se va a tardar?',
      'cuanto se estan tardando con las residencias por matrimonio en dallas',
    ])
      expect(engine.plan(q, [], 'user').primary?.entry.id, q).toBe('tiempos-de-proceso');
  });

  it('answers a long trip asked about for citizenship with continuous residence, and a new citizen whose green card expires', () => {
    expect(ask('estuve fuera 7 meses en el salvador por mi papa, tengo green card, me va a dar problema para la ciudadania?').text).toMatch(
      /residencia continua/,
    );
    expect(ask('ya me hice ciudadana en mayo y la mica se me vence en diciembre, tengo que renovarla?').text).toMatch(/no renuevas la green card/);
  });

  it('asks the two questions for "quiero mis papeles"', () => {
    expect(engine.plan('soy de guatemala y quiero mis papeles, que hago', [], 'user').kind).toBe('clarify');
  });

  it('says the courts blocked the 2025 order when asked whether babies born here are still citizens', () => {
    expect(ask('es cierto que los niños que nazcan aca de papas indocumentados ya no van a ser ciudadanos?').text).toMatch(/cortes bloquearon/);
  });

  it('refers a court date told in Spanglish, children left alone after a neighbour is taken, and someone the government had on file', () => {
    urgent('el lawyer ya no me responde y mi court es el lunes, no se ni la hora', /1-800-898-7180/);
    urgent(
      'arrestaron a la mama de los ninos de enfrente cuando iba al trabajo y los ninos estan solitos con nosotros',
      /locator\.ice\.gov|adulto de confianza/,
    );
    urgent('en venezuela me tienen fichada por opositora y llegue hace 3 años, ya no puedo pedir nada?', /asilo/);
    urgent('mi hija de 15 viene solita desde honduras, si la agarra la patrulla fronteriza que le hacen?', /abogado|representante acreditado/);
    urgent('la muchacha que nos hacia los papeles se fue con el dinero y ya no contesta, que hacemos', /notario|estafa/);
  });

  it('answers a denied citizenship with the N-336 and its 30 days', () => {
    expect(ask('rechazaron mi n-400 en la entrevista, tengo que empezar de nuevo?').text).toMatch(/N-336 dentro de 30 días/);
  });

  it('answers "¿y si no hablo bien inglés?" after a citizenship question with the exemptions', () => {
    const history = [
      { role: 'user' as const, content: 'que necesito para hacerme ciudadano' },
      { role: 'assistant' as const, content: 'Para la ciudadanía mandas el formulario N-400 y pasas un examen de inglés y de cívica.' },
    ];
    expect(engine.plan('y si no hablo bien ingles?', history, 'user').primary?.entry.id).toBe('excepciones-examen-ingles');
  });
});

describe('answers for the side of the situation the question tells (issue 11, eighteenth stop)', () => {
  it('answers an approved petition for a relative in their country with the consulate, not the I-485', () => {
    const text = ask('ya me aprobaron el i-130 de mi mama que esta en guatemala, que sigue ahora?').text;
    expect(text).toMatch(/Centro Nacional de Visas|consulado/);
    expect(text).not.toMatch(/I-485/);
  });

  it('leads with the I-485 when the approved relative is here', () => {
    const [first] = ask('ya salio aprobado el i-130 de mi esposa, ella esta aqui conmigo y entro con visa de turista, que sigue').sentences;
    expect(first).toMatch(/I-485/);
    expect(first).not.toMatch(/consulado/);
  });
});

describe('neighbouring topics told apart (issue 11, eighteenth stop)', () => {
  it('answers a denial of the form the question names with the motion to reopen, not the form itself', () => {
    expect(engine.plan('uscis me nego mi i-485 ayer, hay algo que pueda hacer o ya se acabo?', [], 'user').primary?.entry.id).toBe('i-290b');
  });

  it('answers an asylee who wants to bring a spouse and children with the I-730 and its 2 years', () => {
    const text = ask('ya gane mi asilo, mis dos hijos y mi esposo siguen en nicaragua, los puedo pedir?').text;
    expect(text).toMatch(/I-730/);
    expect(text).toMatch(/2 años/);
  });

  it('answers a petition whose petitioner naturalised while it waited: it goes on, as an immediate relative', () => {
    const text = ask('mi papa me pidio cuando era residente y ahora ya es ciudadano, tengo que empezar otra vez?').text;
    expect(text).toMatch(/sigue/);
    expect(text).toMatch(/pariente inmediato/);
  });

  it('says a child who was already 18 does not become a citizen automatically', () => {
    expect(ask('mi hijo ya tiene 19 y tiene green card, yo me hice ciudadano hace poco, el tambien es ciudadano automatico?').text).toMatch(
      /No pasa automáticamente/,
    );
  });

  it('answers a pending I-751 with an expired card with the receipt that extends it', () => {
    expect(ask('la mica de 2 años ya vencio y el i-751 sigue pendiente, puedo salir del pais con el recibo?').text).toMatch(/48 meses|recibo del I-751 puedes/);
  });

  it('answers a ten-year residence told as expired with the I-90: the status stays', () => {
    expect(ask('mi residencia de 10 años ya se vencio hace un año, perdi la residencia?').text).toMatch(/sigues siendo residente/);
  });

  it('answers how to know where a pending case stands with the case status, and a missed fingerprint appointment with a new one', () => {
    expect(engine.plan('mande la peticion de mi hijo hace un año y nada, como saber en que va?', [], 'user').primary?.entry.id).toBe('estado-del-caso');
    expect(ask('no pude llegar a las huellas porque no me dieron permiso en el trabajo, que hago').text).toMatch(/otra cita|cambia/);
  });

  it("answers a trip while the N-400 waits, the retirement credits, an H-2 worker's family and marijuana legal in a state", () => {
    expect(ask('tengo la ciudadania en tramite, puedo salir a honduras una semana en diciembre?').text).toMatch(/puedes viajar unas semanas/);
    expect(ask('cuanto tiempo tengo que trabajar para que me den la pension del seguro social').text).toMatch(/40 créditos/);
    expect(ask('estoy aqui con visa h2b, mi esposa y mi niño se pueden venir conmigo?').text).toMatch(/H-4/);
    expect(ask('fumo marihuana con receta en california donde es legal, me afecta para hacerme ciudadano?').text).toMatch(/ley federal/);
  });
});

describe('what the question asks, within the conversation it continues (issue 11, nineteenth stop)', () => {
  it('answers work while a marriage case is adjusted here with the I-765 and its fee', () => {
    const history = [
      { role: 'user' as const, content: 'mi marido es ciudadano y yo vine con visa de trabajo que ya se vencio, como saco la residencia aqui?' },
      { role: 'assistant' as const, content: 'Tu esposo manda el I-130 y tú el I-485, juntos.' },
    ];
    const text = ask('y puedo trabajar mientras sale?', history).text;
    expect(text).toMatch(/I-765/);
    expect(text).toMatch(/260 dólares/);
    expect(text).not.toMatch(/consulado/);
  });

  it('answers the second question of a message from the case that fits it best, whatever the file order', () => {
    const text = ask('mi hija nacio aqui en texas y yo no tengo papeles, ella es ciudadana? y algun dia me puede arreglar a mi?').text;
    expect(text).toMatch(/21 años/);
    expect(text).not.toMatch(/orden del presidente/);
  });

  it("answers a follow-up about the family left behind from the asylee's family case, not the case asked before", () => {
    const history = [
      { role: 'user' as const, content: 'tengo el asilo aprobado desde el año pasado, cuando puedo pedir la residencia?' },
      { role: 'assistant' as const, content: 'Puedes pedir la residencia con el I-485 después de un año con asilo.' },
    ];
    expect(ask('y mis hijos que deje alla?', history).text).toMatch(/I-730/);
  });

  it('refers abuse and a check-in told in everyday words', () => {
    const told = 'mi nieto me da golpes y dice que me va a mandar pa mi pais si hablo, el es ciudadano y yo no tengo papeles';
    expect(engine.plan(told, [], 'user').kind).toBe('urgent');
    expect(ask(told).text).toMatch(/911|799-7233/);
    const checkIn = engine.plan('mi cuñado trae un aparato en el tobillo y el lunes tiene que ir a la oficina de ice, que le puede pasar?', [], 'user');
    expect(checkIn.kind).toBe('urgent');
    expect(checkIn.primary?.entry.id).toBe('check-in-ice');
  });

  it('answers work with a CBP One parole with the I-765 in category (c)(11)', () => {
    const text = ask('entre con cbp one y me dieron parole, ya puedo trabajar?').text;
    expect(text).toMatch(/I-765/);
    expect(text).toMatch(/\(c\)\(11\)/);
  });

  it("says no one can predict a case's odds when the chance is spelt as it is said ('chanse')", () => {
    expect(ask('que chanse tengo de que me aprueben la visa u si ya tengo la certificacion de la policia?').text).toMatch(/nadie puede saber/);
  });

  it('answers an asylee going to see a relative in a country people ask from with the travel document', () => {
    const text = ask('me aprobaron el asilo y quiero ir a venezuela a ver a mi papa, se puede?').text;
    expect(text).toMatch(/documento de viaje de refugiado/);
    expect(text).toMatch(/I-131/);
  });
});

describe('what the question asks, said the way people say it (issue 11, twentieth stop)', () => {
  it('answers "y si no voy, ¿qué pasa?" after an appointment with what missing it risks, among its first sentences', () => {
    const history = [
      { role: 'user' as const, content: 'me dieron cita de biometricos pero el patron no me quiere dar el dia' },
      { role: 'assistant' as const, content: 'Puedes pedir que te cambien la cita.' },
    ];
    expect(ask('y si no voy que pasa', history).sentences.slice(0, 2).join(' ')).toMatch(/abandonado/);
  });

  it('says what DACA is when asked, before its court case or its renewal', () => {
    expect(ask('oye y que es eso del daca?').sentences[0]).toMatch(/^DACA es una protección contra la deportación/);
  });

  it('says what a thing is first when asked: the public charge, the REAL ID, the I-797C notice', () => {
    expect(ask('y que es eso de la carga publica?').sentences[0]).toMatch(/^La carga pública es una revisión/);
    expect(ask('que es la real id que piden en el aeropuerto?').sentences[0]).toMatch(/^La REAL ID es una licencia/);
    expect(ask('me mandaron un i-797c, ya me aprobaron?').text).toMatch(/no es una aprobación/);
  });

  it('never calls a question about a form it does not know off-topic; a rifle is not a form', () => {
    const plan = engine.plan('para que es el g-639', [], 'user');
    expect(plan.kind).not.toBe('offtopic');
    expect(engine.plan('mi vecino tiene un ar-15 en su troca', [], 'user').kind).toBe('offtopic');
  });

  it('answers residence once asylum is approved, asked in the subjunctive, from the asylee entry', () => {
    const plan = engine.plan('cuando me aprueben el asilo en cuanto tiempo saco la residencia?', [], 'user');
    expect(plan.primary?.entry.id).toBe('residencia-por-asilo');
  });
});

describe('what the question asks, said the way people say it (issue 11, twenty-first stop)', () => {
  it('answers the OPT after graduating: how long, with which form', () => {
    const answer = ask('ya me gradue de la universidad, cuanto dura el permiso de trabajo opt?');
    expect(answer.sentences[0]).toMatch(/12 meses/);
    expect(answer.text).toMatch(/I-765/);
  });

  it('reads persecution told in the past as a question about asylum and its one-year limit', () => {
    const answer = ask('en mi pais me perseguian por ser periodista, llegue hace 10 meses, todavia puedo pedir proteccion?');
    expect(answer.kind).toBe('urgent');
    expect(answer.text).toMatch(/1 año/);
  });

  it('hears a husband who married his girlfriend as a spouse petition, the resident side for a resident', () => {
    expect(engine.plan('me case con mi novia el año pasado, ella esta en honduras y yo soy ciudadano, como la traigo?', [], 'user').primary?.entry.id).toBe(
      'matrimonio-y-residencia',
    );
    const resident = engine.plan('tengo residencia y me case con mi novia que vive en guatemala, como la pido?', [], 'user');
    expect(`${resident.primary?.entry.id}#${resident.primary?.section.id}`).toBe('matrimonio-y-residencia#esposo-residente');
  });

  it('answers a follow-up that is a question of its own on its own, and a short one with the conversation', () => {
    const history = [
      { role: 'user' as const, content: 'mi asilo sigue pendiente, ya puedo trabajar?' },
      { role: 'assistant' as const, content: 'Puedes pedir el permiso de trabajo cuando pasen 150 días.' },
    ];
    expect(engine.plan('y ya con el asilo aprobado, cuando puedo pedir la residencia?', history, 'user').primary?.entry.id).toBe('residencia-por-asilo');
    expect(engine.plan('y cuanto cuesta?', history, 'user').primary?.entry.id).toBe('asilo-permiso-de-trabajo');
  });

  it('hears "cuando me den el asilo" as the asylee\'s residence, not a general question about papers', () => {
    const history = [
      { role: 'user' as const, content: 'pedi asilo hace 3 meses, cuando me dan el permiso de trabajo?' },
      { role: 'assistant' as const, content: 'Puedes pedir el permiso de trabajo cuando pasen 150 días.' },
    ];
    const plan = engine.plan('y cuando ya me den el asilo, en cuanto tiempo pido la green card?', history, 'user');
    expect(`${plan.kind} ${plan.primary?.entry.id}#${plan.primary?.section.id}`).toBe('answer residencia-por-asilo#cuando-pedirla');
  });

  it('says what the A-number is and where it is, not a court script or the registration', () => {
    const answer = ask('que es el numero de extranjero y donde lo veo?');
    expect(answer.kind).toBe('answer');
    expect(answer.text).toMatch(/empieza con la letra A/);
    expect(answer.text).toMatch(/green card/);
  });

  it('says what a 287(g) agreement is when asked, not what to do at a traffic stop', () => {
    expect(ask('que es eso del 287(g) que firmo mi condado?').sentences[0]).toMatch(/^El 287\(g\) es un acuerdo entre ICE/);
  });

  it('defines the N-400 when asked what it is, before its exam', () => {
    expect(ask('oye que es el n-400?').sentences[0]).toMatch(/^El N-400 es el formulario para pedir la ciudadanía/);
  });

  it('knows expedited removal: no judge, who it applies to, what to keep and say; not the processing times', () => {
    const what = ask('que es eso de la deportacion expedita?');
    expect(what.kind).toBe('urgent');
    expect(what.sentences[0]).toMatch(/sin audiencia ante un juez/);
    const asked = ask('es cierto que me pueden deportar sin ver a un juez?');
    expect(asked.sentences[0]).toMatch(/^Sí, un oficial puede deportarte sin juez/);
    expect(asked.text).toMatch(/2 años/);
  });

  it('refers a resident held at an airport and told to sign away the green card to the I-407 case', () => {
    const plan = engine.plan('soy residente, me tienen en el aeropuerto y quieren que entregue mi green card, que hago', [], 'user');
    expect(`${plan.kind} ${plan.primary?.entry.id}#${plan.primary?.section.id}`).toBe('urgent viajar-con-green-card#i-407');
  });

  it('never sends a denied asylum case to the I-290B appeal without saying it does not apply', () => {
    expect(ask('no me aprobaron el asilo en la entrevista, como apelo?').text).toMatch(/El I-290B no sirve para un asilo negado/);
  });

  it('reads "no me aprobaron" as a denial and a phrase said after "no" as its opposite', () => {
    expect(engine.plan('no me aprobaron la ciudadania, que puedo hacer?', [], 'user').primary?.section.id).toBe('negada');
    expect(engine.plan('no tengo asilo ni nada, como consigo permiso de trabajo?', [], 'user').primary?.entry.id).toBe('i-765');
  });

  it('tells a person who moved with an I-485 pending to file the AR-11 within 10 days', () => {
    expect(ask('me mude de casa y tengo el i-485 pendiente, a quien aviso?').sentences[0]).toMatch(/AR-11 .*10 días/);
  });

  it('hears "mi mamita" as a mother a new citizen can petition', () => {
    expect(engine.plan('ya me hice ciudadana y quiero pedir a mi mamita que vive en honduras, como hago?', [], 'user').primary?.entry.id).toBe(
      'pedir-a-mis-padres',
    );
  });

  it('tells "checar el status de mi caso" (the case status) from "mi chequeo con ICE" (an ICE check-in)', () => {
    expect(engine.plan('donde checo el status de mi caso?', [], 'user').primary?.entry.id).toBe('estado-del-caso');
    const checkIn = engine.plan('tengo mi chequeo con ice el lunes, me pueden detener ahi?', [], 'user');
    expect(`${checkIn.kind} ${checkIn.primary?.entry.id}`).toBe('urgent check-in-ice');
  });

  it('asks the two questions when "hacerse legal" is said in the subjunctive', () => {
    expect(ask('hay forma de que me haga legal aqui?').kind).toBe('clarify');
  });

  it('reads "el 20 de marzo" as a date, not the I-20 (asylum asked by someone who came in March)', () => {
    expect(engine.retriever.search('vine el 20 de marzo del 2025 y quiero pedir asilo').named).toEqual([]);
    expect(engine.retriever.search('ya me llego el 20 de la escuela, que sigue?').named).toEqual(['I-20']);
  });

  it('hears getting on a plane oneself as flying, and keeps the case the question names by a phrase far stronger than the voted one', () => {
    const plan = engine.plan('con la licencia que me dieron en illinois me puedo subir a un avion a texas?', [], 'user');
    expect(`${plan.kind} ${plan.primary?.entry.id}#${plan.primary?.section.id}`).toBe('answer licencia-de-conducir#para-que-sirve');
  });

  it('takes "metí la residencia… cuánto tarda" as the wait of a pending case, not a resident petitioning a spouse', () => {
    expect(engine.plan('mandamos la residencia hace un año y esta tardando mucho', [], 'user').primary?.entry.id).toBe('tiempos-de-proceso');
  });

  it('answers a benefits question about children born here, not the gate, though it ends asking about the green card', () => {
    const plan = engine.plan('mi niña nacio aqui y le dan medicaid y cupones, eso me afecta cuando pida la green card?', [], 'user');
    expect(`${plan.kind} ${plan.primary?.entry.id}`).toBe('answer beneficios-hijos-ciudadanos');
  });

  it('reads a citizen spouse ("me casé con un ciudadano") or a son "que nació aquí" in the reply to the two questions', () => {
    for (const [first, reply] of [
      ['como puedo arreglar papeles?', 'vine con visa de paseo hace tres años y me case con un ciudadano'],
      ['que hago pa arreglar mi situacion?', 'entre con pasaporte y visa en 2012, mi hijo mayor nacio aqui y tiene 24'],
    ]) {
      expect(ask(first!).kind, first).toBe('clarify');
      expect(engine.plan(reply!, answered(first!), 'user').primary?.section.id, reply).toBe('con-visa-familiar-ciudadano');
    }
  });

  it.each([
    ['someone who got an RFE and asks whether it is a bad sign: it is not a denial', 'me llego un RFE, es mala senal?', 'No, una RFE no es una negación'],
    [
      'a DACA recipient: the travel permit is only for humanitarian, study or work reasons',
      'tengo daca, me dan el permiso de viaje pa ir a ver a mi papa que esta enfermo?',
      'razones humanitarias, de estudio o de trabajo',
    ],
    [
      "a visitor: the visa's date is not how long they may stay, the I-94's is",
      'mi visa dice que vence en 2030, me puedo quedar hasta esa fecha?',
      'La fecha de tu visa no es hasta cuándo te puedes quedar',
    ],
    [
      'an I-589 pending and a visit abroad: leaving without a permit abandons the case',
      'tengo mi i-589 pendiente, puedo salir a ver a mi mama a honduras?',
      'dar por abandonada tu solicitud de asilo',
    ],
    [
      'someone afraid the abuser learns of a VAWA case: it is confidential',
      'quiero pedir VAWA pero tengo miedo que mi esposo se entere, le avisan a el?',
      'sin que tu agresor se entere; tu caso es confidencial',
    ],
    [
      'a resident leaving for two years: ask for the reentry permit before leaving',
      'soy residente y me voy 2 anos a trabajar a chile, que hago pa no perder la green card',
      'pide antes de salir un permiso de reingreso',
    ],
    [
      'someone with a consulate interview for the green card what to bring',
      'a mi esposo le dieron fecha para la entrevista en la embajada de tegucigalpa por la residencia, que documentos lleva?',
      'A la entrevista lleva tu pasaporte',
    ],
    [
      'a resident moving to another state that the status is not lost, and the AR-11',
      'tengo residencia y me quiero mudar a otro estado, pierdo algo?',
      'no se pierden por mudarte',
    ],
    [
      'someone leaving for a consular interview that the provisional waiver asks for hardship',
      'mi esposa es ciudadana, yo entre sin papeles y tengo que salir a la entrevista en juarez, que perdon hay',
      'sufriría mucho sin ti',
    ],
    [
      'a fiancée arriving on a K-1 that she may work, with a permit that lasts the visa',
      'mi prometida llega con la k1, puede trabajar con la k1 desde que llega?',
      'que vale solo 90 días',
    ],
    [
      'residents asking about "nuestros papás" (a possessive like "mis") that a resident cannot petition for parents',
      'somos residentes mi hermano y yo, podemos pedir a nuestros papas?',
      'un residente no puede pedir a sus papás',
    ],
    [
      'someone threatened by phone by a cartel to report the extortion, even without papers',
      'me marcan diciendo que son del cartel y que si no les mando dinero le van a hacer algo a mi familia en guerrero',
      'Denuncia la extorsión a la policía o al FBI',
    ],
    [
      'someone whose visa expired and whose boss wants to sponsor them that it usually cannot be finished here',
      'se me vencio la visa hace años y mi jefe me quiere arreglar por el trabajo, se puede?',
      'se venció tu visa o trabajaste sin permiso, por lo general no puedes terminar el trámite aquí',
    ],
    [
      'a DACA recipient marrying a citizen that DACA itself gives no residence',
      'tengo daca y me voy a casar con una ciudadana, puedo sacar la residencia?',
      'DACA no te da la residencia',
    ],
    ['a U visa holder (not the gate) when the residence comes', 'con la visa U puedo sacar la green card mas adelante?', '3 años'],
    ['a T visa holder that the residence is asked with the I-485', 'ya tengo la visa T, cuando puedo pedir la green card?', 'I-485'],
    [
      'someone who paid for quick work permits and cannot reach the seller to report the fraud',
      'le di 1500 dolares a un señor que prometia permisos rapido y ahora no contesta el telefono',
      'reportfraud.ftc.gov',
    ],
    [
      'someone with an old removal order called to an ICE office to see a lawyer before going',
      'me llego una carta para presentarme en la oficina de ice y tengo una orden de deportacion vieja',
      'antes de ir',
    ],
    [
      'someone who moved cities with a court case about the EOIR-33',
      'me movi de phoenix para tucson el mes pasado, mi audiencia sigue pendiente, que papel mando?',
      'EOIR-33',
    ],
    [
      "an overstay married to a citizen (not the visitor's extension) that they can still adjust here",
      'me quede mas tiempo de lo que decia mi visa y me case con una ciudadana, puedo ajustar aqui?',
      'aunque tu visa venció',
    ],
    ['someone a company wants to sponsor about the labor certification', 'una empresa me quiere patrocinar, como es el proceso?', 'PERM'],
    ['a visa lottery winner about the deadline of the fiscal year', 'sali seleccionado en la loteria de visas, que sigue?', '30 de septiembre'],
    ['someone who owes taxes about a payment plan before naturalising', 'le debo al IRS, puedo hacerme ciudadano?', 'plan de pago'],
    [
      'someone who once claimed to be a citizen that it can close the residence for ever',
      'en un trabajo dije que era ciudadano, ahora quiero pedir la residencia, es problema?',
      'para siempre',
    ],
    [
      'someone studying for the civics test that the test is in English',
      'en que idioma es el examen de la ciudadania y donde estudio las preguntas de civica?',
      'todo el examen es en inglés',
    ],
    [
      'someone asking whether the CHNV parole is still open that no new requests are taken',
      'mi hermano esta en venezuela, todavia se puede pedir el parole humanitario para el?',
      'Ya no se aceptan solicitudes nuevas',
    ],
    [
      'someone threatened with deportation by a caller who wants money that it is a scam',
      'me estan llamando unos que dicen ser agentes de migracion, si no les pago 300 con zelle me deportan el lunes',
      'es una estafa',
    ],
    ['someone who lost the work permit card that a new one is asked with the I-765', 'perdi la tarjeta de permiso de trabajo, como saco otra?', 'I-765'],
    [
      'an asylum applicant whose boss asks for a work permit when to ask for it (not the green card through work)',
      'mi patron me pide permiso de trabajo y tengo mi caso de asilo hace 7 meses, cuando lo puedo pedir',
      '150 días',
    ],
    [
      'an asylum applicant that the spouse and children can go in the same application',
      'mi esposa y mis dos chamacos pueden ir en mi solicitud de asilo?',
      'puedes incluir',
    ],
    ['a seasonal worker charged by a contractor that nobody may charge for the visa', 'el contratista me cobra 1000 por la visa h2a', 'te pueden cobrar'],
    [
      'someone whose 2-year card expires with the I-751 filed that the receipt proves the residence',
      'mande el i-751 hace 2 meses y mañana se vence mi green card de 2 años, en el trabajo me piden que demuestre que sigo legal, que les enseño?',
      'prueba tu residencia por 48 meses',
    ],
    ['an asylee the fee of the residence (only refugees pay nothing)', 'cuanto cuesta la residencia por asilo?', 'el I-485 cuesta 1,440 dólares'],
    ['someone with an approved I-130 that it gives no work permit', 'puedo trabajar con el i-130 aprobado?', 'no te da permiso de trabajo'],
  ])('tells %s', (_who, question, line) => {
    expect(ask(question).text).toContain(line);
  });

  it('reads "mi jefe" as a boss, not a father (only "mi jefa" and "jefito" are the parents)', () => {
    expect(engine.retriever.expand('mi jefe me pide el permiso de trabajo').text).not.toMatch(/papa|padres/);
  });

  it('reads regional words for children as children', () => {
    expect(engine.retriever.expand('vine con mis 2 cipotes y la chamaca').corrected).toBe('vine con mis 2 hijos y la hija');
  });

  it('answers "when is my turn in court" with the case of checking the hearing date', () => {
    expect(engine.plan('tengo mi proceso abierto con inmigracion y no se cuando me toca corte', [], 'user').primary?.section.id).toBe('revisar-fecha');
  });

  it('reads a vote cast by mistake, told with words between, as the case of voting by mistake', () => {
    expect(engine.retriever.search('voté hace dos años por error, ¿me afecta para la ciudadanía?').hits[0]!.section.id).toBe('me-registre-por-error');
  });

  it("answers many years here, a court case and citizen children with the judge's cancellation of removal", () => {
    expect(ask('llevo 15 años aqui, estoy en corte y mis hijos son americanos, que puede hacer el juez?').entryIds[0]).toBe('cancelacion-de-deportacion');
  });

  it('reads a baby born in a city of this country as born here, not abroad', () => {
    expect(ask('mi bebe nacio en chicago hace dos semanas y yo no tengo papeles, el ya es ciudadano?').entryIds[0]).toBe('hijos-nacidos-aqui');
    expect(ask('mi hija nacio en phoenix, es americana aunque yo sea indocumentada?').entryIds[0]).toBe('hijos-nacidos-aqui');
  });

  it('gives the joint sponsor a phrase when the sponsor "gana poquito" (said of another person)', () => {
    const hit = engine.retriever.search('mi suegro gana poquito, quiere ser mi patrocinador').hits.find((h) => h.entry.id === 'patrocinador-conjunto');
    expect(hit?.evidence ?? 0).toBeGreaterThan(0);
  });

  it('takes a recipe asked in the middle of a conversation as a new subject, off-topic', () => {
    const history = [
      { role: 'user' as const, content: 'pedi asilo hace un año, cuanto tarda la entrevista?' },
      { role: 'assistant' as const, content: 'La entrevista de asilo puede tardar años.' },
    ];
    expect(ask('y tu sabes la receta de las pupusas?', history).kind).toBe('offtopic');
  });

  it('tells a couple asking whether they can marry without papers that they can, not the fiancé visa nor an urgent script', () => {
    const answer = ask('no tengo papeles y mi pareja es ciudadano, nos podemos casar aqui?');
    expect(answer.kind).toBe('answer');
    expect(answer.text).toContain('puedes casarte en Estados Unidos aunque no tengas papeles');
  });

  it('reads "¿cuándo ya puedo aplicar?" as asking for a deadline', () => {
    expect(detectIntents('me aprobaron el asilo hace 14 meses, cuando ya puedo aplicar para la green card?', vocabulary)[0]).toBe('deadline');
  });

  it('reads "me debe dos semanas" as wages owed: the Department of Labor, not an unknown', () => {
    const answer = ask('el contratista me debe dos semanas y dice que sin papeles no puedo reclamar nada');
    expect(answer.kind).toBe('answer');
    expect(answer.entryIds[0]).toBe('derechos-laborales');
    expect(answer.text).toContain('Departamento de Trabajo');
  });

  it("answers a landlord's threat to call immigration from the renting entry, not the employer's case", () => {
    expect(engine.plan('la duena de la casa donde rento dice que va a llamar a la migra si me quejo de la humedad', [], 'user').primary?.entry.id).toBe(
      'renta-y-desalojo',
    );
  });

  it('asks the two questions when someone asks how to stop being undocumented', () => {
    expect(ask('que hago pa dejar de estar ilegal').kind).toBe('clarify');
  });

  it('still answers a resident asking how long they may stay abroad from the travel entry, not the visitor extension', () => {
    expect(engine.plan('tengo green card, cuanto tiempo me puedo quedar fuera del pais?', [], 'user').primary?.entry.id).toBe('viajar-con-green-card');
  });

  it('tells a resident leaving for a long stay, afraid to lose the green card, about the reentry permit', () => {
    const plan = engine.plan('soy residente y tengo que irme a cuidar a mi mama unos dos años a puebla, me quitan la residencia?', [], 'user');
    expect(plan.primary?.section.id).toBe('permiso-de-reingreso');
  });

  it('hears a marriage told with words between "me casé" and "con mi novia" as a spouse now', () => {
    const plan = engine.plan('soy residente, me case en diciembre con mi novia que vive en puebla, como la pido?', [], 'user');
    expect(`${plan.primary?.entry.id}#${plan.primary?.section.id}`).toBe('matrimonio-y-residencia#esposo-residente');
  });

  it('reads a form already filed as the story, and answers the next step asked (the work permit with an I-485 pending)', () => {
    expect(formsFiled(' ya presente el i-485 por mi esposa y me mude ', ['I-485', 'AR-11'])).toEqual(['I-485']);
    expect(formsFiled('como lleno el i-485', ['I-485'])).toEqual([]);
    const plan = engine.plan('ya presente el I-485 por mi esposa, cuando puedo pedir el permiso para trabajar?', [], 'user');
    expect(`${plan.primary?.entry.id}#${plan.primary?.section.id}`).toBe('i-765#ajuste-pendiente');
  });

  it('tells a resident who already stayed abroad more than a year about the returning resident visa', () => {
    for (const q of [
      'tengo la green card y me quede 15 meses en colombia por un problema, me dejan entrar?',
      'me quede mas de un ano fuera con mi green card, que hago para volver?',
    ]) {
      expect(engine.plan(q, [], 'user').primary?.section.id, q).toBe('fuera-mas-de-un-ano');
      expect(ask(q).text, q).toMatch(/SB-1/);
    }
  });

  it('tells a resident who petitioned a spouse and naturalises that the case becomes an immediate relative one by itself', () => {
    const answer = ask('soy residente y ya meti la peticion de mi esposa, si me hago ciudadano que pasa con ese caso?');
    expect(answer.text).toMatch(/en automático a pariente inmediato/);
  });

  it('reads a form filed a few words after the verb as filed too, and answers the asylum seeker asking for a work permit', () => {
    expect(formsFiled(' meti el asilo hace 7 meses con el i-589 ', ['I-589'])).toEqual(['I-589']);
    const plan = engine.plan('meti mi asilo hace 6 meses con el i-589, ya puedo pedir permiso de trabajo?', [], 'user');
    expect(`${plan.primary?.entry.id}#${plan.primary?.section.id}`).toBe('i-765#asilo');
  });

  it('answers a denied I-130 with the appeal and its deadline', () => {
    const answer = ask('nos negaron el i-130 de mi esposa, hay manera de apelar?');
    expect(answer.sentences[0]).toMatch(/EOIR-29.*30 días/);
  });
});
