import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { knowledgeFolder } from '../knowledge/load';
import { normalize, stemmedWords } from './text';

/**
 * The assistant's language as content (content/assistant/): synonyms people use, the question cues of
 * each intent, and the fixed replies. Loaded once; nothing here is code.
 */
const synonymsSchema = z.strictObject({
  spellings: z.record(z.string(), z.string()),
  /** Named lists of phrases, written "{name}" in a synonym's phrase: any of them. */
  classes: z.record(z.string(), z.array(z.string()).min(2)),
  synonyms: z.array(z.strictObject({ use: z.string(), for: z.array(z.string()).min(1) })),
  contrasts: z.array(z.tuple([z.string(), z.string()])),
  phrase_fillers: z.array(z.string()),
  distinct: z.array(z.tuple([z.string(), z.string()])),
  immigration_words: z.array(z.string()).min(10),
});

export const INTENTS = ['fee', 'deadline', 'time', 'yesno', 'action', 'documents', 'who', 'what', 'risk'] as const;
export type Intent = (typeof INTENTS)[number];

const intentsSchema = z.strictObject({
  /** Phrases anywhere in the question; "cuanto ... costar": compared by stems, up to three words between. */
  contains: z.partialRecord(z.enum(INTENTS), z.array(z.string())),
  /** Words the question starts with ("¿puedo...?": a yes/no question). */
  starts: z.partialRecord(z.enum(INTENTS), z.array(z.string())),
  /** Words that make a short message a follow-up of the conversation ("¿y cuánto cuesta?"). */
  follow_up_starts: z.array(z.string()),
  new_subject: z.array(z.string()),
  /**
   * A question that asks for what nobody can know (the odds of a case, a rumored raid, when a program
   * reopens): the answer says so first (decisions D4). "a ... b": compared by stems, up to three words between.
   */
  predict: z.array(z.string()).min(1),
  /** The words of a call for help with nothing to go on ("ayuda", "tengo miedo"). */
  help_only: z.array(z.string()).min(1),
  /** The words of a thank-you or goodbye with nothing else ("ok gracias"). */
  thanks_only: z.array(z.string()).min(1),
  /**
   * A question that says nothing of what it is about ("¿cuánto cuesta?", "se me venció", "ayuda con mi caso"): every
   * word is one of vague_only (a thing named without saying which), of vague_fillers, or a help, thanks or small word.
   */
  vague_only: z.array(z.string()).min(1),
  vague_fillers: z.array(z.string()).min(1),
});

const closingSchema = z.strictObject({ form: z.string(), forms: z.string(), guide: z.string(), guides: z.string(), none: z.string() });
const repliesSchema = z.strictObject({
  closing: closingSchema,
  closing_urgent: closingSchema,
  clarify: z.strictObject({ entry: z.string(), location: z.string(), relative: z.string() }),
  offtopic: z.array(z.string()).min(1).max(2),
  help: z.array(z.string()).min(1).max(2),
  thanks: z.array(z.string()).min(1).max(2),
  vague: z.array(z.string()).length(2),
  unknown: z.array(z.string()).min(2),
  predict: z.string(),
  missing: z.strictObject({ fee: z.string(), deadline: z.string(), time: z.string() }),
  attribution: z.string(),
  stale: z.string(),
  guest: z.strictObject({ unknown: z.string(), offtopic: z.string(), vague: z.string() }),
  openers: z.array(z.string()).min(1),
  urgent_openers: z.array(z.string()).min(1),
});
export type Replies = z.infer<typeof repliesSchema>;

