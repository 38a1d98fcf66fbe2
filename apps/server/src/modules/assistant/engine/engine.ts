import MiniSearch from 'minisearch';
import type { KnowledgeBase } from '../knowledge/load';
import type { KnowledgeEntry } from '../knowledge/schema';
import { applyShortReply, CLARIFYING_QUESTIONS, extractFacts, hasTrigger, isClarification, unanswered, type Aspect, type Facts } from './clarify';
import { legalizationPathway, type Pathway } from './legalization';
import { formsMentioned, normalize, rewrite, stem, terms } from './normalize';
import { spellOutUnitedStates, splitSentences } from './sentences';

export type AnswerKind = 'answer' | 'urgent' | 'clarify' | 'offtopic';
export type Mode = 'user' | 'guest';
export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}
export type Intent = 'fee' | 'time' | 'who' | 'documents' | 'what' | 'how';

export interface Plan {
  kind: AnswerKind;
  mode: Mode;
  /** The question as the answer must understand it: after a clarification, the whole exchange. */
  question: string;
  intent: Intent;
  /** Ranked knowledge entries for the answer (grounding for a language model). */
  entries: KnowledgeEntry[];
  primary?: KnowledgeEntry;
  /** A related form that belongs in the same answer (named in its own sentence and in the reminder). */
  companion?: KnowledgeEntry;
  pathway?: Pathway;
  clarify?: Aspect[];
  /** The built-in engine has a match it can answer with on its own. */
  confident: boolean;
}

export interface EngineResult {
  kind: AnswerKind;
  text: string;
  sentences: string[];
  /** Form numbers the answer names. */
  forms: string[];
  entryIds: string[];
}

const LEGALIZATION_IDS = new Set(['i-485', 'i-130', 'i-130a', 'i-601a', 'i-864', 'ds-260']);

/** Requests that are not "how do I get papers" even when they mention the green card or residency. */
const SPECIFIC_ASKS =
  /\b(renovar|reponer|danada|perdida|vencid\w*|vence|condicion|condicional|condiciones|viajar|salir del pais|salir y regresar|permiso de viaje|permiso de trabajo|hacerme ciudadan|ser ciudadan|la ciudadania|naturaliz|asilo|daca|tps|cambio de direccion|pendiente|en tramite|ya tengo mi|perdon)\b/;

const IMMIGRATION_WORDS =
  /\b(venir|vengan|visitar\w*|visita|emigrar|llenar|aplicacion|aplicar|aplique|solicitud|recibo|notificacion|inmigr|migra|visa|papeles|residen|ciudadan|naturaliz|green card|uscis|ice|deport|asilo|refugi|permiso|formulario|forma [a-z]|tramite|corte|juez|estatus|status|frontera|consulado|embajada|pasaporte|daca|tps|parole|detenid|detuvieron|abogado|notario|migrante|extranjer|pais|mica|petici|patrocin|ajuste|perdon|deportacion|legal|indocumentad|cruce|i [0-9]|n [0-9]|ds [0-9])/;

/** What makes a question urgent (decisions D4), in priority order, with the entry that answers it. */
const URGENT_SIGNALS: Array<[RegExp, string | null]> = [
  // A criminal record: urgent, answered by the question's own entry (null) with a lawyer.
  [/\b(dui|manejando (tomado|borracho|bebido)|antecedentes|record criminal|delito|condena|me declare culpable|cargos criminales)\b/, null],
  [/\b(detuvieron|detenid[oa]s?|arrestad[oa]|me agarr\w*|lo agarr\w*|la agarr\w*|se (lo |la |los )?llev(o|aron)|centro de detencion|esta pres[oa]|lo tienen|la tienen|no sabemos donde esta)\b/, 'derechos-detencion'],
  [/\b(violencia domestica|me pega|me golpea|me maltrata|maltrato|abusa de mi|abuso|me amenaza con deportarme)\b/, 'i-360'],
  [/\b(miedo (de |a )?(volver|regresar)|me (van a )?mat\w*|persegu\w*|persecucion|amenazas? de muerte|asilo|peligro (en|si) (regreso|vuelvo))\b/, 'i-589'],
  // ICE at the door now (not "what if they come"): urgent.
  [/\b(ice|migra|agentes)\b.*\b(esta(n)? tocando|tocando (la|mi) puerta|esta(n)? afuera|afuera de mi casa|ahorita|ahora mismo|en este momento)\b|\b(esta(n)? tocando|ahorita|ahora mismo)\b.*\b(ice|migra|agentes)\b/, 'derechos-ice-en-casa'],
  // Someone held at work now: passports taken, not allowed to leave.
  [/\b(no (me|nos) deja(n)? (salir|irnos|irme)|(me|nos) (tiene|tienen) (trabajando sin pagar\w*|encerrad\w*)|(me|nos) quit(a|an|o|aron) (el|los) pasaportes?)\b(?!.*\bya sali)/, 'i-914'],
  [/\b(orden de deportacion|orden de remocion|me van a deportar|lo van a deportar|la van a deportar|deportacion|deportar\w*|deportad[oa]|corte audiencia|corte|notice to appear|aviso para comparecer)\b/, 'orden-deportacion-y-corte'],
  [/\b(notario me|me estafo|estafa|fraude|me engano|me robo|me cobro y)\b/, 'fraude-notarios'],
  [/\b(me arrestaron|la carcel)\b/, 'encontrar-abogado'],
];

