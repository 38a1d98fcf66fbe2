import { describe, expect, it } from 'vitest';
import { answerParts } from './answer-parts';

describe('answerParts', () => {
  it('makes a toll-free number a tel: link', () => {
    expect(answerParts('Llama al 1-800-898-7180 para saber de tu caso.')).toEqual([
      { type: 'text', text: 'Llama al ' },
      { type: 'phone', text: '1-800-898-7180', href: 'tel:+18008987180' },
      { type: 'text', text: ' para saber de tu caso.' },
    ]);
  });

  it('reads other phone shapes and 911, but not prices, years or form numbers', () => {
    const phones = (text: string) =>
      answerParts(text)
        .filter((p) => p.type === 'phone')
        .map((p) => (p.type === 'phone' ? p.href : ''));
    expect(phones('Marca (800) 375-5283 o 800-375-5283.')).toEqual(['tel:+18003755283', 'tel:+18003755283']);
    expect(phones('En una emergencia llama al 911, aunque no tengas papeles.')).toEqual(['tel:911']);
    expect(phones('Cuesta $911 y tarda 2026 días; el I-911 no existe.')).toEqual([]);
  });

  it('links official .gov addresses without the period that ends the sentence', () => {
    expect(answerParts('Búscalo en locator.ice.gov. Y el formulario en uscis.gov/i-130.')).toEqual([
      { type: 'text', text: 'Búscalo en ' },
      { type: 'link', text: 'locator.ice.gov', href: 'https://locator.ice.gov' },
      { type: 'text', text: '. Y el formulario en ' },
      { type: 'link', text: 'uscis.gov/i-130', href: 'https://uscis.gov/i-130' },
      { type: 'text', text: '.' },
    ]);
    expect(answerParts('Ve a https://www.uscis.gov/tps).')[1]).toEqual({ type: 'link', text: 'https://www.uscis.gov/tps', href: 'https://www.uscis.gov/tps' });
  });

  it('does not link addresses that are not official', () => {
    expect(answerParts('Entra a tramites-rapidos.com o notario.org.')).toEqual([{ type: 'text', text: 'Entra a tramites-rapidos.com o notario.org.' }]);
  });

  it('keeps form numbers whole (they must not break across lines)', () => {
    expect(
      answerParts('Llena el I-130 y luego el I-485, o el DS-160 y el I-821D.')
        .filter((p) => p.type === 'form')
        .map((p) => p.text),
    ).toEqual(['I-130', 'I-485', 'DS-160', 'I-821D']);
    // A lower-case word with a hyphen is text.
    expect(answerParts('covid-19').every((p) => p.type === 'text')).toBe(true);
  });

  it('gives back the whole text, in order', () => {
    const text = 'Pide el I-90 en uscis.gov/i-90 o llama al 1-800-375-5283. ¡Suerte!';
    expect(
      answerParts(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });
});
