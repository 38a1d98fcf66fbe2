import type { AnswerKind, AnswerSource, Turn } from '@camino/contracts';
import type { KnowledgeBase } from '../knowledge/load';
import type { KnowledgeEntry, Section } from '../knowledge/schema';
import { applyShortReply, askedAspects, extractFacts, GATE_ENTRY, isClarification, pathwaySection, unanswered, type Aspect, type Facts } from './clarify';
import { closingSentence, composeBody, formsOf, isOpposite, ledBy, namesLawyer } from './compose';
import { exampleText, type Examples } from './examples';
import { Retriever, type Hit, type Retrieval } from './retrieve';
import { spellOutUnitedStates } from './sentences';
import { formsMentioned, isStopWord, namesAForm, normalize, terms, words } from './text';
import { asksToPredict, detectIntents, loadVocabulary, type Intent, type Vocabulary } from './vocabulary';

export type Mode = 'user' | 'guest';
export type { Turn };

/**
 * What kind of reply a question gets and what grounds it, the same for the built-in engine and the
 * language model (architecture: retrieval first, for both engines).
 */
export interface Plan {
  kind: AnswerKind;
  mode: Mode;
  /** The question as the answer must understand it: with the conversation it continues. */
  question: string;
  /** The message itself, which the answer's first sentence must answer. */
  asked: string;
  intents: Intent[];
  /** Ranked case sections (grounding for a language model). */
  hits: Hit[];
  primary?: Hit;
  /** The urgent match whose action and resource the answer must carry. */
  urgent?: Hit;
  /** A second urgent situation in the same question (abuse and a threat of deportation): its action too. */
  alsoUrgent?: Hit;
  /** The entry's other case that a second question of the message asks about ("¿qué llevo? ¿y puedo cambiar la fecha?"). */
  secondCase?: { hit: Hit; asked: string; intents: Intent[] };
  clarify?: Aspect[];
  /** After the clarifying questions: the gate entry's case for the situation, read in order. */
  pathway?: boolean;
  /** Retrieval is sure enough for the built-in engine to answer on its own (a failing model falls back to it). */
  confident: boolean;
  /**
   * A message with nothing to answer, replied to warmly as an off-topic turn (no consultation): a call
   * for help ("ayuda", "tengo miedo") is asked what happens; a thank-you ("ok gracias") is welcomed. A vague first
   * question ("¿cuánto cuesta?") is asked what it is about, a clarifying turn (decision 0104).
   */
  fixed?: 'help' | 'thanks' | 'vague';
  /** A sentence's votes from the nearest example questions, against the most-voted sentence's (examples.ts). */
  voted?: (text: string) => number;
}

export interface EngineResult {
  kind: AnswerKind;
  text: string;
  sentences: string[];
  /** Form numbers the answer names in its closing sentence. */
  forms: string[];
  entryIds: string[];
}

/**
 * Evidence thresholds, in the units of retrieve.ts (a rare word's IDF^1.5 is about 5-10; a form named
 * is 12). With less than CONFIDENT evidence and less than KNOWN_COVERAGE coverage, the built-in engine says it
 * has no reliable information (tuned on the training sets, docs/decisions/0013).
 */
const CONFIDENT = 3;
/** Keyword phrases this strong make a question about immigration even without an immigration word. */
const IMMIGRATION_EVIDENCE = 6;
/** Without a keyword phrase, the share of the question's words (by IDF, numbers left out) the best section must hold. */
const KNOWN_COVERAGE = 0.27;
/**
 * Without an immigration word, a keyword phrase that matched and a section holding most of the question's
 * words ("nos mudamos, ¿hay que avisarle a alguien?") make the question one of ours too.
 */
const DOMAIN_COVERAGE = 0.6;
/** Without an immigration word or a strong phrase, the share of the question's known words the best section must hold (off-topic questions reach 0.6). */
const OURS_COVERAGE = 0.75;
/** ...in a question of at least this many words that tell something. */
const OURS_TERMS = 5;
/** An urgent entry's phrase this strong makes the answer urgent whatever else matched (the safety floor). */
const URGENT = 3;
/** An urgent case named by its own phrases leads when its evidence is at least this share of the best match's. */
const URGENT_LEAD = 0.8;
/** The gate's phrases must outweigh the best specific entry's phrases by this factor, or the specific question is answered
 * (a way to status named beside "me puedo legalizar": marriage to a citizen). */
