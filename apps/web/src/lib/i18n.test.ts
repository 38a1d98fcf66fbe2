import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import demo from '@/locales/es/demo.json';
import documents from '@/locales/es/documents.json';
import { currentLanguage, registerTexts, setLanguage, t, useTranslation } from './i18n';

registerTexts(demo, documents);

afterEach(async () => {
  await setLanguage('es');
});

describe('texts (lib/i18n)', () => {
  it('reads nested keys of the shell and of a registered group', () => {
    expect(t('plans.free.features', { returnObjects: true })).toEqual(['3 consultas en total', 'Respuestas por voz', 'Preguntas frecuentes']);
    expect(t('documents.noMatch', { query: 'I-130' })).toBe('No hay documentos que coincidan con «I-130».');
  });

  it('chooses the plural by count, as i18next does (key_one / key_other)', () => {
    expect(t('documents.matches', { count: 1 })).toBe('1 documento');
    expect(t('documents.matches', { count: 0 })).toBe('0 documentos');
    expect(t('documents.matches', { count: 7 })).toBe('7 documentos');
  });

  it('gives the key for a missing text, or its default value; a list only when asked', () => {
    expect(t('documents.nothingHere')).toBe('documents.nothingHere');
    expect(t('documents.nothingHere', { defaultValue: 'Nada' })).toBe('Nada');
    expect(t('plans.free.features')).toBe('plans.free.features');
  });

  it('leaves an unknown placeholder empty and does not escape values (React does)', () => {
    expect(t('documents.noMatch')).toBe('No hay documentos que coincidan con «».');
    expect(t('documents.noMatch', { query: '<b>' })).toBe('No hay documentos que coincidan con «<b>».');
  });

  it('does not let a later group overwrite texts already there', () => {
    registerTexts({ documents: { noMatch: 'otro' }, extraGroup: { hello: 'Hola' } });
    expect(t('documents.noMatch', { query: 'x' })).toBe('No hay documentos que coincidan con «x».');
    expect(t('extraGroup.hello')).toBe('Hola');
  });

  it('switches to English (fetched on demand), falls back to Spanish, and re-renders its users', async () => {
    const { result } = renderHook(() => useTranslation());
    const spanishT = result.current.t;
    expect(result.current.i18n.language).toBe('es');
    expect(result.current.t('documents.matches', { count: 2 })).toBe('2 documentos');

    await act(() => setLanguage('en'));
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(result.current.i18n.language).toBe('en');
    expect(result.current.t).not.toBe(spanishT);
    expect(result.current.t('documents.matches', { count: 1 })).toBe('1 document');
    expect(result.current.t('extraGroup.hello')).toBe('Hola');

    await act(() => setLanguage('es'));
    expect(result.current.t).toBe(spanishT);
  });
});
