import { describe, expect, it } from 'vitest';
import { AnswerGuard, type GuardOptions } from './guard';

const options: GuardOptions = {
  mode: 'user',
  forms: ['I-485'],
  fillers: ['El formulario I-485 sirve para pedir la residencia.', 'La tarifa es de 1,440 dólares.'],
  guestFallback: 'El formulario I-485 sirve para pedir la residencia.',
  closing: 'Es información general; puedes descargar el formulario I-485 en la sección Documentos de la app.',
};

/** Feeds text in small pieces, as a model streams it; returns what the user received. */
function run(text: string, opts: Partial<GuardOptions> = {}, piece = 3) {
  const guard = new AnswerGuard({ ...options, ...opts });
  let sent = '';
  let stoppedAt = -1;
  for (let i = 0; i < text.length; i += piece) {
    const out = guard.push(text.slice(i, i + piece));
    sent += out.emit;
    if (out.done) {
      stoppedAt = i;
      break;
    }
  }
  sent += guard.end().emit;
  return { sent, sentences: guard.sentences, stoppedAt, guard };
}

describe('AnswerGuard', () => {
  it('passes a good answer through unchanged, streaming it', () => {
    const answer =
      'Claro, te explico. El formulario I-485 sirve para pedir la residencia. Es información general; puedes descargar el formulario I-485 en la sección Documentos de la app.';
    const { sent, sentences } = run(answer);
    expect(sent).toBe(answer);
    expect(sentences).toHaveLength(3);
  });

  it('sends text before the sentence is complete (streaming, not sentence-buffered)', () => {
    const guard = new AnswerGuard(options);
    expect(guard.push('Claro, te ').emit).toBe('Claro, te');
    expect(guard.push('explico ').emit).toBe(' explico');
  });

  it('never lets EE.UU. or its variants through, even split across pieces', () => {
    for (const variant of ['EE.UU.', 'EE. UU.', 'EEUU', 'E.U.A.']) {
      const { sent } = run(
        `Vives en ${variant} desde hace años. Necesitas el formulario I-485 para la residencia. Es información general; puedes descargar el formulario I-485 en la sección Documentos de la app.`,
        {},
        1,
      );
      expect(sent, variant).not.toMatch(/EE|E\.U|EUA/);
      expect(sent).toContain('Vives en Estados Unidos desde hace años.');
    }
  });

  it('cuts a seven-sentence answer to five, keeping the reminder last', () => {
    const seven = Array.from({ length: 7 }, (_, i) => `Esta es la oración número ${i + 1} sobre el I-485.`).join(' ');
    const { sentences, stoppedAt } = run(seven);
    expect(sentences).toHaveLength(5);
    expect(sentences[4]).toBe('Es información general; puedes descargar el formulario I-485 en la sección Documentos de la app.');
    expect(stoppedAt).toBeLessThan(seven.length - 10);
  });

  it('keeps a reminder the model wrote as its fifth sentence', () => {
    const text = 'Uno sobre el I-485. Dos. Tres. Cuatro. Es información general y en la sección Documentos de la app está el I-485. Seis.';
    const { sentences } = run(text);
    expect(sentences).toEqual([
      'Uno sobre el I-485.',
      'Dos.',
      'Tres.',
      'Cuatro.',
      'Es información general y en la sección Documentos de la app está el I-485.',
    ]);
  });

  it('completes a too-short answer to three sentences with the form and the reminder', () => {
    const { sentences, sent } = run('Claro que sí.');
    expect(sentences).toEqual([
      'Claro que sí.',
      'El formulario I-485 sirve para pedir la residencia.',
      'Es información general; puedes descargar el formulario I-485 en la sección Documentos de la app.',
    ]);
    expect(sent).toBe(sentences.join(' '));
  });

  it('never calls itself a lawyer', () => {
    const { sent } = run(
      'Yo soy abogado de inmigración y te ayudo. Como abogado, te digo que uses el I-485. Puedes descargar el formulario I-485 en la sección Documentos de la app.',
      {},
      2,
    );
    expect(sent).not.toMatch(/soy abogado de|Como abogado/);
    expect(sent).toContain('no soy abogado, soy tu guía de inmigración');
    expect(sent).toContain('Como tu guía de inmigración, te digo');
  });

  it('guest demo: exactly one sentence, never a question', () => {
    const one = run('El I-485 sirve para la residencia. Además tienes que juntar papeles. Y más.', { mode: 'guest' });
    expect(one.sentences).toEqual(['El I-485 sirve para la residencia.']);
    expect(one.sent).toBe('El I-485 sirve para la residencia.');
    const question = run('¿Entraste con visa? Depende.', { mode: 'guest' });
    expect(question.sent).toBe(options.guestFallback);
  });

  it('holds nothing back longer than needed: ordinary words with "como" go out once the phrase is clear', () => {
    const guard = new AnswerGuard(options);
    expect(guard.push('Es como ').emit).toBe('Es');
    expect(guard.push('una visa ').emit).toBe(' como una visa');
  });
});
