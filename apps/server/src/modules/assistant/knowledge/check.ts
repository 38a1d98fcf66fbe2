import { readability } from '../engine/readability';
import { splitSentences } from '../engine/sentences';
import type { KnowledgeBase } from './load';
import { SOURCED_TYPES, TOPICS, type KnowledgeEntry } from './schema';

/** Hosts a link may point to: the agencies, courts and official resources a person can trust. */
export const OFFICIAL_DOMAINS = [
  'uscis.gov',
  'ice.gov',
  'cbp.gov',
  'dhs.gov',
  'justice.gov',
  'state.gov',
  'irs.gov',
  'usa.gov',
  'ed.gov',
  'hhs.gov',
  'cms.gov',
  'healthcare.gov',
  'usda.gov',
  'dol.gov',
  'ssa.gov',
  'sss.gov',
  'ftc.gov',
  'fbi.gov',
  'congress.gov',
  'federalregister.gov',
  'ecfr.gov',
  'govinfo.gov',
  'supremecourt.gov',
  'uscourts.gov',
  'whitehouse.gov',
  'thehotline.org',
  'eeoc.gov',
  'nlrb.gov',
  'fincen.gov',
  'treasury.gov',
  'dmv.ca.gov',
  'benefits.gov',
  'census.gov',
  'e-verify.gov',
];

const UNITED_STATES_ABBREVIATION = /\bE\.? ?E\.? ?U\.? ?U\.?|\bEEUU\b|\bE\.U\.A\b/;
const MAX_WORDS = 25;
/**
 * The engine picks sentences out of their written order, so each must stand alone: none may open by
 * pointing back at the one before ("Aun así", "Además", "En ese caso", "Esto", "Tampoco").
 */
const LEANS_ON_PREVIOUS = /^(aun así|aún así|además|en ese caso|en este caso|esto|eso|tampoco|sin embargo|por eso|por lo tanto)(?=[\s,])/i;
/** Sending a person to "legal advice" must say who gives it (decisions D4): a lawyer or an accredited representative. */
const VAGUE_ADVICE = /\b(pide|pídele|busca|necesitas) consejo legal\b/i;
/** Every answer sentence reads at least "algo difícil" when spoken; the median of all of them "bastante fácil". */
export const MIN_SENTENCE_INFLESZ = 40;
export const MIN_MEDIAN_INFLESZ = 65;
const DAY = 86_400_000;

export interface CheckReport {
  errors: string[];
  warnings: string[];
  medianInflesz: number;
  sentences: number;
}