const GATE_LEAD = 1.2;
/** A gate phrase is made of common words ("me arreglo"): it needs less weight than a specific match. */
const GATE_MIN = 2.6;
/** A second question of the message needs this many words of its own to pick another case ("¿es lo mismo?" picks none). */
const SECOND_QUESTION_WORDS = 3;
/** A message with at most this many words may continue the conversation ("¿y cuánto cuesta?"). */
const FOLLOW_UP_WORDS = 8;
/** A short message continues the conversation only when at least this share of its words are ones the knowledge base uses. */
const NEW_SUBJECT = 0.5;
/** A follow-up of this many telling words, nearly all of them (this share) in one sure case, is a question of its own. */
const OWN_QUESTION_TERMS = 4;
const OWN_QUESTION_COVERAGE = 0.9;
/** The nearest example questions' case replaces the matched one when its share of their votes is this much larger. */
const EXAMPLE_MARGIN = 0.3;
/** A case named by phrases this many times stronger than the voted case's own keeps the answer. */
const OWN_PHRASE_LEAD = 1.5;
/** An answer no near example was answered from needs its case to hold at least this share of the question's words. */
const UNVOTED_COVERAGE = 0.5;
/** A case that must give way to another (the second opinion) gives way to one whose entry got this share of the votes or more. */
const RESCUE_SHARE = 0.25;
/** The examples decide a near tie when this share of their votes goes to one case (decision 0093)… */
const NEAR_TIE_SHARE = 0.4;
/** …that the words gave at least this share of the chosen case's evidence. */
const NEAR_TIE_EVIDENCE = 0.5;
/** …among this many of the first matches (decision 0095: the vote reaches past the lead's window). */
const NEAR_TIE_WINDOW = 10;
/**
 * …or that holds as much of the question's words, give or take this share: a word's rarity moves a little whenever the
 * knowledge base grows, and a tie must not turn on the fourth decimal.
 */
const NEAR_TIE_COVERAGE = 0.01;
/** Where the second opinion finds no reliable answer, an urgent case with this share of the votes refers the question. */
const VOTED_URGENT_SHARE = 0.3;
/** A related entry whose phrases weigh this share of the answer's adds its own answer sentence. */
const COMPANION = 0.7;

/** A case the search did not match: no score, no evidence, none of the question's words. */
const unmatched = (entry: KnowledgeEntry, section: Section): Hit => ({
  entry,
  section,
  score: 0,
  evidence: 0,
  coverage: 0,
  knownCoverage: 0,
  sectionEvidence: 0,
});

/** The gate entry's case for the situation the conversation describes (its general case when none fits). */
function pathwayOf(gate: KnowledgeEntry, facts: Facts): Section {
  return gate.sections.find((s) => s.id === pathwaySection(facts)) ?? gate.sections[0]!;
}

/** Topics of daily life: a story about them says nothing about a way to status. */
const LIFE_TOPICS: ReadonlySet<string> = new Set(['vida-diaria', 'tramites-uscis', 'permisos-de-trabajo']);

/** A story of daily life is context only when its case holds less than this share of the question's words (else it is what is asked). */
const LIFE_COVERAGE = 0.5;

/** A message without punctuation (dictated) longer than this is a story: its last words are its question. */
const RUN_ON_WORDS = 20;
const RUN_ON_QUESTION = 10;

/**
 * Where a message of several clauses asks its question: the sentence ending in its last question mark when
 * a story follows it ("¿cómo me arreglo? trabajo aquí desde 2010"), else its last clauses, at least three
 * words. A long message dictated without punctuation ends with its question too: its last words.
 */
export function lastClause(message: string): string | undefined {
  const mark = message.lastIndexOf('?');
  if (mark > 0 && words(message.slice(mark + 1)).length > 0) {
    const asked = message
      .slice(0, mark)
      .split(/[.?!\n¿]+/)
      .filter((s) => words(s).length > 0)
      .at(-1);
    if (asked && words(asked).length >= 3) return asked.trim();
  }
  const clauses = message.split(/[.?!\n,;]+/).filter((c) => words(c).length > 0);
  if (clauses.length === 1 && words(message).length > RUN_ON_WORDS) return words(message).slice(-RUN_ON_QUESTION).join(' ');
  let start = clauses.length - 1;
  while (start > 0 && clauses.slice(start).flatMap((c) => words(c)).length < 3) start--;
  return start > 0
    ? clauses
        .slice(start)
        .map((c) => c.trim())
        .join(', ')
    : undefined;
}

/** How many of the best-ranked sections a keyword match may come from to lead over full-text matches. */
const LEAD_WINDOW = 5;
const LEAD_EVIDENCE = 3;
/** The most a rare keyword word alone gives (retrieve.ts, RARE_CAP): no phrase matched. */
const RARE_ONLY = 2.5;
/** A case named by its own phrase leads over an entry's phrase alone when it scores this close and holds this many times as much. */
const CASE_LEAD_SCORE = 0.9;
const CASE_LEAD_COVERAGE = 2;

/**
 * The section that leads the answer: the best ranked, unless it matched by shared words alone and a
 * section close behind matched a keyword phrase or a named form (what people call the thing beats
 * words that happen to be shared), or it matched by its entry's phrase alone and a case close behind
 * was named by a phrase of its own (decision 0102).
 */
export function leadOf(hits: Hit[]): Hit | undefined {
  const top = hits[0];
  if (!top) return undefined;
  if (top.evidence >= CONFIDENT) {
    if (top.sectionEvidence > 0) return top;
    // Ranked first on its entry's phrase alone ("tps"), it gives way to a case close behind that the question named by a
    // phrase of its own and that holds twice as much of the question ("si me mudo de estado", with TPS).
    return (
      hits
        .slice(1, NEAR_TIE_WINDOW)
        .find((h) => h.sectionEvidence > 0 && h.score >= CASE_LEAD_SCORE * top.score && h.knownCoverage >= CASE_LEAD_COVERAGE * top.knownCoverage) ?? top
    );
  }
  // A top hit on a lone rare word ("ahorita") has no phrase: a keyword phrase close behind that holds as
  // much of the question leads.
  const phraseOverWord = (h: Hit) => top.evidence <= RARE_ONLY && h.knownCoverage >= top.knownCoverage;
  return hits.slice(1, LEAD_WINDOW).find((h) => h.evidence >= CONFIDENT && (phraseOverWord(h) || h.evidence >= LEAD_EVIDENCE * top.evidence)) ?? top;
}

