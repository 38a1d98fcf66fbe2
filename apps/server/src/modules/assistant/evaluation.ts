import type { AnswerKind, Turn } from '@camino/contracts';
import { isClosing, isSelfDescribedLawyer } from './engine/guard';
import { lowerWithoutAccents, normalize } from './engine/text';

/**
 * An evaluation question (content/eval/*.jsonl, format of ../shared/eval/README.md):
 * - kind: answer | clarify | urgent | offtopic | abstain_ok
 * - forms_any: at least one of these form numbers is named
 * - must: groups of alternatives (regular expressions on the answer lower-cased, accents removed);
 *   every group must match one alternative
 * - must_not: none of these may appear
 * - history: earlier turns of the conversation (a follow-up, or the reply to the clarifying questions)
 * The first format ({expect, forms}, every form required) is still read, for the older sets.
 */
export interface EvalQuestion {
  id: string;
  q: string;
  mode?: 'user' | 'guest';
  kind?: EvalKind;
  forms_any?: string[];
  must?: string[][];
  must_not?: string[];
  history?: Turn[];
  topic?: string;
  note?: string;
  /** First format. */
  expect?: 'answer' | 'clarify' | 'urgent';
  forms?: string[];
}

export type EvalKind = 'answer' | 'clarify' | 'urgent' | 'offtopic' | 'abstain_ok';

export interface EvalAnswer {
  kind: AnswerKind;
  text: string;
  sentences: string[];
}

export interface Verdict {
  problems: string[];
  /** The reply answered (answer or urgent) but about something else: no expected content at all, or forbidden content. */
  wrongTopic: boolean;
}

const LAWYER = /abogad|representante acreditad/;
/** An honest "I don't know" (decisions D4) says where to ask. */
const ABSTAIN = /no tengo informacion (segura|confiable)/;
const WHERE_TO_ASK = /representante acreditad|abogad|ayuda legal|uscis\.gov|justice\.gov|state\.gov|pagina oficial/;

export function kindOf(question: EvalQuestion): EvalKind {
  return question.kind ?? question.expect ?? 'answer';
}

/** The checks of decisions D4 and D5 and the question's content expectations; no problems means it passes. */
export function judge(question: EvalQuestion, answer: EvalAnswer): Verdict {
  const problems: string[] = [];
  const kind = kindOf(question);
  const text = normalize(answer.text);
  // Content patterns read the text lower-cased and without accents, with its punctuation (uscis.gov, 1-800-...).
  const plain = lowerWithoutAccents(answer.text);
  const matches = (pattern: string) => new RegExp(pattern, 'i').test(plain);
  const count = answer.sentences.length;
  const guest = question.mode === 'guest';

  // Format (decisions D4, D5).
  if (/EE\.? ?UU|EEUU|E\.U\.A/.test(answer.text)) problems.push('"EE.UU." written');
  if (isSelfDescribedLawyer(answer.text)) problems.push('calls itself a lawyer');
  if (guest) {
    if (count !== 1) problems.push(`guest reply of ${count} sentences`);
    if (answer.text.trim().endsWith('?')) problems.push('guest reply is a question');
  } else if (answer.kind === 'clarify') {
    if (count !== 2 || !answer.sentences.every((s) => s.trim().endsWith('?'))) problems.push('clarification is not exactly two questions');
  } else if (answer.kind === 'offtopic') {
    if (count < 1 || count > 2) problems.push(`${count} sentences`);
  } else {
    if (count < 3 || count > 5) problems.push(`${count} sentences`);
    const closing = answer.sentences.at(-1) ?? '';
    if (!isClosing(closing)) problems.push('closing sentence lacks Documentos or "información general"');
  }

  // Behaviour.
  const abstained = answer.kind === 'unknown';
  if (kind === 'clarify' && answer.kind !== 'clarify') problems.push(`${answer.kind}, expected two clarifying questions`);
  if (kind !== 'clarify' && answer.kind === 'clarify') problems.push('clarifying questions, expected an answer');
  if (kind === 'offtopic' && answer.kind !== 'offtopic') problems.push(`${answer.kind}, expected off-topic`);
  // The first format had no off-topic kind: "answer" with no form covered off-topic questions too.
  const legacyOfftopic = question.kind === undefined && kind === 'answer' && (question.forms ?? []).length === 0;
  if (kind !== 'offtopic' && answer.kind === 'offtopic' && !legacyOfftopic) problems.push('treated as off-topic');
  if (kind === 'urgent' && !guest) {
    if (answer.kind !== 'urgent') problems.push(`${answer.kind}, expected urgent`);
    if (!LAWYER.test(plain)) problems.push('no lawyer or accredited representative');
  }
  if (abstained && kind !== 'abstain_ok') problems.push('said it has no reliable information');
  if (abstained && (!ABSTAIN.test(text) || !WHERE_TO_ASK.test(plain))) problems.push('abstained without saying where to ask');

  // Content.
  let wrongTopic = false;
  const answered = answer.kind === 'answer' || answer.kind === 'urgent';
  if (!guest && !(legacyOfftopic && answer.kind === 'offtopic') && (kind === 'answer' || kind === 'urgent' || (kind === 'abstain_ok' && !abstained))) {
    const formsAny = question.forms_any ?? [];
    const formsAll = question.forms ?? [];
    const named = (form: string) => answer.text.toUpperCase().includes(form.toUpperCase());
    if (formsAny.length && !formsAny.some(named)) problems.push(`names none of ${formsAny.join(', ')}`);
    const missingAll = formsAll.filter((f) => !named(f));
    if (missingAll.length) problems.push(`forms missing: ${missingAll.join(', ')}`);
    const groups = question.must ?? [];
    const missing = groups.filter((group) => !group.some(matches));
    for (const group of missing) problems.push(`lacks one of [${group.join(' | ')}]`);
    const forbidden = (question.must_not ?? []).filter((p) => matches(p));
    for (const p of forbidden) problems.push(`says "${p}"`);
    const anyExpected = (groups.length > 0 && missing.length < groups.length) || (formsAny.length > 0 && formsAny.some(named));
    const expectsSomething = groups.length > 0 || formsAny.length > 0;
    wrongTopic = answered && (forbidden.length > 0 || (expectsSomething && !anyExpected));
  }
  return { problems, wrongTopic };
}

/** The checks as a list (the older callers). */
export function evaluate(question: EvalQuestion, answer: EvalAnswer): string[] {
  return judge(question, answer).problems;
}
