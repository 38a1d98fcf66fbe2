import { describe, expect, it } from 'vitest';
import { countSyllables, fernandezHuerta, inflesz, szigrisztPazos, textStats } from './readability';

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
    // 12 words, 25 syllables (I-485 read as "i cuatro ocho cinco": 1 + 3), 1 sentence.
    const reminder = 'Puedes descargar el formulario I-485 en la sección Documentos de la app.';
    expect(textStats(reminder)).toEqual({ sentences: 1, words: 12, syllables: 25 });
    expect(szigrisztPazos(reminder)).toBeCloseTo(65.044, 2);
    expect(fernandezHuerta(reminder)).toBeCloseTo(69.6, 2);
  });

  it('reads the INFLESZ bands', () => {
    expect([inflesz(30), inflesz(50), inflesz(60), inflesz(70), inflesz(90)]).toEqual(['muy difícil', 'algo difícil', 'normal', 'bastante fácil', 'muy fácil']);
  });
});