function pick<T>(seed: string, options: T[]): T {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return options[hash % options.length]!;
}

export class AnswerEngine {
  readonly retriever: Retriever;
  readonly vocabulary: Vocabulary;
  /** Forms whose official PDF is in the documents catalog (else the closing sentence offers our guide). */
  officialForms: ReadonlySet<string> = new Set();
  /** Questions people asked, with the cases that answered them: the nearest vote for the case. */
  examples?: Examples;
  /** A set of examples left out (an evaluation of that set). */
  examplesLeftOut?: string;

  constructor(
    readonly kb: KnowledgeBase,
    vocabulary: Vocabulary = loadVocabulary(),
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.vocabulary = vocabulary;
    this.retriever = new Retriever(kb, vocabulary);
  }

  private get questions() {
    return this.vocabulary.replies.clarify;
  }

  /** The assistant's turn asked the clarifying questions: the gate's, or what a vague first question is about. */
  isClarification(text: string): boolean {
    return isClarification(text, this.questions) || this.askedWhatAbout(text);
  }

  /** The assistant's turn asked what a vague question is about (replies.yaml, vague). */
  private askedWhatAbout(text: string): boolean {
    return normalize(text).includes(normalize(this.vocabulary.replies.vague[0]!));
  }

  /** Every word says nothing of what is asked, and one names a thing without saying which ("¿cuánto cuesta?"). */
  private isVague(message: string): boolean {
    const i = this.vocabulary.intents;
    const said = words(message);
    return (
      said.some((w) => i.vagueOnly.has(w)) &&
      said.every((w) => isStopWord(w) || i.vagueOnly.has(w) || i.vagueFillers.has(w) || i.helpOnly.has(w) || i.thanksOnly.has(w))
    );
  }

