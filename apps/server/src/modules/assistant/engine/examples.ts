import { readFileSync } from 'node:fs';
import path from 'node:path';
import MiniSearch from 'minisearch';
import type { KnowledgeBase } from '../knowledge/load';
import { knowledgeFolder } from '../knowledge/load';
import { lowerWithoutAccents, terms } from './text';

/**
 * Questions people asked, with the case sections and the sentences that answered them (decision 0091):
 * the nearest ones to a new question vote for its case within the matched entry, and for the sentences
 * its answer says first. Written by `npm run examples` from the training sets' content expectations.
 */
export interface Example {
  /** The question, after the earlier questions of its conversation. */
  q: string;
  /** The question set it comes from: an evaluation of that set leaves it out (cross-validation). */
  set: string;
  /** Case sections ("entry#section") whose sentences hold everything a correct answer must say. */
  sections: string[];
  /** Their sentences that hold some of it ("entry#section@index"). */
  sentences: string[];
}

/** What a question to label says a correct answer holds: groups of alternatives, forms. */
export interface Expectation {
  q: string;
  history?: ReadonlyArray<{ role: string; content: string }>;
  must?: string[][];
  forms_any?: string[];
}

/** How many of the nearest questions vote. */
const NEIGHBOURS = 8;
/** A question whose expectations fit more sections than this says too little to be an example. */
const MOST_SECTIONS = 15;
/** "Un abogado o un representante acreditado" is in every urgent answer's closing: it tells no case. */
const EVERY_ANSWER = /abogad|acreditad/;

/** The question as an example: its conversation's questions, then it. */
export function exampleText(q: Expectation): string {
  return [...(q.history ?? []).filter((t) => t.role === 'user').map((t) => t.content), q.q].join('\n');
}

/**
 * The sections whose sentences hold every group of what a correct answer must say (and name one of its
 * forms), and their sentences that hold some of it; none when the question expects nothing particular.
 */
export function label(kb: KnowledgeBase, q: Expectation): Pick<Example, 'sections' | 'sentences'> | undefined {
  const groups = (q.must ?? []).filter((g) => !g.some((a) => EVERY_ANSWER.test(a))).map((g) => g.map((a) => new RegExp(a, 'i')));
  const forms = (q.forms_any ?? []).map((f) => f.toUpperCase());
  if (groups.length === 0 && forms.length === 0) return undefined;
  const sections: string[] = [];
  const sentences: string[] = [];
  for (const entry of kb.entries)
    for (const section of entry.sections) {
      // Read as the evaluation reads an answer (evaluation.ts).
      const lines = section.answer.map((l) => lowerWithoutAccents(l.text));
      const text = lines.join(' ');
      if (!groups.every((g) => g.some((r) => r.test(text)))) continue;
      const named = section.forms ?? entry.forms;
      if (forms.length && !forms.some((f) => named.includes(f) || text.toUpperCase().includes(f))) continue;
      sections.push(`${entry.id}#${section.id}`);
      lines.forEach((line, i) => {
        if (groups.some((g) => g.some((r) => r.test(line)))) sentences.push(`${entry.id}#${section.id}@${i}`);
      });
    }
  return sections.length === 0 || sections.length > MOST_SECTIONS ? undefined : { sections, sentences };
}

export function examplesFile(): string {
  return path.join(path.dirname(knowledgeFolder()), 'assistant', 'examples.jsonl');
}

/** The examples as written (content: a missing file stops the server, as a missing knowledge file does). */
export function readExamples(file = examplesFile()): Example[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Example);
}

export interface Vote {
  /** The section most voted for. */
  top?: string;
  /** A section's share of the votes. */
  share: (key: string) => number;
  /** A sentence's votes against the most voted sentence's. */
  sentence: (text: string) => number;
}

/**
 * The examples indexed for BM25 over stemmed words (MiniSearch): the nearest questions vote for their
 * sections, each by its score shared among them, and for their sentences by their score.
 */
export class Examples {
  /** Each term's BM25 score in each example that holds it, from the library's index (MiniSearch). */
  private readonly postings = new Map<string, { docs: Int32Array; scores: Float64Array }>();
  private readonly texts: Array<string[]>;
  /** Score sums and matched terms per example, reused by every vote. */
  private readonly sums: Float64Array;
  private readonly counts: Int32Array;

