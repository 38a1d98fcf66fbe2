import { describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_ID, LIMITS, normalizePlan, PRICES, VOICES } from './constants';
import { isErrorBody } from './errors';

describe('constants', () => {
  it('treats every plan value but UNLIMITED as FREE', () => {
    expect(normalizePlan('UNLIMITED')).toBe('UNLIMITED');
    for (const value of ['FREE', 'unlimited', 'PREMIUM', null, undefined, 3]) expect(normalizePlan(value)).toBe('FREE');
  });

  it('has the six voices of the spec, the custom voice first and default', () => {
    expect(VOICES).toHaveLength(6);
    expect(VOICES[0].id).toBe(DEFAULT_VOICE_ID);
    expect(VOICES.filter((v) => v.language === 'en' && v.gender === 'female')).toHaveLength(2);
    expect(VOICES.filter((v) => v.language === 'en' && v.gender === 'male')).toHaveLength(2);
  });

  it('keeps the spec figures', () => {
    expect([LIMITS.guestQuestions, LIMITS.freeConsultations, LIMITS.chatTitleLength]).toEqual([2, 3, 50]);
    expect([PRICES.trialCents, PRICES.trialDays, PRICES.monthlyCents]).toEqual([100, 7, 999]);
  });

  it('recognises error bodies', () => {
    expect(isErrorBody({ error: { code: 'NOT_FOUND', message: 'x' } })).toBe(true);
    expect(isErrorBody({ error: 'x' })).toBe(false);
    expect(isErrorBody(null)).toBe(false);
  });
});