  /** Decides what kind of reply a question gets and what grounds it. */
  plan(message: string, history: Turn[], mode: Mode): Plan {
    const lastAssistant = [...history].reverse().find((t) => t.role === 'assistant');
    const lastUser = [...history].reverse().find((t) => t.role === 'user');
    let intents = detectIntents(message, this.vocabulary);

    // The reply to the clarifying questions, "no sé" included: answered with the whole exchange (D5).
    if (mode === 'user' && lastAssistant && isClarification(lastAssistant.content, this.questions)) {
      const index = history.lastIndexOf(lastAssistant);
      const original = [...history.slice(0, index)].reverse().find((t) => t.role === 'user')?.content ?? '';
      const question = `${original}\n${message}`;
      const facts = applyShortReply(extractFacts(question), message, askedAspects(lastAssistant.content, this.questions));
      const gate = this.kb.byId.get(GATE_ENTRY)!;
      const primary: Hit = { entry: gate, section: pathwayOf(gate, facts), score: 1, evidence: CONFIDENT, coverage: 1, knownCoverage: 1, sectionEvidence: 0 };
      const urgent = this.urgentMatch(this.retriever.search(message).hits);
      return { kind: urgent ? 'urgent' : 'answer', mode, question, asked: question, intents, hits: [primary], primary, urgent, pathway: true, confident: true };
    }

    // A call for help with nothing to go on ("ayuda", "tengo miedo"): asked what is happening, not
    // answered with the last topic nor told it is off-topic. Uses no consultation (an off-topic turn).
    const said = words(message);
    if (said.length > 0 && said.every((w) => isStopWord(w) || this.vocabulary.intents.helpOnly.has(w)))
      return { kind: 'offtopic', mode, question: message, asked: message, intents, hits: [], confident: false, fixed: 'help' };
    if (said.length > 0 && said.every((w) => isStopWord(w) || this.vocabulary.intents.thanksOnly.has(w)))
      return { kind: 'offtopic', mode, question: message, asked: message, intents, hits: [], confident: false, fixed: 'thanks' };

    // A follow-up ("¿y cuánto cuesta?") is understood with the question it follows.
    let question = message;
    let retrieval = this.retriever.search(message);
    // The reply to what a vague question is about ("la green card", after "¿cuánto cuesta?") is answered with it.
    const toldWhatAbout = !!lastUser && !!lastAssistant && this.askedWhatAbout(lastAssistant.content);
    if (toldWhatAbout) {
      question = `${lastUser.content}\n${message}`;
      retrieval = this.retriever.search(question);
      intents = detectIntents(question, this.vocabulary);
    }
    // A thank-you before it ("ok gracias, ¿y…?") does not change what the message starts like.
    const spoken = words(message);
    const start = spoken.findIndex((w) => !this.vocabulary.intents.thanksOnly.has(w));
    const n = ` ${spoken.slice(Math.max(0, start)).join(' ')} `;
    const startsLikeFollowUp = this.vocabulary.intents.followUpStarts.some((p) => n.startsWith(` ${p} `));
    // A message that starts like one ("¿y si hubiera entrado sin papeles? es que mi hermana...") may be longer.
    const short = terms(message).length <= (startsLikeFollowUp ? 2 * FOLLOW_UP_WORDS : FOLLOW_UP_WORDS);
    // Words the knowledge base has never used ("¿y quién ganó el partido de anoche?") are a new subject.
    const ours = this.retriever.knownShare(message) >= NEW_SUBJECT && !this.vocabulary.intents.newSubject.some((p) => n.includes(` ${p} `));
    // A message that alone matches nothing sure continues the conversation whatever its length (after a
    // detention, a reply that tells where the person is held and asks what comes next).
    // A follow-up of a conversation about immigration is about immigration too, even when nothing in it is sure.
    let conversationImmigration = false;
    if (!toldWhatAbout && lastUser && ours && ((short && startsLikeFollowUp) || !this.isConfident(retrieval))) {
      const combinedQuestion = `${lastUser.content}\n${message}`;
      const combined = this.retriever.search(combinedQuestion);
      conversationImmigration = startsLikeFollowUp && combined.immigration;
      // The new message's own confident match wins when the conversation adds nothing sure ("¿y el asilo?"),
      // and when the message already names the entry the conversation is about: its own words pick the
      // case ("¿y con DACA puedo salir del país?" after a DACA renewal question: travel, not renewal).
      const own = new Set(retrieval.hits.filter((h) => h.evidence >= CONFIDENT).map((h) => h.entry.id));
      const sameEntry = this.isConfident(retrieval) && own.has(combined.hits[0]?.entry.id ?? '');
      const combinedUrgent = !!this.urgentMatch(combined.hits);
      // A follow-up that is a question of its own (the asylee's residence asked after the asylum work permit): several
      // telling words, nearly all in a case its own phrase matched, answered on its own (decision 0097); an urgent
      // conversation stays one.
      const ownLead = leadOf(retrieval.hits);
      const ownQuestion =
        terms(message).length >= OWN_QUESTION_TERMS &&
        !!ownLead &&
        ownLead.evidence >= CONFIDENT &&
        ownLead.knownCoverage >= OWN_QUESTION_COVERAGE &&
        !combinedUrgent;
      // An urgent conversation stays urgent: a move asked after a court date is the court's change of address.
      const urgentContext = !this.urgentMatch(retrieval.hits) && combinedUrgent;
      if (this.isConfident(combined) && (startsLikeFollowUp || !this.isConfident(retrieval)) && (!sameEntry || urgentContext) && !ownQuestion) {
        retrieval = combined;
        question = combinedQuestion;
      }
    }
    // A message about a procedure related to the conversation's urgent case (a move, after a court date) is
    // answered on its own, and stays urgent: the case's resource and who to ask are said too.
    let conversationUrgent: Hit | undefined;
    if (question === message && lastUser && ours && !this.urgentMatch(retrieval.hits)) {
      const urgentCase = this.urgentMatch(this.retriever.search(`${lastUser.content}\n${message}`).hits);
      const own = leadOf(retrieval.hits);
      if (urgentCase && own && (urgentCase.entry.related.includes(own.entry.id) || own.entry.related.includes(urgentCase.entry.id)))
        conversationUrgent = urgentCase;
    }

    const hits = retrieval.hits;
    const top = leadOf(hits);
    const urgent = this.urgentMatch(hits) ?? conversationUrgent;
    const confident = this.isConfident(retrieval);

    // The gate by intent (D5): a general trigger phrase matched, and no specific entry matched more of
    // the question's own words; no form named; nothing urgent.
    const specific = hits.find((h) => h.entry.id !== GATE_ENTRY);
    const gateWins = (r: Retrieval) => {
      const gate = r.hits.find((h) => h.entry.id === GATE_ENTRY);
      const other = r.hits.find((h) => h.entry.id !== GATE_ENTRY);
      if (!gate || r.named.length > 0) return undefined;
      // A weak gate phrase in a question the gate holds nearly all of, where no specific case has a phrase of its own and
      // all hold less of it, is the general question ("quiero dejar de estar indocumentado").
      if (gate.evidence < GATE_MIN)
        return gate.evidence > 0 &&
          gate.knownCoverage >= OURS_COVERAGE &&
          r.hits.every((h) => h.entry.id === GATE_ENTRY || (h.sectionEvidence === 0 && h.knownCoverage < gate.knownCoverage))
          ? gate
          : undefined;
      // A specific case holding most of the question's words, and more of them than the gate, beats a weak
      // gate phrase ("me puede arreglar"); a lone word that both share ("arreglar", in a case about an abuser who will not) does not.
      // A specific case ranked above the gate, on phrases of its own and more of the question's words, too
      // ("mi patrón me quiere arreglar los papeles": the green card through work).
      // A case of daily life (taxes, work, school) is the story's context, not a way to status: a gate phrase
      // as strong as it decides (a story of work and taxes that ends asking how to become legal).
      // A case that holds most of the question's words is what is asked (a driver's licence for those without papers).
      const lifeStory =
        !!other &&
        LIFE_TOPICS.has(other.entry.topic) &&
        other.knownCoverage < LIFE_COVERAGE &&
        gate.evidence >= CONFIDENT &&
        gate.evidence * GATE_LEAD >= other.evidence;
      const specificWins =
        !lifeStory &&
        other &&
        (other.evidence >= gate.evidence / GATE_LEAD ||
          (other.knownCoverage >= DOMAIN_COVERAGE &&
            (other.evidence > 0 || terms(message).length > 1) &&
            gate.evidence < CONFIDENT &&
            other.knownCoverage > gate.knownCoverage) ||
          (other.score > gate.score && other.evidence >= CONFIDENT && other.knownCoverage > gate.knownCoverage));
      return specificWins ? undefined : gate;
    };
    // What is asked decides: in a story with its question at the end ("trabajo en la construcción y pago
    // mis impuestos, ¿qué hago para arreglar?"), the story's facts answer the clarifying questions, they are not the question.
    // A story that names a way to status (a citizen son or daughter old enough to petition) is a
    // specific question; a story about life here (work, taxes, school) is context.
    // A case of daily life named by a phrase of its own and holding most of the question's words is what is asked, not
    // context (benefits a child receives, asked about with the green card), unless the story follows the question.
    const storyFollows = /\?\s*\S/.test(message.trim());
    const storyIsContext =
      !specific ||
      (specific.evidence < CONFIDENT && specific.knownCoverage < DOMAIN_COVERAGE) ||
      (LIFE_TOPICS.has(specific.entry.topic) && (specific.knownCoverage < LIFE_COVERAGE || specific.sectionEvidence === 0 || storyFollows));
    const askedPart = question === message && storyIsContext ? lastClause(message) : undefined;
    const gateHit = urgent ? undefined : (gateWins(retrieval) ?? (askedPart ? gateWins(this.retriever.search(askedPart)) : undefined));
    if (gateHit) {
      const facts = extractFacts(question);
      const missing = unanswered(facts);
      if (mode === 'user' && missing.length >= 2)
        return { kind: 'clarify', mode, question, asked: message, intents, hits: [], clarify: missing.slice(0, 2), confident: true };
      const primary: Hit = { ...gateHit, section: missing.length >= 2 ? gateHit.entry.sections[0]! : pathwayOf(gateHit.entry, facts) };
      return { kind: 'answer', mode, question, asked: message, intents, hits: [primary], primary, pathway: missing.length < 2, confident: true };
    }

    // A first question that says nothing of what it is about is asked what it is about (a clarifying turn), not
    // answered with whatever its words match nor told it is off-topic.
    if (!urgent && !lastUser && this.isVague(message)) {
      return { kind: mode === 'user' ? 'clarify' : 'offtopic', mode, question, asked: message, intents, hits: [], confident: false, fixed: 'vague' };
    }
    if (!confident) {
      if (urgent) return { kind: 'urgent', mode, question, asked: message, intents, hits, primary: urgent, urgent, confident: true };
      // A form's number, one the knowledge base does not know included ("¿qué es el I-797?"), is about immigration too.
      const immigration = retrieval.immigration || conversationImmigration || namesAForm(message) || (top?.evidence ?? 0) >= IMMIGRATION_EVIDENCE;
      return { kind: immigration ? 'unknown' : 'offtopic', mode, question, asked: message, intents, hits: immigration ? hits : [], confident: false };
    }
    // The general entry only answers after the clarifying questions; otherwise the best specific match does.
    const best = top!.entry.id === GATE_ENTRY && specific ? specific : top!;
    // An urgent case named by its own phrases, about as strongly as the best match, is what the question is about.
    const namedUrgent =
      urgent && urgent !== conversationUrgent && !best.entry.urgent && urgent.sectionEvidence > 0 && urgent.evidence >= URGENT_LEAD * best.evidence;
    const chosen = namedUrgent ? urgent : best;
    // Within its entry, the case the question's distinguishing words point to.
    const ranked = hits.filter((h) => h.entry === chosen.entry).map((h) => h.section);
    // In a follow-up, the new message's words pick the case first ("¿y si hubiera entrado sin papeles?"
    // after a question about entering with a visa); the conversation's, when they tell none apart.
    // The person's side (a citizen or a resident) is what the conversation told, a follow-up included.
    const opposite = (s: Section) => isOpposite(question, s.title, this.vocabulary.contrasts);
    const ownText = question === message ? undefined : this.retriever.expand(message).text;
    const ownCase =
      ownText === undefined
        ? undefined
        : (this.retriever
            .search(message)
            .hits.filter((h) => h.entry.id === chosen.entry.id && h.sectionEvidence > 0)
            .sort((a, b) => b.sectionEvidence - a.sectionEvidence)[0]?.section ?? this.retriever.caseOf(chosen.entry, ownText, ranked, opposite));
    // The new message's case stands when it is not merely the first ranked, or when its words tell it from the case the
    // whole conversation's words pick ("¿y mis hijos que dejé en Guatemala?" after asking when to apply: the family's case).
    const conversationCase = this.retriever.caseOf(chosen.entry, retrieval.searched, ranked, opposite);
    const ownScore = ownCase && ownText !== undefined ? this.retriever.caseScores(chosen.entry, ownText) : undefined;
    const indexOf = (s: Section) => chosen.entry.sections.indexOf(s);
    const ownWordsPick = !!ownCase && !!ownScore && ownScore(indexOf(ownCase)) > Math.max(0, ownScore(indexOf(conversationCase)));
    const section = ownCase && (ownCase !== ranked[0] || ownWordsPick) ? ownCase : conversationCase;
    let primary =
      section === chosen.section ? chosen : (hits.find((h) => h.entry === chosen.entry && h.section === section) ?? { ...chosen, section, sectionEvidence: 0 });
    // The nearest questions people asked vote (examples.ts, decisions 0091-0093).
    const voted = this.examples?.vote(exampleText({ q: message, history }), this.examplesLeftOut);
    /** The urgent case that got a third or more of the nearest questions' votes (decision 0093). */
    const votedUrgentCase = () => {
      if (!voted?.top || voted.share(voted.top) < VOTED_URGENT_SHARE) return undefined;
      const [entryId, sectionId] = voted.top.split('#');
      const ve = this.kb.byId.get(entryId!);
      const vs = ve?.sections.find((s) => s.id === sectionId);
      if (!ve || !vs || !(ve.urgent || vs.urgent)) return undefined;
      return hits.find((h) => h.entry === ve && h.section === vs) ?? unmatched(ve, vs);
    };
    /** The share of the nearest questions' votes that went to this hit's entry. */
    const entryShare = (h: Hit) => (voted ? h.entry.sections.reduce((sum, s) => sum + voted.share(`${h.entry.id}#${s.id}`), 0) : 0);
    /** No near example was answered from this hit's entry. */
    const unvotedEntry = (h: Hit) => !!voted?.top && h.entry.sections.every((s) => voted.share(`${h.entry.id}#${s.id}`) === 0);
    // Near tie (decision 0093): when none of the nearest questions was answered from the chosen entry, 40 % of their
    // votes or more went to a case among the first ten matches, and the words gave that case at least half the chosen one's evidence,
    // the examples decide between them (a citizen's spouse asking when to naturalise: the N-400, not the marriage petition).
    // A voted case that holds as much of the question's words as the chosen one is as near without a phrase (decision 0095).
    // An urgent case is kept only when its own words named it (decision 0095): one ranked first on words it shares
    // with the question ("mi novio", in a fiancé's question) is a near tie like any other.
    const nearTie =
      voted?.top && this.urgentMatches([primary]).length === 0 && voted.share(voted.top) >= NEAR_TIE_SHARE && unvotedEntry(primary)
        ? hits
            .slice(0, NEAR_TIE_WINDOW)
            .find(
              (h) =>
                `${h.entry.id}#${h.section.id}` === voted.top &&
                h.entry.id !== GATE_ENTRY &&
                (h.evidence >= NEAR_TIE_EVIDENCE * chosen.evidence || h.knownCoverage >= chosen.knownCoverage - NEAR_TIE_COVERAGE),
            )
        : undefined;
    if (nearTie) primary = nearTie;
    // Within the entry, a case most of them were answered from wins over the one the words picked (decision 0091).
    const votedSection = voted?.top?.startsWith(`${primary.entry.id}#`)
      ? primary.entry.sections.find((s) => voted.top === `${primary.entry.id}#${s.id}`)
      : undefined;
    // A case the question named by a phrase of its own keeps it against a voted case it did not name, or named by far
    // weaker phrases (a licence's use for flying, asked by someone who names the state that gave it).
    const ownPhraseOnly = (other: Section) =>
      primary.sectionEvidence > 0 &&
      !hits.some((h) => h.entry === primary.entry && h.section === other && h.sectionEvidence * OWN_PHRASE_LEAD > primary.sectionEvidence);
    if (
      votedSection &&
      votedSection !== primary.section &&
      !ownPhraseOnly(votedSection) &&
      voted!.share(voted!.top!) - voted!.share(`${primary.entry.id}#${primary.section.id}`) > EXAMPLE_MARGIN
    )
      primary = hits.find((h) => h.entry === primary.entry && h.section === votedSection) ?? { ...primary, section: votedSection, sectionEvidence: 0 };
    // A case no near example was answered from, holding little of the question, gives way to one ranked near it that the
    // question named by a phrase of its own, from an entry a quarter of the votes went to, holding more of the question
    // (decision 0101); else the second opinion below says it does not know.
    if (
      !urgent &&
      !primary.entry.urgent &&
      !primary.section.urgent &&
      unvotedEntry(primary) &&
      retrieval.named.length === 0 &&
      primary.knownCoverage < UNVOTED_COVERAGE
    ) {
      const other = hits
        .slice(0, NEAR_TIE_WINDOW)
        .find(
          (h) =>
            h.entry !== primary.entry &&
            h.entry.id !== GATE_ENTRY &&
            h.sectionEvidence > 0 &&
            entryShare(h) >= RESCUE_SHARE &&
            h.knownCoverage > primary.knownCoverage &&
            !h.entry.urgent &&
            !h.section.urgent,
        );
      if (other) primary = other;
    }
    // The answer's own entry, when urgent, gives the resource; another urgent match adds its own.
    // An urgent case counts when the question names it, or when its own words picked it within the entry.
    const primaryUrgent = primary.entry.urgent || (!!primary.section.urgent && (primary.sectionEvidence > 0 || section !== chosen.section));
    const urgentHit = primaryUrgent ? primary : urgent;
    // A second opinion (decision 0092): when none of the nearest questions people asked was answered from the
    // chosen entry, and its case holds less than half of the question's words, the words matched something else:
    // the engine says it has no reliable information and where to ask, never an urgent case nor a form named;
    // unless a third of the votes or more went to one urgent case: it refers the question as that case (0093).
    if (unvotedEntry(primary) && !urgentHit && retrieval.named.length === 0 && primary.knownCoverage < UNVOTED_COVERAGE) {
      const h = votedUrgentCase();
      if (h) return { kind: 'urgent', mode, question, asked: message, intents, hits, primary: h, urgent: h, confident: true, voted: voted?.sentence };
      return { kind: 'unknown', mode, question, asked: message, intents, hits, confident: false };
    }
    // A second urgent situation needs a phrase of its own, not a passing word ("lo que me pidió el juez" in a DUI story).
    // An entry about the same procedure (the I-360's SIJ case, beside the SIJ entry) is not a second situation.
    const sameProcedure = (h: Hit) => !!urgentHit && formsOf(h).some((f) => formsOf(urgentHit).includes(f));
    const alsoUrgent = urgentHit
      ? this.urgentMatches(hits).find((h) => h.entry.id !== urgentHit.entry.id && h.evidence >= 2 * URGENT && !sameProcedure(h))
      : undefined;
    // A second question about another case of the same entry ("¿qué tengo que llevar? ¿y puedo cambiar la
    // fecha?") is answered too: the case its distinguishing words pick.
    const parts = message.split('?').filter((part) => terms(part).length > 0);
    const secondCase =
      question === message && parts.length > 1
        ? [parts.at(-1)!, parts[0]!]
            .filter((part) => terms(part).length >= SECOND_QUESTION_WORDS)
            .map((asked) => ({ asked, section: this.retriever.caseOf(primary.entry, this.retriever.expand(asked).text, [primary.section]) }))
            .filter(({ section }) => section !== primary.section)
            .map(({ asked, section }) => ({ hit: { ...primary, section, sectionEvidence: 0 }, asked, intents: detectIntents(asked, this.vocabulary) }))[0]
        : undefined;
    // Sure only on a keyword phrase or a named form: a full-text match answers, but a failing model shows its error.
    return {
      kind: urgentHit ? 'urgent' : 'answer',
      mode,
      question,
      asked: message,
      intents,
      hits,
      primary,
      urgent: urgentHit,
      alsoUrgent,
      secondCase,
      confident: primary.evidence >= CONFIDENT,
      voted: voted?.sentence,
    };
  }

