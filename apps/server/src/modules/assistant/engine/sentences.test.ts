import { describe, expect, it } from 'vitest';
import { firstSentenceEnd, spellOutUnitedStates, splitSentences } from './sentences';

describe('sentences', () => {
  it('splits on sentence ends but not inside web addresses or numbers', () => {
    expect(splitSentences('Entra a uscis.gov/i-485 para verlo. Cuesta 1,440 dólares. ¿Tienes dudas? ¡Claro!')).toEqual([
      'Entra a uscis.gov/i-485 para verlo.',
      'Cuesta 1,440 dólares.',
      '¿Tienes dudas?',
      '¡Claro!',
    ]);
    expect(splitSentences('Usa el I-485.')).toEqual(['Usa el I-485.']);
  });

  it('finds the end of the first complete sentence of a growing text', () => {
    expect(firstSentenceEnd('Hola, te ayudo')).toBe(-1);
    expect(firstSentenceEnd('Hola. Te')).toBe(6);
    // A period and a space at the end of what arrived so far: the sentence is complete.
    expect(firstSentenceEnd('Visita uscis.gov hoy. ')).toBe(22);
    expect(firstSentenceEnd('Vives en EE. ')).toBe(-1);
    expect(firstSentenceEnd('Habla con el Dr. ')).toBe(-1);
  });

  it('writes out Estados Unidos', () => {
    for (const variant of ['EE.UU.', 'EE. UU.', 'EEUU', 'EE.UU', 'E.U.A.', 'EUA'])
      expect(spellOutUnitedStates(`Vives en ${variant} desde hace años.`), variant).toBe('Vives en Estados Unidos desde hace años.');
    expect(spellOutUnitedStates('Llegaste a EE.UU. El proceso sigue.')).toBe('Llegaste a Estados Unidos. El proceso sigue.');
  });
});
