import { describe, expect, it } from 'vitest';
import { loadKnowledgeBase } from './load';

const kb = loadKnowledgeBase();
const REQUIRED_FORMS = ['DS-160', 'DS-260', 'I-130', 'I-130A', 'I-485', 'I-765', 'I-131', 'N-400', 'N-600', 'I-90', 'I-589', 'I-821D', 'I-821', 'I-864', 'I-129F', 'I-751', 'I-601A', 'I-912', 'I-360', 'I-918', 'I-914', 'AR-11', 'G-28', 'G-1145', 'EOIR-33'];

describe('knowledge base', () => {
  it('has an entry for every form the issue names, and the four topics', () => {
    for (const form of REQUIRED_FORMS) expect(kb.byForm.get(form), form).toBeDefined();
    for (const id of ['derechos-ice-en-casa', 'derechos-detencion', 'orden-deportacion-y-corte', 'fraude-notarios', 'encontrar-abogado']) expect(kb.byId.get(id), id).toBeDefined();
  });

  it('names its form in the first answer sentence, with a dated fee and an official link', () => {
    for (const entry of kb.entries) {
      if (entry.form) expect(entry.answer.what, entry.id).toContain(entry.form);
      expect(entry.fee.checked, entry.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.link, entry.id).toMatch(/^https:\/\/(www\.)?(uscis\.gov|ceac\.state\.gov|travel\.state\.gov|justice\.gov|ice\.gov|locator\.ice\.gov|reportfraud\.ftc\.gov|acis\.eoir\.justice\.gov)/);
    }
  });

  it('never abbreviates Estados Unidos nor calls itself a lawyer', () => {
    const text = JSON.stringify(kb.entries);
    expect(text).not.toMatch(/EE\.? ?UU|EEUU|E\.U\.A\./);
    expect(text).not.toMatch(/\bsoy (un |una )?abogad/i);
  });

  it('states an unconfirmed fee as "consulta la tarifa vigente", never as a number', () => {
    for (const entry of kb.entries.filter((e) => e.kind === 'form' && e.fee.confidence === 'unconfirmed' && e.fee.amount_usd === null)) {
      expect(entry.answer.fee, entry.id).toMatch(/Consulta la tarifa vigente|no cobra|gratis|No tiene tarifa/);
    }
  });
});