/** "Mi esposa es ciudadana, entré con visa, ¿qué formas llenamos?": a family-based papers question. */
const ASKS_FOR_PAPERS = /\b(que (formas|formularios|papeles|tramite|hacemos|hago|tengo que hacer|necesito)|como (arreglo|le hago|hacemos)|que sigue)\b/;

/** After an approved petition the next form depends on where the person is. */
const APPROVED = /\b(aprobaron|aprobado|aprobada|ya salio|me llego la aprobacion|ya me aprobaron)\b/;

const INTENTS: Array<[Intent, RegExp]> = [
  ['fee', /\b(cuanto (cuesta|cobra|vale|sale|se paga|hay que pagar|pago)|precio|costo|cuesta|tarifa|cuota|pagar|cobran|fee)\b/],
  ['time', /\b(cuanto (tiempo|tarda|demora|se tarda|dura)|tarda|demora|cuando (llega|me llega|sale)|tiempo)\b/],
  ['documents', /\b(que (documentos|papeles|pruebas) (necesito|llevo|junto|piden|mando)|documentos necesito|que necesito (llevar|juntar|mandar))\b/],
  ['who', /\b(requisitos|quien puede|quienes pueden|puedo (pedir|solicitar|aplicar|sacar)|califico|me toca|soy elegible|tengo derecho)\b/],
  ['what', /\b(que es|para que sirve|que significa|de que se trata)\b/],
];

const OPENERS = ['Claro, te explico.', 'Con gusto te ayudo.', 'Te cuento cómo funciona.', 'Claro que sí, aquí va.'];
const URGENT_OPENERS = ['Siento mucho lo que estás pasando.', 'Entiendo que es un momento difícil.'];

function pick<T>(seed: string, options: T[]): T {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return options[hash % options.length]!;
}

export function detectIntent(question: string): Intent {
  const n = normalize(question);
  return INTENTS.find(([, pattern]) => pattern.test(n))?.[0] ?? 'how';
}

/** Forms filled in online only (State Department): the app has a guide to download, not the form. */
const ONLINE_ONLY = new Set(['DS-160', 'DS-260']);

/** "Puedes descargar el formulario I-485 en la sección Documentos de la app." */
export function reminderSentence(forms: string[]): string {
  if (forms.length === 0) return 'En la sección Documentos de la app tienes guías gratis en PDF sobre este tema.';
  if (forms.length === 1 && ONLINE_ONLY.has(forms[0]!)) return `En la sección Documentos de la app puedes descargar una guía del ${forms[0]}.`;
  if (forms.length === 1) return `Puedes descargar el formulario ${forms[0]} en la sección Documentos de la app.`;
  const list = `${forms.slice(0, -1).join(', ')} y ${forms.at(-1)}`;
  return `Puedes descargar los formularios ${list} en la sección Documentos de la app.`;
}

export const REMINDER_PATTERN = /secci[oó]n (de )?Documentos/i;
const GENERIC_LAWYER = 'Busca pronto a un abogado o a un representante acreditado por el Departamento de Justicia.';

export class AnswerEngine {
  private readonly index: MiniSearch<{ id: string }>;
  private readonly keywordTerms: Array<{ id: string; keywords: string[][] }>;
  private readonly forms: string[];

