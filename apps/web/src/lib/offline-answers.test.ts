import { beforeEach, describe, expect, it } from 'vitest';
import { forgetAnswers, rememberAnswer, SAVED_ANSWERS_MAX, savedAnswers } from './offline-answers';

const answer = (n: number) => ({ question: `¿Pregunta ${n}?`, answer: `Respuesta ${n}.`, at: `2026-11-24T03:0${n}:00.000Z` });

describe('the answers kept on this device', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the last few, newest first', () => {
    for (let n = 1; n <= SAVED_ANSWERS_MAX + 2; n++) rememberAnswer('u1', answer(n));
    expect(savedAnswers().map((a) => a.question)).toEqual(['¿Pregunta 7?', '¿Pregunta 6?', '¿Pregunta 5?', '¿Pregunta 4?', '¿Pregunta 3?']);
  });

  it("drops another person's answers before keeping a new one", () => {
    rememberAnswer('u1', answer(1));
    rememberAnswer('u2', answer(2));
    expect(savedAnswers().map((a) => a.question)).toEqual(['¿Pregunta 2?']);
  });

  it('forgets them, unless they belong to the person still signed in', () => {
    rememberAnswer('u1', answer(1));
    forgetAnswers('u1');
    expect(savedAnswers()).toHaveLength(1);
    forgetAnswers('u2');
    expect(savedAnswers()).toEqual([]);
    rememberAnswer('u1', answer(1));
    forgetAnswers();
    expect(localStorage.getItem('lastAnswers')).toBeNull();
  });

  it('reads a damaged value as nothing', () => {
    localStorage.setItem('lastAnswers', '{not json');
    expect(savedAnswers()).toEqual([]);
  });
});
