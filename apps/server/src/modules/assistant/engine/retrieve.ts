import MiniSearch from 'minisearch';
import type { KnowledgeBase } from '../knowledge/load';
import { isOpposite } from './compose';
import type { KnowledgeEntry, Section } from '../knowledge/schema';
import { formsFiled, formsMentioned, isStopWord, stem, stemmedWords, terms, withinOneEdit, words } from './text';
import { spanishStems } from './spanish-words';
import { respell, type Vocabulary } from './vocabulary';

/**
 * Retrieval over the knowledge base's case sections, shared by the built-in engine and the language
 * model's grounding (decisions D3, D4):
 * - the question's spellings normalised and its everyday words' synonyms added
 *   (content/assistant/synonyms.yaml);
 * - a misspelt word of 6 letters or more corrected to a word of the knowledge base that starts with the
 *   same two letters and differs by one letter, unless its stem is known, it is a word of a Spanish
 *   dictionary (spanish-words.ts) or the pair is `distinct`;
 * - keyword phrases of entries and sections matched as adjacent words (filler words skipped, "sin",
 *   "no" and one-letter words such as the U of "visa U" kept), weighted by IDF^1.5 of their words: the
 *   evidence, compared between entries; a case's own phrases pick the case;
 * - a form number named in the question;
 * - BM25 (MiniSearch) over stemmed Spanish (Snowball) without stop words, on the informative words,
 *   and the share of the question's words (by IDF) each section holds (coverage).
 * Every lookup goes through an index (phrases keyed by their words, spelling by the first
 * two letters, full text by term): the cost per question stays flat as the base grows.
 */
export interface Hit {
  entry: KnowledgeEntry;
  section: Section;
  score: number;
  /** Weight of the keyword phrases (or named form) that matched this section or its entry. */
  evidence: number;
  /** Share of the question's words, weighted by rarity, that the section (with its entry's keywords) contains. */
  coverage: number;
  /**
   * The same share without the numbers no entry holds: the years and amounts of a story ("llegué en
   * 2019") do not thin it out; unknown words still do (what the knowledge base does not know about).
   */
  knownCoverage: number;
  /** The weight of this case's own phrases (0 when only its entry's matched). */
  sectionEvidence: number;
  /** The part of the evidence that is a form the question names (not words that tell a situation). */
  formEvidence?: number;
}

export interface Retrieval {
  hits: Hit[];
  /** Forms the question names. */
  named: string[];
  /** The question uses immigration words (a question with them is never off-topic). */
  immigration: boolean;
  /** The question as searched: corrected spelling, then the words its synonyms brought in. */
  searched: string;
}

interface Phrase {
  stems: string[];
  /**
   * A phrase of one telling word among little words ("me pega", "me tienen") as written: its verb's
   * other forms are other situations ("se me pegue", "me tiene").
   */
  written?: string;
  weight: number;
  entryId: string;
  /** Undefined: the entry's keyword, for every section. */
  sectionKey?: string;
  /** The forms a case's phrase names ("negaron mi i-485"): the question naming one gives the case that form's evidence. */
  forms?: string[];
}