  constructor(readonly kb: KnowledgeBase) {
    this.forms = [...kb.byForm.keys()];
    this.index = new MiniSearch({
      fields: ['form', 'keywords', 'title', 'description', 'answer'],
      storeFields: ['id'],
      tokenize: (text) => rewrite(normalize(text)).split(' '),
      processTerm: (term) => (term.length > 1 ? stem(term) : null),
      searchOptions: {
        boost: { form: 6, keywords: 3, title: 2, description: 1, answer: 0.6 },
        fuzzy: (term) => (term.length > 5 ? 0.2 : false),
        prefix: (term) => term.length > 4,
        combineWith: 'OR',
      },
    });
    this.index.addAll(
      kb.entries.map((e) => ({
        id: e.id,
        form: e.form ? `${e.form} ${e.form.replace('-', '')} ${e.form.replace('-', ' ')}` : '',
        keywords: e.keywords.join(' . '),
        title: e.title,
        description: e.description,
        answer: [e.answer.what, e.answer.who].join(' '),
      })),
    );
    this.keywordTerms = kb.entries.map((e) => ({ id: e.id, keywords: e.keywords.map((k) => [...new Set(terms(k))]) }));
  }

  /**
   * Entries ranked for a question. A keyword counts when every one of its terms is in the question (in
   * any order, a letter of difference allowed in long words); the entry's longest matching keyword
   * decides most, the others add a little, the full-text score (scaled to 10) breaks ties, and a form
   * the question names adds more. `phrase`: a keyword or a named form matched.
   */
  search(text: string, limit = 3): Array<{ entry: KnowledgeEntry; score: number; phrase: boolean }> {
    const questionTerms = terms(text);
    const scores = new Map<string, number>();
    const phrased = new Set<string>();
    if (questionTerms.length) {
      const hits = this.index.search(questionTerms.join(' '));
      const best = hits[0]?.score ?? 1;
      for (const hit of hits) scores.set(hit.id, (10 * hit.score) / best);
    }
    const has = (term: string) => questionTerms.some((q) => q === term || (term.length >= 6 && q.length >= 6 && editDistanceAtMostOne(q, term)));
    for (const { id, keywords } of this.keywordTerms) {
      const sizes = keywords.filter((set) => set.length > 0 && set.every(has)).map((set) => set.length).sort((a, b) => b - a);
      if (sizes.length === 0) continue;
      const [bestSize, ...rest] = sizes;
      scores.set(id, (scores.get(id) ?? 0) + 12 * bestSize! + Math.min(9, 3 * rest.reduce((a, b) => a + b, 0)));
      phrased.add(id);
    }
    for (const form of formsMentioned(text, this.forms)) {
      const id = this.kb.byForm.get(form)!.id;
      scores.set(id, (scores.get(id) ?? 0) + 14);
      phrased.add(id);
    }
    return [...scores]
      .map(([id, score]) => ({ entry: this.kb.byId.get(id)!, score, phrase: phrased.has(id) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }

  /** Decides what kind of reply a question gets and what grounds it (the same for every answer engine). */
  plan(message: string, history: Turn[], mode: Mode): Plan {
    const lastAssistant = [...history].reverse().find((t) => t.role === 'assistant');
    const answeringClarification = mode === 'user' && !!lastAssistant && isClarification(lastAssistant.content);
    let question = message;
    let facts: Facts | undefined;
    if (answeringClarification) {
      const index = history.lastIndexOf(lastAssistant!);
      const original = [...history.slice(0, index)].reverse().find((t) => t.role === 'user')?.content ?? '';
      question = `${original}\n${message}`;
      const asked = (Object.keys(CLARIFYING_QUESTIONS) as Aspect[]).filter((a) => lastAssistant!.content.includes(CLARIFYING_QUESTIONS[a]));
      facts = applyShortReply(extractFacts(question), message, asked);
    }

    const n = normalize(question);
    const ranked = this.search(question, 4);
    const top = ranked[0];
    const intent = detectIntent(message);
    const urgentSignal = URGENT_SIGNALS.find(([pattern]) => pattern.test(n));
    const named = formsMentioned(question, this.forms);
    const immigration = IMMIGRATION_WORDS.test(` ${rewrite(n)} `) || named.length > 0;

    // A trigger phrase next to another, specific request (renew, replace, travel, work, citizenship...)
    // is about that request: "se me perdió la green card" wants the I-90, not the clarifying questions.
    const specificAsk = SPECIFIC_ASKS.test(` ${rewrite(n)} `) && !!top && !LEGALIZATION_IDS.has(top.entry.id);
    const familyFacts = extractFacts(question);
    const familyPapers = (familyFacts.relative === 'ciudadano' || familyFacts.relative === 'residente') && !!familyFacts.entry && ASKS_FOR_PAPERS.test(n);
    const trigger = hasTrigger(question) || familyPapers;

    if (trigger && !urgentSignal && (answeringClarification || (named.length === 0 && !specificAsk))) {
      facts ??= extractFacts(question);
      const missing = unanswered(facts);
      if (!answeringClarification && mode === 'user' && missing.length >= 2) {
        return { kind: 'clarify', mode, question, intent, entries: [], confident: true, clarify: missing.slice(0, 2) };
      }
      const pathway = legalizationPathway(this.kb, facts);
      const entries = pathway.entryIds.map((id) => this.kb.byId.get(id)!).filter(Boolean);
      return { kind: 'answer', mode, question, intent, entries, primary: entries[0], pathway, confident: true };
    }

    // "Ya aprobaron el I-130...": the next step, DS-260 from abroad or I-485 from inside.
    if (APPROVED.test(n) && (named.includes('I-130') || top?.entry.id === 'i-130')) {
      const where = extractFacts(question).location;
      const next = this.kb.byId.get(where === 'dentro' ? 'i-485' : 'ds-260')!;
      return { kind: 'answer', mode, question, intent, entries: [next, this.kb.byId.get('i-130')!], primary: next, confident: true };
    }

    if (urgentSignal) {
      const signalled = urgentSignal[1] ? this.kb.byId.get(urgentSignal[1]) : (top?.entry ?? this.kb.byId.get('encontrar-abogado'));
      // The signal's entry answers, unless the knowledge base found a better urgent match by keywords.
      const signalledScore = ranked.find((r) => r.entry.id === signalled?.id)?.score ?? 0;
      const primary = top && top.entry.urgent && top.phrase && top.score > signalledScore ? top.entry : (signalled ?? top?.entry);
      const entries = uniqueEntries([primary, ...ranked.map((r) => r.entry)]);
      return { kind: 'urgent', mode, question, intent, entries, primary, confident: !!primary };
    }

    // Without any immigration word nor a keyword phrase, a fuzzy score means nothing: off topic.
    if (!immigration && !top?.phrase) return { kind: 'offtopic', mode, question, intent, entries: [], confident: true };
    if (!top || top.score < 4) return { kind: 'answer', mode, question, intent, entries: ranked.map((r) => r.entry), confident: false };

    // Only the full-text score, no keyword: a clear winner may answer, but it is not confident (a
    // failing model shows its error) and it is never urgent by itself.
    if (!top.phrase) {
      const clear = !ranked[1] || top.score >= 1.6 * ranked[1].score;
      return { kind: 'answer', mode, question, intent, entries: ranked.map((r) => r.entry), primary: clear ? top.entry : undefined, confident: false };
    }
    const kind: AnswerKind = top.entry.urgent ? 'urgent' : 'answer';
    // A companion form close behind (the I-130A beside the I-130) is named too.
    const second = ranked[1];
    const companion =
      second && second.phrase && second.score >= 0.75 * top.score && (top.entry.related.includes(second.entry.id) || second.entry.related.includes(top.entry.id)) ? second.entry : undefined;
    return { kind, mode, question, intent, entries: ranked.map((r) => r.entry), primary: top.entry, companion, confident: top.score >= 8 };
  }

  /** The built-in answer for a plan (decisions D4): 3 to 5 warm, plain sentences; one in the guest demo. */
  compose(plan: Plan): EngineResult {
    const finish = (kind: AnswerKind, sentences: string[], forms: string[]): EngineResult => {
      const clean = sentences.map((s) => spellOutUnitedStates(s));
      return { kind, sentences: clean, text: clean.join(' '), forms, entryIds: plan.entries.map((e) => e.id) };
    };

    if (plan.mode === 'guest') return finish(plan.kind === 'clarify' ? 'answer' : plan.kind, [this.guestSentence(plan)], plan.primary?.form ? [plan.primary.form] : []);

    switch (plan.kind) {
      case 'clarify':
        return finish('clarify', plan.clarify!.map((aspect) => CLARIFYING_QUESTIONS[aspect]), []);
      case 'offtopic':
        return finish('offtopic', ['¡Qué buena pregunta!', 'Yo solo sé de inmigración, como visas, residencia o ciudadanía; cuéntame tu duda y con gusto te ayudo.'], []);
    }

    if (plan.pathway) {
      const { sentences, forms, complex } = plan.pathway;
      const body = [...sentences];
      const reminder = reminderSentence(forms.slice(0, 2));
      while (body.length + 1 > 5) body.pop();
      if (complex && !body.some((s) => /abogado/.test(s))) body.splice(Math.min(body.length, 3), 1, GENERIC_LAWYER);
      return finish(plan.kind, [...body, reminder], forms);
    }

    const entry = plan.primary;
    if (!entry) {
      return finish('answer', ['Quiero ayudarte bien con tu duda.', 'Cuéntame un poco más: qué trámite quieres hacer y cuál es tu situación.', reminderSentence([])], []);
    }

    const companion = plan.companion;
    const forms = [entry.form, companion?.form].filter((f): f is string => !!f);
    const a = entry.answer;
    const content: string[] = [a.what, ...(companion ? [companion.answer.what] : [])];
    switch (plan.intent) {
      case 'fee':
        // A form with no fee of its own (a fee waiver, a supplement): say who uses it instead.
        content.push(entry.fee.amount_usd === null && /Consulta la tarifa/.test(a.fee) ? a.who : a.fee);
        if (entry.fee.note && entry.fee.note.length < 120 && !/fuente secundaria|Tema informativo/.test(entry.fee.note)) content.push(asSentence(entry.fee.note));
        break;
      case 'time':
        content.push(a.time ?? 'Los tiempos cambian; puedes revisar el estado de tu caso en uscis.gov.', a.steps[0]!);
        break;
      case 'documents':
        content.push(`Por lo general vas a necesitar: ${entry.guide.gather.slice(0, 3).map(lowerFirst).join('; ')}.`, a.steps[0]!);
        break;
      case 'who':
        content.push(a.who, a.steps[0]!);
        break;
      case 'what':
        content.push(a.who, a.fee);
        break;
      default:
        content.push(a.who, a.steps[0]!, ...(a.time ? [a.time] : []));
    }

    const urgent = plan.kind === 'urgent';
    // Urgent cases always point to a lawyer; complex ones (the entry says when) do too.
    const lawyer = urgent ? (a.lawyer ?? GENERIC_LAWYER) : (a.lawyer ?? null);
    const reminder = reminderSentence(forms);
    const room = 5 - 1 - (lawyer ? 1 : 0);
    const body = content.slice(0, room);
    const sentences = [...body, ...(lawyer ? [lawyer] : []), reminder];
    if (sentences.length < 5) sentences.unshift(pick(plan.question, urgent ? URGENT_OPENERS : OPENERS));
    return finish(plan.kind, sentences, forms);
  }

  private guestSentence(plan: Plan): string {
    if (plan.kind === 'offtopic') return 'Solo puedo ayudarte con temas de inmigración, como visas, residencia o ciudadanía.';
    if (plan.pathway || plan.kind === 'clarify') return 'Hay varios caminos para arreglar tu situación, como una petición familiar, el asilo o la visa U, y el mejor depende de tu caso.';
    if (plan.primary) return plan.primary.answer.what;
    return 'Puedo orientarte sobre visas, residencia, ciudadanía, permisos de trabajo y otros trámites de inmigración.';
  }

  /** The built-in engine end to end: plan, then compose. */
  respond(message: string, history: Turn[] = [], mode: Mode = 'user'): EngineResult {
    return this.compose(this.plan(message, history, mode));
  }
}

function editDistanceAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

function uniqueEntries(list: Array<KnowledgeEntry | undefined>): KnowledgeEntry[] {
  const seen = new Set<string>();
  return list.filter((e): e is KnowledgeEntry => !!e && !seen.has(e.id) && (seen.add(e.id), true));
}

function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export { splitSentences };