export interface Vocabulary {
  /** [how people spell it, how the knowledge base does], normalised, longest first. */
  spellings: Array<[string, string]>;
  /** [phrase people use, words to add], normalised; "{name}" stands for any phrase of a class. */
  synonyms: Array<[string, string]>;
  /** The classes' phrases, spelled as questions are. */
  classes: Map<string, string[]>;
  distinct: Set<string>;
  /** Small words left out when keyword phrases are matched. */
  fillers: Set<string>;
  /** Opposite situations, as patterns over normalised text ("ciudadano" also matches "ciudadanas"). */
  contrasts: Array<[RegExp, RegExp]>;
  immigrationWords: string[];
  intents: {
    contains: Array<[Intent, { pattern: RegExp; stemmed: boolean }]>;
    starts: Array<[Intent, string]>;
    followUpStarts: string[];
    /** Words that open a new subject ("otra pregunta"): the message is not a follow-up. */
    newSubject: string[];
    predict: Array<{ pattern: RegExp; stemmed: boolean }>;
    helpOnly: Set<string>;
    thanksOnly: Set<string>;
    vagueOnly: Set<string>;
    vagueFillers: Set<string>;
  };
  replies: Replies;
}

/**
 * An intent phrase as written ("cuanto cuesta"), or with a gap over stemmed words ("cuanto ... costar" also
 * finds "cuánto me está costando"; a single word stays exact: "cobran" is not "me cobró").
 */
function intentPattern(phrase: string): { pattern: RegExp; stemmed: boolean } {
  if (!phrase.includes('...')) return { pattern: new RegExp(` ${normalize(phrase)} `), stemmed: false };
  const parts = phrase.split('...').map((part) => stemmedWords(part).join(' '));
  return { pattern: new RegExp(` ${parts.join(' (?:\\S+ ){0,3}')} `), stemmed: true };
}

/**
 * A side of a contrast, any of its ways written "a | b": a word with its gender and number ("ciudadano":
 * ciudadano, ciudadana, ciudadanos); a phrase as written.
 */
function sidePattern(side: string): RegExp {
  const one = (way: string) => {
    // A way written /.../ is a pattern over the normalised text (a place told with any of its verbs).
    if (/^\s*\/.+\/\s*$/.test(way)) return way.trim().slice(1, -1);
    const n = normalize(way);
    return /^[a-z]+[oae]$/.test(n) ? `${n.slice(0, -1)}[oae]s?` : n;
  };
  return new RegExp(
    `\\b(?:${side
      .split(/\s+\|\s+/)
      .map(one)
      .join('|')})\\b`,
  );
}

