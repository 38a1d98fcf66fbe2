import { describe, expect, it } from 'vitest';
import type { DocumentItem } from './api/use-documents';
import { filterDocuments } from './filter';

const doc = (title: string, description: string) =>
  ({ id: title, title, description, filename: `${title}.pdf`, source: 'guide', keywords: '', createdAt: '2026-01-01T00:00:00Z' }) as unknown as DocumentItem;
const docs = [
  doc('Guía del formulario I-765', 'Para pedir o renovar el permiso de trabajo (EAD).'),
  doc('Guía del formulario I-90', 'Para renovar la green card de 10 años.'),
  doc('Formulario G-1145 (oficial de USCIS)', 'Aviso por correo electrónico.'),
];

describe('filterDocuments', () => {
  it('finds by form number with or without the dash, by words without accents, every word required', () => {
    expect(filterDocuments(docs, 'I-765').map((d) => d.id)).toEqual(['Guía del formulario I-765']);
    expect(filterDocuments(docs, 'i765').map((d) => d.id)).toEqual(['Guía del formulario I-765']);
    expect(filterDocuments(docs, 'guia renovar').map((d) => d.id)).toEqual(['Guía del formulario I-765', 'Guía del formulario I-90']);
    expect(filterDocuments(docs, 'electronico').map((d) => d.id)).toEqual(['Formulario G-1145 (oficial de USCIS)']);
    expect(filterDocuments(docs, 'permiso green')).toEqual([]);
  });

  it('finds a guide by the everyday words of its knowledge-base entry ("mica", "fianza")', () => {
    const withWords = [
      { ...docs[1]!, keywords: 'green card residencia la mica mica renovar' },
      { ...doc('Guía: Si ICE detuvo a tu familiar', 'Cómo encontrarlo.'), keywords: 'detenido fianza bond' },
      docs[2]!,
    ];
    expect(filterDocuments(withWords, 'mica').map((d) => d.id)).toEqual(['Guía del formulario I-90']);
    expect(filterDocuments(withWords, 'fianza').map((d) => d.id)).toEqual(['Guía: Si ICE detuvo a tu familiar']);
  });

  it('matches the start of words, so "fianza" does not find "confianza"; numbers inside form numbers', () => {
    const withWords = [
      doc('Guía: Cómo encontrar un abogado', 'Ayuda legal de confianza.'),
      { ...doc('Guía: Si ICE detuvo a tu familiar', 'Cómo encontrarlo.'), keywords: 'detenido fianza bond' },
    ];
    expect(filterDocuments(withWords, 'fianza').map((d) => d.id)).toEqual(['Guía: Si ICE detuvo a tu familiar']);
    expect(filterDocuments(docs, '765').map((d) => d.id)).toEqual(['Guía del formulario I-765']);
  });

  it('keeps everything for an empty query', () => {
    expect(filterDocuments(docs, '   ')).toHaveLength(3);
  });
});
