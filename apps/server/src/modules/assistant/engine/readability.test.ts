import { describe, expect, it } from 'vitest';
import { countSyllables, fernandezHuerta, inflesz, spokenText, szigrisztPazos, textStats } from './readability';

describe('Spanish syllable counter', () => {
  it.each([
    ['casa', 2],
    ['inmigración', 4],
    ['ciudadano', 4],
    ['país', 2],
    ['aéreo', 4],
    ['poeta', 3],
    ['maíz', 2],
    ['río', 2],
    ['leí', 2],
    ['guerra', 2],
    ['queso', 2],
    ['pingüino', 3],
    ['Uruguay', 3],
    ['buey', 1],
    ['hay', 1],
    ['muy', 1],
    ['y', 1],
    ['reyes', 2],
    ['residencia', 4],
    ['Estados', 3],
    ['huevo', 2],
    ['averiguáis', 4],
    ['ahora', 3],
  ])('%s has %i syllables', (word, syllables) => {
    expect(countSyllables(word)).toBe(syllables);
  });
});

describe('readability formulas (worked examples counted by hand)', () => {
  it('counts words, syllables and sentences', () => {
    expect(textStats('El perro come. La casa es azul.')).toEqual({ sentences: 2, words: 7, syllables: 11 });
  });

  it('Fernández-Huerta = 206.84 − 60·S/P − 1.02·P/F', () => {
    // 7 words, 11 syllables, 2 sentences: 206.84 − 60·11/7 − 1.02·7/2
    expect(fernandezHuerta('El perro come. La casa es azul.')).toBeCloseTo(108.984, 2);
  });

  it('Szigriszt-Pazos = 206.835 − 62.3·S/P − P/F', () => {
    expect(szigrisztPazos('El perro come. La casa es azul.')).toBeCloseTo(105.435, 2);
    // Read aloud, "I-485" is "i cuatrocientos ochenta y cinco": 5 words, 1 + 4 + 3 + 1 + 2 = 11 syllables.
    // 16 words, 32 syllables, 1 sentence: 206.835 − 62.3·2 − 16 and 206.84 − 60·2 − 1.02·16.
    const reminder = 'Puedes descargar el formulario I-485 en la sección Documentos de la app.';
    expect(textStats(reminder)).toEqual({ sentences: 1, words: 16, syllables: 32 });
    expect(szigrisztPazos(reminder)).toBeCloseTo(66.235, 2);
    expect(fernandezHuerta(reminder)).toBeCloseTo(70.52, 2);
  });

  it('reads numbers as they are spoken (decisions D4)', () => {
    expect(spokenText('La tarifa es de 1,440 dólares.')).toContain('mil cuatrocientos cuarenta');
    // "Llama al 911": nine hundred eleven is "novecientos once" (no-ve-cien-tos on-ce: 6 syllables).
    expect(textStats('Llama al 911.')).toEqual({ sentences: 1, words: 4, syllables: 9 });
  });

  it('reads the INFLESZ bands', () => {
    expect([inflesz(30), inflesz(50), inflesz(60), inflesz(70), inflesz(90)]).toEqual(['muy difícil', 'algo difícil', 'normal', 'bastante fácil', 'muy fácil']);
  });
});