const key = (entry: KnowledgeEntry, section: Section) => `${entry.id}#${section.id}`;
/** A form the question names is evidence worth a strong phrase. */
const FORM_EVIDENCE = 12;
/** The share of it a form already filed gives ("ya mandé el I-485"). */
const FILED_SHARE = 0.5;
/** Another case of the entry is picked when its distinguishing words weigh this many times the first's, plus CASE_MIN. */
const CASE_MARGIN = 1.2;
const CASE_MIN = 1.5;
/** A phrase's own rarity among the entries' keywords, IDF^1.5, weighs this share. */
const PHRASE_SHARE = 0.7;
/** What each word in a row adds to a phrase, for its order. */
const ADJACENCY = 0.5;
/** A message longer than this many words is a story with a question at its end. */
const LONG_MESSAGE = 20;
/** Phrases in the question part of a long message weigh this much more. */
const FOCUS = 1.5;
/** How much a case's own phrases add to its entry's evidence, to pick the case. */
const SECTION_SHARE = 0.5;
/** In a run-on with no sentence marks, the question is about its last words. */
const FOCUS_WORDS = 12;
/** A word of a keyword phrase found in at most this many entries counts on its own, even outside its phrase. */
const RARE_IN = 3;
/** A word in more than this share of the entries is left out of the full-text search. */
const COMMON_SHARE = 0.25;
/** How many full-text matches are scored further. */
const TEXT_CANDIDATES = 40;
/** A rare keyword word alone weighs this share of its IDF^1.5. */
const RARE_SHARE = 0.35;
/** A rare word alone never makes a match sure. */
const RARE_CAP = 2.5;
/** The full-text score, scaled so the best section of the question gets this much. */
const TEXT_WEIGHT = 14;
/** The share of the question's words a section holds, scaled. */
const COVERAGE_WEIGHT = 8;
/** Keyword evidence against the full-text score: a phrase match says more than shared words. */
const EVIDENCE_WEIGHT = 1.5;

const gaps = new Map<string, RegExp>();
/** A synonym written "ir ... volver": its parts in order, up to six words apart. */
function gapped(phrase: string): RegExp {
  let pattern = gaps.get(phrase);
  if (!pattern) gaps.set(phrase, (pattern = new RegExp(` ${phrase.split(' ... ').join(' (?:\\S+ ){0,6}')} `)));
  return pattern;
}

/** A synonym's phrase with its longest word, looked up before the phrase is searched for. */
function withKey(part: { text: string; byStems: boolean }): { text: string; byStems: boolean; key: string } {
  const key = part.text
    .split(' ')
    .filter((w) => w !== '...')
    .reduce((a, b) => (b.length > a.length ? b : a), '');
  return { ...part, key };
}

/**
 * Who a phrase is told of: "me" or "te" before the verb, wherever it stands, and the same phrase of anyone else
 * ("me pega": "la pega", "nos pega"; "si me llevan": "si nos llevan").
 */
const OBJECTS = ['me', 'te', 'le', 'la', 'lo', 'nos', 'les', 'las', 'los'];
export function toldOfOthers(phrase: string): string[] {
  // "No me dejan salir" is told of others the same way: "no la dejan salir".
  const words = phrase.split(' ');
  const at = words.findIndex((w) => w === 'me' || w === 'te');
  if (at < 0 || at === words.length - 1) return [phrase];
  return [phrase, ...OBJECTS.filter((o) => o !== words[at]).map((o) => [...words.slice(0, at), o, ...words.slice(at + 1)].join(' '))];
}

export class Retriever {
  /** The library's index (its per-term scores are stored in `postings`). */
  readonly index: MiniSearch<{ key: string }>;
  private readonly sections = new Map<string, { entry: KnowledgeEntry; section: Section; first: boolean; terms: Set<string>; ownTerms: Set<string> }>();
  private readonly phrases = new Map<string, Phrase[]>();
  /** How many entries hold each keyword phrase (by its matched words). */
  private readonly phraseEntries = new Map<string, number>();
  /** The longest keyword phrase, in words. */
  private longestPhrase = 0;
  private readonly idf = new Map<string, number>();
  private readonly spelling = new Map<string, string[]>();
  /** Rare words of the keyword phrases, with the entries whose keywords hold them. */
  private readonly rareKeywordTerms = new Map<string, Set<string>>();
  private readonly known = new Set<string>();
  private readonly knownStems = new Set<string>();
  /** The immigration words (content), stemmed. */
  private readonly immigrationStems: string[];
  /** The IDF of a word found in COMMON_SHARE of the entries. */
  private readonly commonIdf: number;
  private readonly forms: string[];
  /** Each known form's entry. */
  private readonly formOwners: Map<string, string>;
  /**
   * The content's synonyms: parts that must all be found (" + "), each any of its phrases (a class's
   * phrases, or the one written); those of two telling words or more stemmed (the gaps " ... " kept).
   */
  private readonly synonyms: Array<{ parts: Array<Array<{ text: string; byStems: boolean; key: string }>>; use: string }>;
  /** The synonyms' phrases by their key words ("w:" as written, "s:" stemmed): only those whose key word the question holds are tried. */
  private readonly synonymsByKey = new Map<string, Array<{ synonym: number; part: number; phrase: { text: string; byStems: boolean; key: string } }>>();
  /**
   * Each indexed term's BM25 scores, as MiniSearch computes them for that term alone: the index does not
   * change after it is built, so a question sums these instead of searching the whole index again.
   */
  private readonly postings = new Map<string, { docs: Int32Array; scores: Float64Array }>();
  /** The sections' keys by their number in `postings`, and the full-text sums per section, reused by every search. */
  private readonly docKeys: string[] = [];
  private sums = new Float64Array(0);
  private termCounts = new Int32Array(0);

