import type { AnswerKind } from '@camino/contracts';
import { REMINDER_PATTERN } from './engine/engine';
import { isSelfDescribedLawyer } from './engine/guard';

export interface EvalQuestion {
  id: string;
  q: string;
  expect: 'answer' | 'clarify' | 'urgent';
  forms: string[];
}

export interface EvalAnswer {
  kind: AnswerKind;
  text: string;
  sentences: string[];
}

export const behaviourOf = (kind: AnswerKind) => (kind === 'clarify' ? 'clarify' : kind === 'urgent' ? 'urgent' : 'answer');

/** The checks of decisions D4 and D5 on one answer; an empty list means it passes. */
export function evaluate(question: EvalQuestion, answer: EvalAnswer): string[] {
  const problems: string[] = [];
  const behaviour = behaviourOf(answer.kind);
  const count = answer.sentences.length;
  if (behaviour !== question.expect) problems.push(`behaviour ${behaviour}, expected ${question.expect}`);
  const [min, max] = answer.kind === 'clarify' ? [2, 2] : answer.kind === 'offtopic' ? [1, 2] : [3, 5];
  if (count < min || count > max) problems.push(`${count} sentences`);
  if (answer.kind === 'clarify' && !answer.sentences.every((s) => s.trim().endsWith('?'))) problems.push('clarification is not two questions');
  const missing = question.forms.filter((form) => !answer.text.includes(form));
  if (missing.length) problems.push(`forms missing: ${missing.join(', ')}`);
  if ((answer.kind === 'answer' || answer.kind === 'urgent') && !REMINDER_PATTERN.test(answer.text)) problems.push('no Documentos reminder');
  if (/EE\.? ?UU|EEUU|E\.U\.A/.test(answer.text)) problems.push('"EE.UU." written');
  if (isSelfDescribedLawyer(answer.text)) problems.push('calls itself a lawyer');
  if (question.expect === 'urgent' && !/abogado|representante acreditado/.test(answer.text)) problems.push('no lawyer recommended');
  return problems;
}