  private isConfident(retrieval: Retrieval): boolean {
    const top = leadOf(retrieval.hits);
    if (!top) return false;
    // Without an immigration word, only a strong keyword phrase makes the question one of ours.
    // A section that holds nearly all of the words of a question of several makes it one of ours too (a
    // sibling petition's wait told without an immigration word); three everyday words shared say little.
    const several = terms(retrieval.searched.split(' | ')[0]!).length >= OURS_TERMS;
    if (!retrieval.immigration)
      return (
        top.evidence >= IMMIGRATION_EVIDENCE ||
        (top.evidence >= CONFIDENT && top.coverage >= DOMAIN_COVERAGE) ||
        (several && top.knownCoverage >= OURS_COVERAGE)
      );
    return top.evidence >= CONFIDENT || top.knownCoverage >= KNOWN_COVERAGE;
  }

  /** Urgent cases that matched by their own words (not by full text alone), strongest first, one per entry. */
  private urgentMatches(hits: Hit[]): Hit[] {
    // An urgent case of an entry that is not urgent itself needs its own words in the question; a form
    // named tells no situation (the I-765 is also a form of the order of supervision).
    const found = hits
      .filter((h) => (h.entry.urgent || (h.section.urgent && h.sectionEvidence > 0)) && h.evidence - (h.formEvidence ?? 0) >= URGENT)
      .sort((a, b) => b.evidence - a.evidence);
    return found.filter((h, i) => found.findIndex((o) => o.entry.id === h.entry.id) === i);
  }

