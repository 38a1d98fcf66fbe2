import { describe, expect, it } from 'vitest';
import { checkKnowledge, entriesTable } from './check';
import { KnowledgeBase, loadKnowledgeBase } from './load';
import { knowledgeEntrySchema, type KnowledgeEntry } from './schema';

const kb = loadKnowledgeBase();
const REQUIRED_FORMS = [
  'DS-160',
  'DS-260',
  'I-130',
  'I-130A',
  'I-485',
  'I-765',
  'I-131',
  'N-400',
  'N-600',
  'I-90',
  'I-589',
  'I-821D',
  'I-821',
  'I-864',
  'I-129F',
  'I-751',
  'I-601A',
  'I-912',
  'I-360',
  'I-918',
  'I-914',
  'AR-11',
  'G-28',
  'G-1145',
  'EOIR-33',
];

describe('the knowledge base', () => {
  it('covers at least 120 situations, every form the product names among them', () => {
    expect(kb.entries.length).toBeGreaterThanOrEqual(120);
    for (const form of REQUIRED_FORMS) expect(kb.byForm.get(form), form).toBeDefined();
  });

  it('passes the content check (npm run content:check)', () => {
    const report = checkKnowledge(kb);
    expect(report.errors).toEqual([]);
  });
});

/** A small valid entry to break one rule at a time. */
function entry(overrides: Partial<KnowledgeEntry> = {}): KnowledgeEntry {
  return knowledgeEntrySchema.parse({
    id: 'prueba',
    topic: 'tramites-uscis',
    kind: 'topic',
    agency: 'USCIS',
    title: 'Una prueba',
    description: 'Una entrada de prueba.',
    urgent: false,
    keywords: ['uno', 'dos', 'tres'],
    link: 'https://www.uscis.gov/prueba',
    sources: { tarifas: { by: 'USCIS', url: 'https://www.uscis.gov/g-1055', checked: '2026-11-20', confidence: 'confirmed', review_by: '2027-02-20' } },
    sections: [
      {
        id: 'general',
        title: 'General',
        answer: [
          { type: 'what', text: 'El trámite sirve para pedir algo.' },
          { type: 'fee', text: 'Cuesta 100 dólares.', source: 'tarifas' },
        ],
      },
    ],
    ...overrides,
  });
}

describe('the content check', () => {
  const errorsOf = (e: KnowledgeEntry, today = new Date('2026-11-23')) => checkKnowledge(new KnowledgeBase([e]), today);

  it('accepts a good entry', () => {
    const report = errorsOf(entry());
    expect(report.errors.filter((e) => !e.startsWith('median'))).toEqual([]);
  });

  it('refuses a sentence that leans on the one before it (the engine picks sentences out of order)', () => {
    const bad = entry();
    bad.sections[0]!.answer.push({ type: 'warning', text: 'Aun así, puedes perder tu caso.' });
    expect(errorsOf(bad).errors.join('\n')).toMatch(/leans on the sentence before it/);
    const good = entry();
    good.sections[0]!.answer.push({ type: 'warning', text: 'Aunque pagues, puedes perder tu caso.' });
    expect(errorsOf(good).errors.join('\n')).not.toMatch(/leans on/);
  });

  it('refuses sending a person to "consejo legal" without saying who gives it', () => {
    const bad = entry();
    bad.sections[0]!.answer.push({ type: 'warning', text: 'Si tienes un delito, busca consejo legal primero.' });
    expect(errorsOf(bad).errors.join('\n')).toMatch(/say who to ask/);
    const good = entry();
    good.sections[0]!.answer.push({ type: 'warning', text: 'Si tienes un delito, pregunta primero a un abogado o un representante acreditado.' });
    expect(errorsOf(good).errors.join('\n')).not.toMatch(/say who to ask/);
  });

  it('refuses links outside official domains, unknown related ids and a fee without a source', () => {
    const bad = entry({ link: 'https://notario-rapido.com/papeles', related: ['no-existe'] });
    bad.sections[0]!.answer.push({ type: 'deadline', text: 'Tienes 30 días.' });
    const { errors } = errorsOf(bad);
    expect(errors.join('\n')).toMatch(/notario-rapido\.com\/papeles is not an official domain/);
    expect(errors.join('\n')).toMatch(/unknown related entry no-existe/);
    expect(errors.join('\n')).toMatch(/deadline without a source/);
  });

  it('refuses "EE.UU.", long sentences, "consulta la tarifa vigente" and an urgent entry without action or lawyer', () => {
    const bad = entry({ urgent: true });
    bad.sections[0]!.answer.push(
      { type: 'note', text: 'Esto pasa en EE.UU. siempre.' },
      { type: 'step', text: `Esta oración tiene ${'muchas palabras '.repeat(14)}de más.` },
      { type: 'note', text: 'Consulta la tarifa vigente en uscis.gov.' },
    );
    const text = errorsOf(bad).errors.join('\n');
    expect(text).toMatch(/"EE\.UU\."/);
    expect(text).toMatch(/has \d+ words/);
    expect(text).toMatch(/consulta la tarifa vigente/);
    expect(text).toMatch(/urgent without an action sentence/);
    expect(text).toMatch(/urgent without a lawyer sentence/);
  });

  it('refuses a source named without its article, which the answer reads after "según"', () => {
    const bare = entry({
      sources: {
        tarifas: { by: 'Departamento de Estado', url: 'https://travel.state.gov', checked: '2026-11-20', confidence: 'confirmed', review_by: '2027-02-20' },
      },
    });
    expect(errorsOf(bare).errors.join('\n')).toMatch(/needs its article/);
    const named = entry({
      sources: {
        tarifas: { by: 'el Departamento de Estado', url: 'https://travel.state.gov', checked: '2026-11-20', confidence: 'confirmed', review_by: '2027-02-20' },
      },
    });
    expect(errorsOf(named).errors.filter((e) => !e.startsWith('median'))).toEqual([]);
  });

  it('refuses review dates that are not after the check or more than a year later, and warns when a review is due', () => {
    const late = entry({
      sources: { tarifas: { by: 'USCIS', url: 'https://www.uscis.gov/g-1055', checked: '2026-11-20', confidence: 'confirmed', review_by: '2028-01-01' } },
    });
    expect(errorsOf(late).errors.join('\n')).toMatch(/more than a year/);
    const due = errorsOf(entry(), new Date('2027-03-01'));
    expect(due.warnings.join('\n')).toMatch(/review was due on 2027-02-20/);
  });

  it('writes the README table by topic with the weakest confidence', () => {
    const table = entriesTable(new KnowledgeBase([entry()]));
    expect(table).toContain('| tramites-uscis | prueba | - | 1 (confirmed) |');
  });
});