export function isOfficial(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return OFFICIAL_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`));
}

/** Every text of an entry a person can read (answers, guide, titles). */
function texts(entry: KnowledgeEntry): string[] {
  const g = entry.guide;
  return [
    entry.title,
    entry.description,
    ...entry.sections.flatMap((s) => [s.title, ...s.answer.map((l) => l.text)]),
    ...(g ? [g.purpose, g.who_files, ...g.gather, ...g.how_to_file, ...g.mistakes] : []),
  ];
}

/** A source named by a common noun without its article ("Departamento de Estado"), which reads wrong after "según". */
const BARE_INSTITUTION = /^(Departamento|Oficina|Comisi[oó]n|Ley|Constituci[oó]n|Manual|Servicio|Registro|C[oó]digo|L[ií]nea|Centros?|Junta|Corte|Casa)\b/;

/** The checks of content/knowledge/README.md over the whole base. `today` decides which reviews are due. */
export function checkKnowledge(kb: KnowledgeBase, today = new Date()): CheckReport {
  const errors: string[] = [];
  const warnings: string[] = [];
  const scores: number[] = [];
  for (const entry of kb.entries) {
    const at = (what: string) => `${entry.id}: ${what}`;
    for (const url of [entry.link, ...Object.values(entry.sources).map((s) => s.url)]) {
      if (!isOfficial(url)) errors.push(at(`${url} is not an official domain`));
    }
    for (const [key, source] of Object.entries(entry.sources)) {
      const checked = Date.parse(source.checked);
      const review = Date.parse(source.review_by);
      if (review <= checked) errors.push(at(`source ${key}: review_by is not after checked`));
      if (review - checked > 366 * DAY) errors.push(at(`source ${key}: review_by more than a year after checked`));
      if (checked > today.getTime() + DAY) errors.push(at(`source ${key}: checked in the future`));
      if (review < today.getTime()) warnings.push(at(`source ${key}: review was due on ${source.review_by}`));
      // The answer says "según <by>": an institution's name needs its article ("según el Departamento de Estado").
      if (BARE_INSTITUTION.test(source.by)) errors.push(at(`source ${key}: "según ${source.by}" needs its article ("el", "la")`));
    }
    for (const id of entry.related) if (!kb.byId.has(id)) errors.push(at(`unknown related entry ${id}`));
    if (entry.related.includes(entry.id)) errors.push(at('related to itself'));
    if (entry.kind === 'form' && entry.forms.length === 0) errors.push(at('a form entry names no form'));
    if (entry.kind === 'form' && !entry.guide) errors.push(at('a form entry has no guide'));
    const sectionIds = new Set<string>();
    for (const section of entry.sections) {
      if (sectionIds.has(section.id)) errors.push(at(`section ${section.id} twice`));
      sectionIds.add(section.id);
      for (const line of section.answer) {
        const where = `${section.id}: "${line.text.slice(0, 40)}…"`;
        if (line.source && !entry.sources[line.source]) errors.push(at(`${where} names unknown source ${line.source}`));
        if (SOURCED_TYPES.has(line.type) && !line.source) errors.push(at(`${where} is a ${line.type} without a source`));
        if (splitSentences(line.text).length !== 1) errors.push(at(`${where} is not one sentence`));
        if (!/[.!?]$/.test(line.text)) errors.push(at(`${where} does not end with a period`));
        if (LEANS_ON_PREVIOUS.test(line.text)) errors.push(at(`${where} leans on the sentence before it; say it on its own`));
        const words = line.text.split(/\s+/).length;
        if (words > MAX_WORDS) errors.push(at(`${where} has ${words} words (at most ${MAX_WORDS})`));
        if (/según/i.test(line.text) && SOURCED_TYPES.has(line.type)) errors.push(at(`${where}: the engine adds "según"; leave it out`));
        if (VAGUE_ADVICE.test(line.text)) errors.push(at(`${where}: say who to ask (un abogado o un representante acreditado), not "consejo legal"`));
        if (/consulta la tarifa vigente/i.test(line.text)) errors.push(at(`${where}: say the fee or that it is free, not "consulta la tarifa vigente"`));
        const score = readability(line.text).szigriszt;
        scores.push(score);
        if (score < MIN_SENTENCE_INFLESZ) errors.push(at(`${where} reads at INFLESZ ${score.toFixed(0)} (at least ${MIN_SENTENCE_INFLESZ})`));
      }
    }
    const lines = entry.sections.flatMap((s) => s.answer);
    const urgent = entry.urgent || entry.sections.some((s) => s.urgent);
    if (urgent) {
      if (!lines.some((l) => l.type === 'action')) errors.push(at('urgent without an action sentence'));
      if (!lines.some((l) => l.type === 'lawyer')) errors.push(at('urgent without a lawyer sentence'));
    }
    for (const text of texts(entry)) if (UNITED_STATES_ABBREVIATION.test(text)) errors.push(at(`"EE.UU." in "${text.slice(0, 40)}…"`));
  }
  scores.sort((a, b) => a - b);
  const medianInflesz = scores.length ? scores[Math.floor(scores.length / 2)]! : 0;
  if (medianInflesz < MIN_MEDIAN_INFLESZ) errors.push(`median INFLESZ of the answer sentences ${medianInflesz.toFixed(1)} (at least ${MIN_MEDIAN_INFLESZ})`);
  return { errors, warnings, medianInflesz, sentences: scores.length };
}

const CONFIDENCE_ORDER = ['confirmed', 'secondary', 'unconfirmed'] as const;

/** The README's table: entries by topic, with the weakest confidence of their sources. */
export function entriesTable(kb: KnowledgeBase): string {
  const rows = ['| topic | entry | forms | sources (weakest confidence) | urgent |', '|---|---|---|---|---|'];
  for (const topic of TOPICS) {
    for (const entry of kb.entries.filter((e) => e.topic === topic)) {
      const confidences = Object.values(entry.sources).map((s) => s.confidence);
      const weakest = [...CONFIDENCE_ORDER].reverse().find((c) => confidences.includes(c))!;
      rows.push(
        `| ${topic} | ${entry.id} | ${entry.forms.join(', ') || '-'} | ${Object.keys(entry.sources).length} (${weakest}) | ${entry.urgent ? 'yes' : ''} |`,
      );
    }
  }
  const counts = TOPICS.map((t) => `${t} ${kb.entries.filter((e) => e.topic === t).length}`).join(' · ');
  return `${kb.entries.length} entries: ${counts}.\n\n${rows.join('\n')}`;
}