  private urgentMatch(hits: Hit[]): Hit | undefined {
    return this.urgentMatches(hits)[0];
  }

  /** The built-in answer for a plan (decisions D4): 3 to 5 warm, plain sentences; one in the guest demo. */
  compose(plan: Plan): EngineResult {
    const replies = this.vocabulary.replies;
    const finish = (kind: AnswerKind, sentences: string[], forms: string[]): EngineResult => {
      const clean = sentences.map((s) => spellOutUnitedStates(s));
      return { kind, sentences: clean, text: clean.join(' '), forms, entryIds: [...new Set(plan.hits.map((h) => h.entry.id))] };
    };

    if (plan.mode === 'guest')
      return finish(plan.kind === 'clarify' ? 'answer' : plan.kind, [this.guestSentence(plan)], plan.primary ? formsOf(plan.primary).slice(0, 1) : []);
    if (plan.kind === 'clarify') return finish('clarify', plan.fixed === 'vague' ? replies.vague : plan.clarify!.map((aspect) => this.questions[aspect]), []);
    if (plan.kind === 'offtopic') return finish('offtopic', plan.fixed ? replies[plan.fixed] : replies.offtopic, []);
    if (plan.kind === 'unknown' || !plan.primary) return finish('unknown', [...replies.unknown, closingSentence([], this.officialForms, replies)], []);

    const composed = this.bodyOf(plan, plan.primary);
    const companion = composed.companion;
    // What nobody can know is said plainly first (decisions D4), then what is known.
    const body = asksToPredict(plan.asked, this.vocabulary) ? ledBy(replies.predict, composed.body) : composed.body;
    const primary = plan.primary;
    // The closing names the forms the answer talks about, in order, then the ones the question names (an
    // RFE for an I-130), then the matched case's.
    const named = formsMentioned(body.join(' '), this.kb.byForm.keys());
    const spoken = named.sort((a, b) => body.join(' ').indexOf(a) - body.join(' ').indexOf(b));
    const forms = [
      ...new Set([
        ...spoken,
        ...formsMentioned(plan.asked, this.kb.byForm.keys()),
        ...formsOf(primary),
        ...(companion ? formsOf(companion) : []),
        ...(plan.urgent && plan.urgent !== primary ? formsOf(plan.urgent) : []),
      ]),
    ].slice(0, 2);
    const sentences = [...body, closingSentence(forms, this.officialForms, replies, plan.kind === 'urgent' && !namesLawyer(body))];
    if (sentences.length < 3) sentences.unshift(pick(plan.question, plan.kind === 'urgent' ? replies.urgent_openers : replies.openers));
    return finish(plan.kind, sentences, forms);
  }