function read<T>(schema: z.ZodType<T>, file: string): T {
  const parsed = schema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

export function loadVocabulary(folder = path.join(path.dirname(knowledgeFolder()), 'assistant')): Vocabulary {
  const s = read(synonymsSchema, path.join(folder, 'synonyms.yaml'));
  const i = read(intentsSchema, path.join(folder, 'intents.yaml'));
  const replies = read(repliesSchema, path.join(folder, 'replies.yaml'));
  const pairs = (record: Partial<Record<Intent, string[]>>) =>
    Object.entries(record).flatMap(([intent, phrases]) => (phrases ?? []).map((p) => [intent as Intent, p] as [Intent, string]));
  const spellings = Object.entries(s.spellings)
    .map(([from, to]) => [normalize(from), normalize(to)] as [string, string])
    .sort((a, b) => b[0].length - a[0].length);
  // Intent and synonym phrases are spelled as the questions they are looked for in ("cuándo lo renuevo":
  // "cuándo lo renovar"); keyword phrases are spelled by the retriever.
  const spelledPart = (part: string) => respell(part, { spellings });
  const spelled = (phrase: string) => phrase.split('...').map(spelledPart).join(' ... ');
  // A part of a synonym may be a class of phrases ("{familiar}"), named as written.
  const spelledOrClass = (part: string) => {
    const name = /^\s*\{([a-z -]+)\}\s*$/.exec(part)?.[1];
    if (name === undefined) return spelled(part);
    if (!(name in s.classes)) throw new Error(`synonyms.yaml: la clase {${name}} no existe`);
    return `{${name}}`;
  };
  return {
    spellings,
    // "ir ... volver": the words in this order with up to six words between them; "dui + ciudadania":
    // both anywhere in the question.
    synonyms: s.synonyms.flatMap((group) =>
      group.for.map((phrase) => [phrase.split('+').map(spelledOrClass).join(' + '), spelledPart(group.use)] as [string, string]),
    ),
    classes: new Map(Object.entries(s.classes).map(([name, phrases]) => [name, phrases.map(spelled)])),
    fillers: new Set(s.phrase_fillers.map(normalize)),
    distinct: new Set(s.distinct.map(([a, b]) => [normalize(a), normalize(b)].sort().join(' '))),
    contrasts: s.contrasts.map(([a, b]) => [sidePattern(a), sidePattern(b)] as [RegExp, RegExp]),
    immigrationWords: s.immigration_words.map(normalize),
    intents: {
      contains: pairs(i.contains).map(([intent, phrase]) => [intent, intentPattern(spelled(phrase))] as [Intent, { pattern: RegExp; stemmed: boolean }]),
      starts: pairs(i.starts).map(([intent, phrase]) => [intent, spelled(phrase)] as [Intent, string]),
      followUpStarts: i.follow_up_starts.map(normalize),
      newSubject: i.new_subject.map(normalize),
      predict: i.predict.map((phrase) => intentPattern(spelled(phrase))),
      helpOnly: new Set(i.help_only.map(normalize)),
      thanksOnly: new Set(i.thanks_only.map(normalize)),
      vagueOnly: new Set(i.vague_only.map(normalize)),
      vagueFillers: new Set(i.vague_fillers.map(normalize)),
    },
    replies,
  };
}

/** A text normalised with how people spell it replaced by how the knowledge base spells it ("q" → "que"). */
export function respell(text: string, vocabulary: Pick<Vocabulary, 'spellings'>): string {
  let n = ` ${normalize(text)} `;
  // A spelling whose first word is not in the text is ruled out by a set lookup, not a search of the text.
  let present = new Set(n.split(' '));
  for (const [from, to] of vocabulary.spellings) {
    const space = from.indexOf(' ');
    if (!present.has(space < 0 ? from : from.slice(0, space)) || !n.includes(` ${from} `)) continue;
    n = n.replaceAll(` ${from} `, ` ${to} `);
    present = new Set(n.split(' '));
  }
  return n.trim();
}

/** The intents of a question ("¿cuánto cuesta y cuánto tarda?": fee and time), in the order asked. */
export function detectIntents(asked: string, vocabulary: Vocabulary): Intent[] {
  // Clause marks kept: the spellings are replaced word by word inside each clause.
  const question = asked
    .split(/([¿?.!,;\n])/)
    .map((part) => (/^[¿?.!,;\n]$/.test(part) ? part : respell(part, vocabulary)))
    .join(' ');
  // Where each intent is asked, in words from the start (the stems and the words line up one to one).
  const wordsBefore = (text: string, at: number) => (at <= 0 ? 0 : text.slice(0, at).trim().split(' ').length);
  const n = ` ${normalize(question)} `;
  const stemmed = ` ${stemmedWords(question).join(' ')} `;
  const found: Array<[Intent, number]> = [];
  for (const [intent, { pattern, stemmed: byStems }] of vocabulary.intents.contains) {
    const text = byStems ? stemmed : n;
    const at = text.search(pattern);
    if (at >= 0) found.push([intent, wordsBefore(text, at)]);
  }
  // A question may start after a greeting or a story: each clause's first word counts.
  const clauses = question.split(/[¿?.!,;\n]| pero | y /i).map((c) => ` ${normalize(c)} `);
  for (const [intent, phrase] of vocabulary.intents.starts) {
    for (const clause of clauses) {
      if (clause.startsWith(` ${phrase} `)) found.push([intent, wordsBefore(n, n.indexOf(clause.trim()))]);
    }
  }
  found.sort((a, b) => a[1] - b[1]);
  return [...new Set(found.map(([intent]) => intent))];
}

/** The question asks for what nobody can know: the odds of a case, a rumored raid, when a program reopens. */
export function asksToPredict(asked: string, vocabulary: Vocabulary): boolean {
  const spelled = respell(asked, vocabulary);
  const n = ` ${normalize(spelled)} `;
  const stemmed = ` ${stemmedWords(spelled).join(' ')} `;
  return vocabulary.intents.predict.some(({ pattern, stemmed: byStems }) => pattern.test(byStems ? stemmed : n));
}