  constructor(
    private readonly items: Example[],
    kb: KnowledgeBase,
  ) {
    const index = new MiniSearch<{ id: number; text: string }>({ fields: ['text'], tokenize: (s) => s.split(' '), processTerm: (t) => t || null });
    const docs = items.map((item, id) => ({ id, text: terms(item.q).join(' ') }));
    index.addAll(docs);
    for (const term of new Set(docs.flatMap((d) => d.text.split(' ')))) {
      if (!term) continue;
      const found = index.search(term);
      this.postings.set(term, { docs: Int32Array.from(found, (f) => f.id as number), scores: Float64Array.from(found, (f) => f.score) });
    }
    this.sums = new Float64Array(items.length);
    this.counts = new Int32Array(items.length);
    const textOf = (ref: string) => {
      const [key, index] = ref.split('@');
      const [entryId, sectionId] = key!.split('#');
      return kb.byId.get(entryId!)?.sections.find((s) => s.id === sectionId)?.answer[Number(index)]?.text;
    };
    this.texts = items.map((item) => item.sentences.map(textOf).filter((t): t is string => !!t));
  }

  /**
   * The nearest examples, ranked as MiniSearch's OR search ranks: the sum of the terms' scores times the
   * number of distinct terms matched; `leftOut`: a set whose examples do not count.
   */
  private nearest(question: string, leftOut?: string): Array<{ id: number; score: number }> {
    const { sums, counts } = this;
    const touched: number[] = [];
    const seen = new Set<string>();
    for (const term of terms(question)) {
      const posting = this.postings.get(term);
      if (!posting) continue;
      const first = !seen.has(term);
      seen.add(term);
      for (let i = 0; i < posting.docs.length; i++) {
        const doc = posting.docs[i]!;
        if (counts[doc] === 0) touched.push(doc);
        sums[doc]! += posting.scores[i]!;
        if (first) counts[doc]! += 1;
      }
    }
    const near: Array<{ id: number; score: number }> = [];
    for (const doc of touched) {
      const score = sums[doc]! * counts[doc]!;
      sums[doc] = 0;
      counts[doc] = 0;
      if (this.items[doc]!.set === leftOut) continue;
      // The best NEIGHBOURS so far, kept in order (a sort of every match cost most of a vote).
      if (near.length < NEIGHBOURS || score > near.at(-1)!.score) {
        let at = near.findIndex((n) => score > n.score);
        if (at < 0) at = near.length;
        near.splice(at, 0, { id: doc, score });
        if (near.length > NEIGHBOURS) near.pop();
      }
    }
    return near;
  }

  vote(question: string, leftOut?: string): Vote {
    const sections = new Map<string, number>();
    const sentences = new Map<string, number>();
    for (const { id, score } of this.nearest(question, leftOut)) {
      const item = this.items[id]!;
      for (const key of item.sections) sections.set(key, (sections.get(key) ?? 0) + score / item.sections.length);
      for (const t of new Set(this.texts[id])) sentences.set(t, (sentences.get(t) ?? 0) + score);
    }
    const sum = [...sections.values()].reduce((a, b) => a + b, 0);
    const most = Math.max(0, ...sentences.values());
    return {
      top: [...sections].sort((a, b) => b[1] - a[1])[0]?.[0],
      share: (key) => (sum ? (sections.get(key) ?? 0) / sum : 0),
      sentence: (t) => (most ? (sentences.get(t) ?? 0) / most : 0),
    };
  }
}

/** The examples of question sets (content/eval/<set>, one question per line): each question that a few sections answer. */
export function buildExamples(kb: KnowledgeBase, evalFolder: string, sets: string[]): Example[] {
  const examples: Example[] = [];
  for (const set of sets)
    for (const line of readFileSync(path.join(evalFolder, set), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const q = JSON.parse(line) as Expectation & { kind?: string };
      // A clarifying or off-topic reply holds no case.
      if (q.kind === 'clarify' || q.kind === 'offtopic') continue;
      const found = label(kb, q);
      if (found) examples.push({ q: exampleText(q), set, ...found });
    }
  return examples;
}

/** Examples as the file holds them, one per line. */
export function examplesJsonl(examples: Example[]): string {
  return examples.map((e) => JSON.stringify(e)).join('\n') + '\n';
}