  /** The answer's sentences before the closing (compose.ts), and the related entry it also drew on. */
  private bodyOf(plan: Plan, primary: Hit): { body: string[]; companion?: Hit } {
    const replies = this.vocabulary.replies;
    const sameEntry = plan.hits.filter((h) => h !== primary && h.entry.id === primary.entry.id);
    // A related entry matched about as strongly (moving with a court case: the AR-11 and the EOIR-33) adds its answer.
    const companion = plan.pathway
      ? undefined
      : plan.hits.find(
          (h) =>
            h.entry.id !== primary.entry.id &&
            h.entry.id !== GATE_ENTRY &&
            h.evidence > 0 &&
            h.evidence >= COMPANION * primary.evidence &&
            (primary.entry.related.includes(h.entry.id) || h.entry.related.includes(primary.entry.id)),
        );
    const body = composeBody({
      question: plan.asked,
      situation: plan.question,
      intents: plan.intents,
      primary,
      others: plan.pathway ? [] : sameEntry,
      companion,
      urgent: plan.kind === 'urgent' ? plan.urgent : undefined,
      alsoUrgent: plan.kind === 'urgent' ? plan.alsoUrgent : undefined,
      secondCase: plan.secondCase,
      // Where a fee or deadline the case lacks may be: a related entry about the same form (the N-400's
      // fee for its civics test), never another procedure's (a bond's amount for finding a lawyer).
      related: primary.entry.related
        .map((id) => this.kb.byId.get(id))
        .filter((e): e is KnowledgeEntry => !!e && e.forms.some((f) => [...primary.entry.forms, ...formsOf(primary)].includes(f)))
        .flatMap((entry) => entry.sections.map((section) => unmatched(entry, section))),
      replies,
      contrasts: this.vocabulary.contrasts,
      idf: (s) => this.retriever.idfOf(s),
      today: this.clock(),
      inOrder: plan.pathway,
      voted: plan.voted,
    });
    return { body, companion };
  }