  constructor(
    private readonly kb: KnowledgeBase,
    private readonly vocabulary: Vocabulary,
  ) {
    // A form only a case names (the I-9 of a new job) is known too, for the first entry that names it.
    this.formOwners = new Map([...kb.byForm].map(([form, entry]) => [form, entry.id]));
    for (const entry of kb.entries)
      for (const form of entry.sections.flatMap((s) => s.forms ?? []))
        if (!this.formOwners.has(form.toUpperCase())) this.formOwners.set(form.toUpperCase(), entry.id);
    this.forms = [...this.formOwners.keys()];
    // Built once at start (about 0.3 s), not on the first question.
    spanishStems();
    // A part written as a class ("{familiar} + {se lo llevaron}") is any of the class's phrases; a phrase
    // told of oneself is also told of another ("me pega": "la pega", "le pega", "nos pega").
    const alternatives = (part: string): string[] => (part.startsWith('{') ? vocabulary.classes.get(part.slice(1, -1))!.flatMap(toldOfOthers) : [part]);
    this.synonyms = vocabulary.synonyms.map(([phrase, use]) => {
      const written = phrase.split(' + ');
      const parts = written.map(alternatives);
      // Compared by stems when the synonym as written (a class by its first phrase) has two telling words or more.
      const asWritten = written.map((part) => (part.startsWith('{') ? vocabulary.classes.get(part.slice(1, -1))![0]! : part));
      const byStems = words(asWritten.join(' ')).filter((w) => w !== '...' && !isStopWord(w)).length >= 2;
      const stemmedPart = (part: string) =>
        part
          .split(' ... ')
          .map((p) => stemmedWords(p).join(' '))
          .join(' ... ');
      // In a synonym compared by stems, a class's phrase of one telling word is still compared as written:
      // "inmigración" is not "inmigrante", though both stem to "inmigr".
      const telling = (phrase: string) => words(phrase).filter((w) => w !== '...' && !isStopWord(w)).length;
      return {
        parts: parts.map((alts, i) =>
          alts.map((text) =>
            withKey(byStems && (!written[i]!.startsWith('{') || telling(text) >= 2) ? { text: stemmedPart(text), byStems: true } : { text, byStems: false }),
          ),
        ),
        use,
      };
    });
    this.synonyms.forEach(({ parts }, synonym) =>
      parts.forEach((alternatives, part) => {
        for (const phrase of alternatives) {
          const k = `${phrase.byStems ? 's' : 'w'}:${phrase.key}`;
          const list = this.synonymsByKey.get(k) ?? [];
          list.push({ synonym, part, phrase });
          this.synonymsByKey.set(k, list);
        }
      }),
    );
    this.immigrationStems = vocabulary.immigrationWords.map((w) => words(w).map(stem).join(' '));
    this.index = new MiniSearch({
      idField: 'key',
      fields: ['keywords', 'title', 'forms', 'text'],
      tokenize: (text) => words(text),
      processTerm: (term) => (isStopWord(term) ? null : stem(term)),
      searchOptions: { boost: { keywords: 3, title: 2, forms: 4, text: 1 }, combineWith: 'OR' },
    });
    const documents: Array<{ key: string } & Record<string, string>> = [];
    // How rare a word is, counted over entries (an entry's keywords repeat in each of its sections).
    const documentFrequency = new Map<string, number>();
    for (const entry of kb.entries) {
      const entryTerms = new Set<string>();
      entry.sections.forEach((section, i) => {
        const k = key(entry, section);
        const forms = [...entry.forms, ...(section.forms ?? [])];
        const doc = {
          key: k,
          keywords: [...entry.keywords, ...section.keywords].join(' . '),
          title: `${entry.title} . ${section.title} . ${entry.description}`,
          forms: forms.map((f) => `${f} ${f.replace('-', '')}`).join(' '),
          text: section.answer.map((l) => l.text).join(' '),
        };
        documents.push(doc);
        const docTerms = new Set(Object.values(doc).flatMap((v) => stemmedWords(v)));
        const ownTerms = new Set(stemmedWords([section.title, ...section.keywords, doc.text, ...(section.forms ?? [])].join(' . ')));
        this.sections.set(k, { entry, section, first: i === 0, terms: docTerms, ownTerms });
        for (const t of docTerms) entryTerms.add(t);
        for (const w of words(Object.values(doc).join(' '))) this.known.add(w);
      });
      for (const t of entryTerms) documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1);
    }
    this.index.addAll(documents);
    const indexed = new Set(
      documents.flatMap((doc) =>
        [doc.keywords, doc.title, doc.forms, doc.text].flatMap((v) =>
          words(v)
            .filter((w) => !isStopWord(w))
            .map(stem),
        ),
      ),
    );
    const n = kb.entries.length;
    this.commonIdf = Math.log(1 + 1 / COMMON_SHARE);
    for (const [t, df] of documentFrequency) this.idf.set(t, Math.log(1 + n / df));
    // The words of the everyday phrases written in the content are words people use, not misspellings of
    // another ("cuñado" is not "cuando").
    for (const phrase of [...vocabulary.synonyms.map(([p]) => p), ...[...vocabulary.classes.values()].flat()])
      for (const w of words(phrase)) if (w !== '...' && !w.startsWith('{')) this.known.add(w);
    for (const w of this.known) this.knownStems.add(stem(w));
    const docNumber = new Map(documents.map((doc, i) => [doc.key, i]));
    this.docKeys.push(...documents.map((doc) => doc.key));
    this.sums = new Float64Array(documents.length);
    this.termCounts = new Int32Array(documents.length);
    for (const term of indexed) {
      if (this.informative(term) === null) continue;
      const found = this.index.search(term, { tokenize: (t) => [t], processTerm: (t) => t });
      this.postings.set(term, { docs: Int32Array.from(found, (f) => docNumber.get(f.id as string)!), scores: Float64Array.from(found, (f) => f.score) });
    }
    for (const w of this.known) {
      if (w.length < 6) continue;
      const bucket = this.spelling.get(w.slice(0, 2)) ?? [];
      bucket.push(w);
      this.spelling.set(w.slice(0, 2), bucket);
    }
    const keywordEntries = new Map<string, Set<string>>();
    for (const entry of kb.entries) {
      const plainWords = [...entry.keywords, ...entry.sections.flatMap((s) => s.keywords)].flatMap((k) =>
        words(k).filter((w) => !isStopWord(w) && w.length > 3 && !/\d/.test(w)),
      );
      for (const t of new Set(plainWords.map(stem))) keywordEntries.set(t, (keywordEntries.get(t) ?? new Set()).add(entry.id));
    }
    for (const [t, ids] of keywordEntries) if (ids.size <= RARE_IN) this.rareKeywordTerms.set(t, ids);
    // How many entries name each phrase among their keywords: a phrase of common words ("permiso de
    // trabajo", "pedir a mi esposa") that few entries are about still tells them apart.
    for (const entry of kb.entries) {
      const own = new Set([...entry.keywords, ...entry.sections.flatMap((s) => s.keywords)].map((k) => this.phraseKey(k)));
      for (const k of own) this.phraseEntries.set(k, (this.phraseEntries.get(k) ?? 0) + 1);
    }
    for (const entry of kb.entries) {
      for (const phrase of entry.keywords) this.addPhrase(phrase, entry.id);
      for (const section of entry.sections) for (const phrase of section.keywords) this.addPhrase(phrase, entry.id, key(entry, section));
    }
  }

  /** A phrase's words as they are matched: spelled, without filler words, stemmed. */
  private phraseKey(text: string): string {
    return words(respell(text, this.vocabulary))
      .filter((w) => !this.vocabulary.fillers.has(w))
      .map(stem)
      .join(' ');
  }

  private addPhrase(text: string, entryId: string, sectionKey?: string): void {
    const plain = words(respell(text, this.vocabulary)).filter((w) => !this.vocabulary.fillers.has(w));
    const stems = plain.map(stem);
    if (stems.length === 0) return;
    const content = stems.filter((s, i) => !isStopWord(plain[i]!) || s.length === 1);
    if (content.length === 0) return;
    // Rare words weigh much more than common ones (IDF^1.5); words in a row add a little for their order.
    const byWords = content.reduce((sum, s) => sum + this.idfOf(s) ** 1.5, 0) + ADJACENCY * (content.length - 1);
    // A phrase of several words weighs at least what its own rarity among the entries' keywords gives.
    const named = this.phraseEntries.get(stems.join(' ')) ?? 1;
    const byPhrase = content.length > 1 ? PHRASE_SHARE * Math.log(1 + this.kb.entries.length / named) ** 1.5 : 0;
    const weight = Math.max(byWords, byPhrase);
    // Keyed by all its words: a lookup finds only the phrases written exactly there.
    const indexKey = stems.join(' ');
    const list = this.phrases.get(indexKey) ?? [];
    const forms = sectionKey ? formsMentioned(text, this.forms) : [];
    list.push({
      stems,
      weight,
      entryId,
      sectionKey,
      written: content.length === 1 && plain.length > 1 ? plain.join(' ') : undefined,
      ...(forms.length ? { forms } : {}),
    });
    this.phrases.set(indexKey, list);
    this.longestPhrase = Math.max(this.longestPhrase, stems.length);
  }

  /**
   * The case of an entry the question is about: the section holding most of the question's words that
   * tell the entry's sections apart (each weighted by how few of its sections hold it), the words of its
   * own keywords counting too. Words every section shares (the entry's name, its form) decide nothing; the
   * ranked first case stays on a tie; a case `opposite` the question's situation is not picked.
   */
  caseOf(entry: KnowledgeEntry, searched: string, ranked: Section[], opposite: (section: Section) => boolean = () => false): Section {
    if (entry.sections.length < 2) return entry.sections[0]!;
    const scoreOf = this.caseScores(entry, searched);
    // The cases the search did not rank come in the order of their scores, not of the file: each must beat the one
    // before by the margin, so the file's order decided between two of them (a parent asking whether a child born here
    // can one day petition got the 2025 birthright order, first in the file).
    const unranked = entry.sections
      .filter((s) => !ranked.includes(s))
      .map((s) => ({ s, score: scoreOf(entry.sections.indexOf(s)) }))
      .sort((a, b) => b.score - a.score)
      .map(({ s }) => s);
    const all = [...ranked, ...unranked];
    // A case written for the other side of the question's situation (a resident's spouse, when the
    // spouse is a citizen) is taken only when no other is left.
    const order = all.filter((s) => !opposite(s)).length ? all.filter((s) => !opposite(s)) : all;
    let best = order[0]!;
    let bestScore = scoreOf(entry.sections.indexOf(best));
    for (const section of order.slice(1)) {
      const score = scoreOf(entry.sections.indexOf(section));
      if (score > bestScore * CASE_MARGIN + CASE_MIN) {
        best = section;
        bestScore = score;
      }
    }
    return best;
  }

  /** How much a text's words tell each case of an entry from the others (by the index of the case in the entry). */
  caseScores(entry: KnowledgeEntry, searched: string): (index: number) => number {
    const asked = new Set(terms(searched));
    const termSets = entry.sections.map((section) => this.sections.get(key(entry, section))!.ownTerms);
    return (i: number) => {
      let score = 0;
      for (const t of asked) {
        if (!termSets[i]!.has(t)) continue;
        const holding = termSets.filter((set) => set.has(t)).length;
        score += Math.log(entry.sections.length / holding) * this.idfOf(t);
      }
      return score;
    };
  }

  /** The share of a text's words (small words and numbers left out) that the knowledge base or its everyday phrases use. */
  knownShare(text: string): number {
    const content = words(text).filter((w) => !isStopWord(w) && !/\d/.test(w));
    if (content.length === 0) return 1;
    return content.filter((w) => this.known.has(w) || this.knownStems.has(stem(w))).length / content.length;
  }

  /** The stem, or null when it is in so many entries that it cannot tell them apart. */
  private informative(stemmed: string): string | null {
    return this.idfOf(stemmed) < this.commonIdf ? null : stemmed;
  }

  idfOf(stemmed: string): number {
    return this.idf.get(stemmed) ?? Math.log(1 + this.kb.entries.length);
  }

  /** The question as searched: corrected spelling, then the synonyms' words after a separator. */
  expand(question: string): { text: string; corrected: string } {
    const corrected = respell(question, this.vocabulary)
      .split(' ')
      .map((w) => this.correct(w))
      .join(' ');
    // A phrase of two words or more that tell something is compared by stems ("me quitaron el pasaporte" is
    // "me quitó el pasaporte"); a shorter one as written ("cargos" is not "carga", "me tienen" not "me tiene").
    const written = ` ${corrected} `;
    const stemmed = ` ${stemmedWords(corrected).join(' ')} `;
    const wordSet = new Set(written.split(' '));
    const stemSet = new Set(stemmed.split(' '));
    const added = new Set<string>();
    const found = ({ text: part, byStems }: { text: string; byStems: boolean }) => {
      const padded = byStems ? stemmed : written;
      return part.includes(' ... ') ? gapped(part).test(padded) : padded.includes(` ${part} `);
    };
    // A phrase can be found only when its key word (its longest) is in the question: the others need no search.
    // A synonym is brought in when every one of its parts has a phrase found.
    const partsFound = new Map<number, Set<number>>();
    const tryPhrase = ({ synonym, part, phrase }: { synonym: number; part: number; phrase: { text: string; byStems: boolean } }) => {
      let done = partsFound.get(synonym);
      if (done?.has(part) || !found(phrase)) return;
      if (!done) partsFound.set(synonym, (done = new Set()));
      done.add(part);
    };
    for (const w of wordSet) for (const ref of this.synonymsByKey.get(`w:${w}`) ?? []) tryPhrase(ref);
    for (const w of stemSet) for (const ref of this.synonymsByKey.get(`s:${w}`) ?? []) tryPhrase(ref);
    for (const synonym of [...partsFound.keys()].sort((a, b) => a - b)) {
      const { parts, use } = this.synonyms[synonym]!;
      // Never the other side of the question's situation ("mis hijos se quedaron en Honduras" is not "aquí").
      if (partsFound.get(synonym)!.size === parts.length && !isOpposite(corrected, use, this.vocabulary.contrasts)) added.add(use);
    }
    return { corrected, text: added.size ? `${corrected} | ${[...added].join(' | ')}` : corrected };
  }

  private correct(word: string): string {
    // A word whose stem the knowledge base knows is another form of a known word ("amenazo"): kept.
    // A real Spanish word the knowledge base never uses ("aceite", "vendió") is not a misspelling of one it does.
    if (word.length < 6 || this.known.has(word) || /\d/.test(word) || this.knownStems.has(stem(word)) || spanishStems().has(stem(word))) return word;
    for (const candidate of this.spelling.get(word.slice(0, 2)) ?? []) {
      if (withinOneEdit(word, candidate) && !this.vocabulary.distinct.has([word, candidate].sort().join(' '))) return candidate;
    }
    return word;
  }

  /**
   * MiniSearch's OR search over the informative words, from the terms' stored scores: a section's score
   * is the sum of its terms' scores times the number of distinct terms it matched, as MiniSearch ranks.
   */
  fullText(text: string): Array<{ key: string; score: number }> {
    // Sums in arrays by section number (a map keyed by strings cost a third of a question at 3,200 entries).
    const { sums, termCounts } = this;
    const touched: number[] = [];
    const seen = new Set<string>();
    for (const w of words(text)) {
      if (isStopWord(w)) continue;
      const term = stem(w);
      const posting = this.postings.get(term);
      if (!posting) continue;
      const first = !seen.has(term);
      seen.add(term);
      const { docs, scores } = posting;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i]!;
        if (termCounts[doc] === 0) touched.push(doc);
        sums[doc]! += scores[i]!;
        if (first) termCounts[doc]! += 1;
      }
    }
    const found = touched.map((doc) => ({ key: this.docKeys[doc]!, score: sums[doc]! * termCounts[doc]! }));
    for (const doc of touched) {
      sums[doc] = 0;
      termCounts[doc] = 0;
    }
    return found.sort((a, b) => b.score - a.score);
  }

  /**
   * Ranked case sections for a question. In a long message the question is usually its last sentence,
   * after the story: phrases found there weigh half as much again.
   */
  // Room for other entries after the gate entry's many cases (the gate compares them with the best specific one).
  search(question: string, limit = 24): Retrieval {
    const { text, corrected } = this.expand(question);
    const kept = (w: string) => !this.vocabulary.fillers.has(w);
    const all = corrected.split(' ').filter(kept);
    const sentences = question.split(/[.?!\n]+/).filter((s) => words(s).length > 0);
    const lastWords = sentences.length > 1 ? words(sentences.at(-1)!).filter(kept).length : 0;
    const focusStart = all.length > LONG_MESSAGE ? all.length - (lastWords > 3 ? lastWords : FOCUS_WORDS) : Infinity;
    // Full text: only the words that tell sections apart (a word in most entries adds nothing but cost),
    // and only the best sections: the cost per question stays flat as the base grows.
    const scores = new Map<string, number>();
    const found = this.fullText(text).slice(0, TEXT_CANDIDATES);
    const best = found[0]?.score ?? 1;
    for (const hit of found) scores.set(hit.key, (TEXT_WEIGHT * hit.score) / best);

    // Keyword phrases as adjacent words; a phrase counts once per target, the best one most.
    const plainSequence = text.split(' ').filter(kept);
    const sequence = plainSequence.map((w) => (w === '|' ? '|' : stem(w)));
    const entryEvidence = new Map<string, number[]>();
    const sectionEvidence = new Map<string, number[]>();
    const named = formsMentioned(corrected, this.forms);
    // A case whose matched phrase names a form the question names is that form's case as much as its entry is (decision 0094).
    const formPhrases = new Set<string>();
    for (let i = 0; i < sequence.length; i++) {
      let run = '';
      for (let j = i; j < Math.min(sequence.length, i + this.longestPhrase) && sequence[j] !== '|'; j++) {
        run = j === i ? sequence[j]! : `${run} ${sequence[j]}`;
        for (const phrase of this.phrases.get(run) ?? []) {
          if (phrase.written && plainSequence.slice(i, j + 1).join(' ') !== phrase.written) continue;
          // A phrase said with "no" before it says the opposite ("no tengo asilo" is not an asylee's "tengo asilo").
          if (i > 0 && plainSequence[i - 1] === 'no') continue;
          const weight = i >= focusStart && i < all.length ? FOCUS * phrase.weight : phrase.weight;
          // A case's phrase is evidence for its entry (against other entries) and picks the case within it.
          entryEvidence.set(phrase.entryId, [...(entryEvidence.get(phrase.entryId) ?? []), weight]);
          if (phrase.sectionKey) sectionEvidence.set(phrase.sectionKey, [...(sectionEvidence.get(phrase.sectionKey) ?? []), weight]);
          if (phrase.sectionKey && phrase.forms?.some((f) => named.includes(f))) formPhrases.add(phrase.sectionKey);
        }
      }
    }
    // A rare keyword word on its own ("chnv", "plyler") is evidence too, below its whole phrase.
    for (const t of new Set(sequence)) {
      for (const id of this.rareKeywordTerms.get(t) ?? [])
        entryEvidence.set(id, [...(entryEvidence.get(id) ?? []), Math.min(RARE_CAP, RARE_SHARE * this.idfOf(t) ** 1.5)]);
    }
    const namedEntries = new Set(named.map((f) => this.formOwners.get(f)!));
    // A form the question says was already filed is its story; what it asks is often the next step (decision 0100).
    const filedEntries = new Set(formsFiled(corrected, named).map((f) => this.formOwners.get(f)!));
    const combine = (weights: number[] = []) => {
      const sorted = [...new Set(weights)].sort((a, b) => b - a);
      return (sorted[0] ?? 0) + 0.5 * sorted.slice(1).reduce((a, b) => a + b, 0);
    };

    const candidates = new Set([...scores.keys()]);
    for (const id of entryEvidence.keys()) for (const s of this.kb.byId.get(id)!.sections) candidates.add(key(this.kb.byId.get(id)!, s));
    for (const id of sectionEvidence.keys()) candidates.add(id);
    for (const id of namedEntries) for (const s of this.kb.byId.get(id)!.sections) candidates.add(key(this.kb.byId.get(id)!, s));

    const asked = [...new Set(terms(corrected))];
    // Weighted by IDF: the question's rare words (what it is about) count more than its common ones.
    const weightOf = (t: string) => this.idfOf(t);
    const askedWeight = asked.reduce((sum, t) => sum + weightOf(t), 0) || 1;
    const knownWeight = asked.reduce((sum, t) => sum + (/\d/.test(t) && !this.idf.has(t) ? 0 : weightOf(t)), 0) || 1;
    const hits: Hit[] = [];
    for (const k of candidates) {
      const { entry, section, first, terms: docTerms } = this.sections.get(k)!;
      const covered = asked.reduce((sum, t) => sum + (docTerms.has(t) ? weightOf(t) : 0), 0);
      const coverage = covered / askedWeight;
      const knownCoverage = covered / knownWeight;
      const sectionForms = section.forms ?? [];
      const formHit =
        namedEntries.has(entry.id) || sectionForms.some((f) => named.includes(f)) || formPhrases.has(k)
          ? FORM_EVIDENCE * (filedEntries.has(entry.id) ? FILED_SHARE : 1)
          : 0;
      const own = combine(sectionEvidence.get(k));
      const evidence = combine(entryEvidence.get(entry.id)) + SECTION_SHARE * own + formHit;
      const score = (scores.get(k) ?? 0) + EVIDENCE_WEIGHT * evidence + COVERAGE_WEIGHT * coverage + (first ? 0.5 : 0);
      hits.push({ entry, section, score, evidence, coverage, knownCoverage, sectionEvidence: own, formEvidence: formHit });
    }
    hits.sort((a, b) => b.score - a.score);
    // Immigration words, compared by stems ("me deporten", "legalice" and "deportaron" are the list's words too), in the
    // question or among the synonyms its everyday words brought in.
    const stemmed = ` ${text
      .split(' | ')
      .map((part) => stemmedWords(part).join(' '))
      .join(' | ')} `;
    const immigration = named.length > 0 || this.immigrationStems.some((w) => stemmed.includes(` ${w} `));
    return { hits: hits.slice(0, limit), named, immigration, searched: text };
  }
}
