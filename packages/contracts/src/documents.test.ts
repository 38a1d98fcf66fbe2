import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES, formFromFilename, matchDocumentFile, normalizeDocumentFilename, storedDocumentName } from './documents';

describe('document file names (spec "Download logic")', () => {
  it('upper-cases the form prefix and the whole name, and drops a language suffix before .pdf', () => {
    expect(normalizeDocumentFilename('i-485-es.pdf')).toBe('I-485.PDF');
    expect(normalizeDocumentFilename('n-400.pdf')).toBe('N-400.PDF');
    expect(normalizeDocumentFilename('g-1145-EN.pdf')).toBe('G-1145.PDF');
    expect(normalizeDocumentFilename('I-130A.PDF')).toBe('I-130A.PDF');
    expect(normalizeDocumentFilename('eoir-29.pdf')).toBe('EOIR-29.PDF');
    expect(normalizeDocumentFilename('guia-derechos-ice-en-casa.pdf')).toBe('GUIA-DERECHOS-ICE-EN-CASA.PDF');
  });

  it('drops only a suffix right before .pdf', () => {
    expect(normalizeDocumentFilename('i-485-es.txt')).toBe('I-485-ES.TXT');
    expect(normalizeDocumentFilename('es-i-485.pdf')).toBe('ES-I-485.PDF');
    expect(normalizeDocumentFilename('i-485-esp.pdf')).toBe('I-485-ESP.PDF');
  });

  it('ignores any folder part', () => {
    expect(normalizeDocumentFilename('forms/i-90.pdf')).toBe('I-90.PDF');
    expect(normalizeDocumentFilename('C:\\forms\\i-90.pdf')).toBe('I-90.PDF');
  });

  it('stores files under the normalised name with a lower-case extension', () => {
    expect(storedDocumentName('i-485-es.pdf')).toBe('I-485.pdf');
    expect(storedDocumentName('I-485.PDF')).toBe('I-485.pdf');
    expect(storedDocumentName('guia-i-485.pdf')).toBe('GUIA-I-485.pdf');
    expect(storedDocumentName(storedDocumentName('n-400-en.pdf'))).toBe('N-400.pdf');
  });

  it('matches the bucket names case-insensitively', () => {
    const bucket = ['G-1145.pdf', 'i-485.pdf', 'N-400.PDF'];
    expect(matchDocumentFile('i-485-es.pdf', bucket)).toBe('i-485.pdf');
    expect(matchDocumentFile('I-485.PDF', bucket)).toBe('i-485.pdf');
    expect(matchDocumentFile('n-400.pdf', bucket)).toBe('N-400.PDF');
    expect(matchDocumentFile('g-1145-en.pdf', bucket)).toBe('G-1145.pdf');
    expect(matchDocumentFile('i-130.pdf', bucket)).toBeNull();
    expect(matchDocumentFile('i-485.pdf', [])).toBeNull();
  });

  it('finds a bucket file that still carries its language suffix', () => {
    expect(matchDocumentFile('I-765.pdf', ['i-765-es.pdf'])).toBe('i-765-es.pdf');
  });

  it('derives the form number from a file name', () => {
    expect(formFromFilename('i-485.pdf')).toBe('I-485');
    expect(formFromFilename('eoir-29.pdf')).toBe('EOIR-29');
    expect(formFromFilename('g-1145.pdf')).toBe('G-1145');
    expect(formFromFilename('i-129f-es.pdf')).toBe('I-129F');
    expect(formFromFilename('ar-11.PDF')).toBe('AR-11');
    expect(formFromFilename('manual del usuario.pdf')).toBeNull();
  });

  it('has the spec texts for a failed download', () => {
    expect(DOCUMENT_MESSAGES.fileMissing('Guía del formulario I-485')).toBe(
      'No se pudo descargar el documento "Guía del formulario I-485". El archivo no se encuentra en el sistema.',
    );
  });
});