  private guestSentence(plan: Plan): string {
    const replies = this.vocabulary.replies;
    if (plan.fixed === 'vague') return replies.guest.vague;
    if (plan.kind === 'offtopic') return plan.fixed ? replies[plan.fixed][0]! : replies.guest.offtopic;
    if (plan.kind === 'unknown' || !plan.primary) return replies.guest.unknown;
    if (plan.kind === 'clarify') return this.kb.byId.get(GATE_ENTRY)!.sections[0]!.answer[0]!.text;
    // The sentence a signed-in person's answer starts with: the one that answers what was asked.
    return this.bodyOf(plan, plan.primary).body[0] ?? plan.primary.section.answer[0]!.text;
  }

  /**
   * The source shown under an answer: the official page of the entry the answer was grounded on and when
   * it was checked (the entry's source for that page, else its first). None for a clarifying turn, an
   * off-topic reply or "no reliable information".
   */
  sourceOf(plan: Plan): AnswerSource | null {
    if ((plan.kind !== 'answer' && plan.kind !== 'urgent') || !plan.primary) return null;
    const entry = plan.primary.entry;
    const sources = Object.values(entry.sources);
    const source = sources.find((s) => s.url === entry.link) ?? sources[0];
    if (!source) return null;
    return { by: source.by, url: source.url, checked: source.checked };
  }

  /** The built-in engine end to end: plan, then compose. */
  respond(message: string, history: Turn[] = [], mode: Mode = 'user'): EngineResult {
    return this.compose(this.plan(message, history, mode));
  }
}
