import type { Line, Source } from '../knowledge/schema';
import { SOURCED_TYPES } from '../knowledge/schema';
import type { Hit } from './retrieve';
import { szigrisztPazos } from './readability';
import { normalize, terms } from './text';
import type { Intent, Replies } from './vocabulary';

/**
 * The built-in engine's answer (decisions D4): candidate sentences of the matched case sections scored
 * against the question, the one that answers first (the fee, the deadline, the yes/no, what to do now),
 * a second part when the question has two, the urgent action and who to ask, then the closing sentence.
 */
export interface Candidate {
  line: Line;
  entryId: string;
  /** The source the sentence names, with the entry's official page. */
  source?: Source;
  link: string;
  /** How much this section is about the question (1 for the matched case). */
  weight: number;
}

/** A line that defines what the question names: "El N-400 es…", "La carga pública es…" (every word of its subject asked). */
function defines(text: string, asked: ReadonlySet<string>): boolean {
  const subject = /^(.{2,60}?) (?:es|son) /.exec(text)?.[1];
  if (!subject) return false;
  const said = terms(subject);
  return said.length > 0 && said.every((t) => asked.has(t));
}

const CONTRAST_PENALTY = 8;
/** A sentence the nearest example questions were answered with weighs this much more (all of their votes). */
const VOTE_WEIGHT = 6;
/** Between sentences that answer alike, the plainer one (INFLESZ read aloud) goes first (decisions D4). */
const PLAIN_BONUS = 0.03;
const readability = new Map<string, number>();
function readabilityOf(text: string): number {
  let score = readability.get(text);
  if (score === undefined) {
    score = Math.max(30, Math.min(100, szigrisztPazos(text)));
    readability.set(text, score);
  }
  return score;
}

const TYPE_FOR_INTENT: Record<Intent, Partial<Record<Line['type'], number>>> = {
  fee: { fee: 4 },
  deadline: { deadline: 4, warning: 1 },
  time: { time: 4, deadline: 1 },
  yesno: { yes: 3, no: 3, warning: 1.5 },
  action: { action: 3, step: 1.5, resource: 1.5 },
  documents: { step: 2, action: 1 },
  who: { who: 3, yes: 1, no: 1 },
  what: { what: 3 },
  // "¿Qué le pasa si...?": what it risks.
  risk: { warning: 3, no: 1 },
};

/** The sentence types that answer an intent (not those that only help). */
function answeringTypes(intent: Intent): string[] {
  return Object.keys(TYPE_FOR_INTENT[intent]).filter((t) => (TYPE_FOR_INTENT[intent][t as Line['type']] ?? 0) >= 3);
}

/** An intent asking for a fact the case may lack: a fee, a deadline or a time. */
const isFact = (intent: Intent) => intent === 'fee' || intent === 'deadline' || intent === 'time';

/** What a sentence is worth before the question's words: the general answer reads what → deadline → action → warning. */
const PRIOR: Record<Line['type'], number> = {
  what: 1.2,
  deadline: 1.1,
  action: 0.9,
  warning: 0.7,
  who: 0.6,
  step: 0.6,
  resource: 0.5,
  yes: 0.3,
  no: 0.3,
  fee: 0.3,
  time: 0.2,
  note: 0.1,
  lawyer: 0,
};

/** The case a sentence is written for: its opening "Si ..." clause, with its example ("Si faltaste por una razón grave, como estar en el hospital, ..."). */
const CONDITION = /^Si ([^,]+(?:, como [^,]+)?),/;

export function candidatesOf(hit: Hit, weight: number): Candidate[] {
  return hit.section.answer.map((line) => ({
    line,
    entryId: hit.entry.id,
    source: line.source ? hit.entry.sources[line.source] : undefined,
    link: hit.entry.link,
    weight,
  }));
}

/** A candidate scored for the question; `other`: written for the other side of the person's situation. */
/** `shares`: the sentence holds a word of the question (not a number). */
type Ranked = Candidate & { score: number; other: boolean; shares: boolean };

/** A text about the other side of the question's situation (a resident, when a citizen asks). */
export function isOpposite(question: string, text: string, contrasts: Array<[RegExp, RegExp]>): boolean {
  const q = normalize(question);
  const t = normalize(text);
  return contrasts.some(([a, b]) => (a.test(q) && !b.test(q) && b.test(t) && !a.test(t)) || (b.test(q) && !a.test(q) && a.test(t) && !b.test(t)));
}

/**
 * Scores each candidate: the question's words it shares (rare words count more), its type against what
 * the question asks, and its section's weight.
 */
export function rank(
  candidates: Candidate[],
  question: string,
  intents: Intent[],
  idf: (stem: string) => number,
  urgent: boolean,
  contrasts: Array<[RegExp, RegExp]> = [],
  situation = question,
  voted?: (text: string) => number,
): Ranked[] {
  const asked = new Set(terms(question));
  const opposite = (text: string) => isOpposite(situation, text, contrasts);
  return candidates
    .map((c) => {
      const own = new Set(terms(c.line.text));
      let overlap = 0;
      // A number the question tells ("llevo 3 años") is the person's story, not a sentence's figure.
      for (const t of own) if (asked.has(t) && !/\d/.test(t)) overlap += idf(t);
      // A sentence for a case ("Si nunca te llegó la carta, ...") whose case the question tells in two
      // words or more counts those words twice: it is this person's case, not the general rule.
      const condition = CONDITION.exec(c.line.text)?.[1];
      const told = condition ? [...new Set(terms(condition))].filter((t) => asked.has(t)) : [];
      if (told.length >= 2) for (const t of told) overlap += idf(t);
      const typeScore = intents.reduce((best, intent) => Math.max(best, TYPE_FOR_INTENT[intent][c.line.type] ?? 0), 0);
      // What to do now leads an urgent answer, unless it is for a case the question does not tell.
      const untold = !!condition && told.length === 0;
      const prior = PRIOR[c.line.type] + (urgent && c.line.type === 'action' && !untold ? 1 : 0);
      const plain = PLAIN_BONUS * (readabilityOf(c.line.text) - 65);
      // Who a procedure is for ("Solo un ciudadano puede pedir a sus hermanos") answers the other side too: it tells them it is not theirs.
      const other = c.line.type !== 'who' && opposite(c.line.text);
      const vote = voted ? VOTE_WEIGHT * voted(c.line.text) : 0;
      return {
        ...c,
        other,
        shares: overlap > 0,
        score: c.weight * (overlap / Math.sqrt(1 + own.size / 4) + typeScore + prior + plain + vote) - (other ? CONTRAST_PENALTY : 0),
      };
    })
    .sort((a, b) => b.score - a.score);
}

const MONTH = new Intl.DateTimeFormat('es-MX', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "noviembre de 2026" for a checked date. */
export function monthOf(isoDate: string): string {
  return MONTH.format(new Date(`${isoDate}T12:00:00Z`));
}

/** A source's name as said: without what is in parentheses ("la Ley de Inmigración y Nacionalidad (INA 242)"). */
export function spokenName(by: string): string {
  let out = '';
  let depth = 0;
  for (const ch of by) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out.replace(/\s+/g, ' ').replace(/\s+,/g, ',').trim();
}

/**
 * A fee, deadline or time sentence says where it comes from and when it was checked; past its review
 * date it warns that it may have changed (issue 12). Once in an answer (`said`): a second sentence with the
 * same source and date does not repeat it, written or read aloud.
 */
export function withProvenance(candidate: Candidate, replies: Replies, today: Date, said = new Set<string>()): string {
  const { line, source } = candidate;
  if (!source || !SOURCED_TYPES.has(line.type)) return line.text;
  const body = line.text.replace(/[.!]$/, '');
  let tail = replies.attribution.replace('{by}', spokenName(source.by)).replace('{month}', monthOf(source.checked));
  if (Date.parse(source.review_by) < today.getTime()) tail += `; ${replies.stale.replace('{link}', spokenLink(source.url))}`;
  if (said.has(tail)) return line.text;
  said.add(tail);
  return `${body}, ${tail}.`;
}

/** "https://www.uscis.gov/i-131" → "uscis.gov/i-131", as a person would type it. */
export function shortLink(url: string): string {
  return url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '');
}

/** A link short enough to read aloud: the page when its address is short, else the site. */
export function spokenLink(url: string): string {
  const short = shortLink(url);
  return short.length <= 24 ? short : short.split('/')[0]!;
}

export interface ComposeInput {
  /** What the sentences are scored against: the message itself (a follow-up's context only found the entry). */
  question: string;
  /** The person's situation as the conversation told it (a citizen or a resident), for opposite cases. */
  situation?: string;
  intents: Intent[];
  primary: Hit;
  /** Other sections of the matched entry, at a lower weight. */
  others: Hit[];
  /** A related entry the question also asks about: its best sentence is said too. */
  companion?: Hit;
  /** The urgent match, when the question is urgent (its action and who to ask are always said). */
  urgent?: Hit;
  /** A second urgent situation: its action is said too. */
  alsoUrgent?: Hit;
  /** The entry's other case that a second question of the message asks about: its best sentence follows the first. */
  secondCase?: { hit: Hit; asked: string; intents: Intent[] };
  /** The cases of the entries related to the answer's: where a fee or a deadline the entry lacks may be. */
  related?: Hit[];
  replies: Replies;
  contrasts: Array<[RegExp, RegExp]>;
  idf: (stem: string) => number;
  today: Date;
  /** A guided pathway (after the clarifying questions): its sentences in their written order. */
  inOrder?: boolean;
  /** A sentence's votes from the nearest example questions, against the most-voted sentence's (examples.ts). */
  voted?: (text: string) => number;
}

/** A sentence that says where to go: a phone number, 911, or an official address. */
const RESOURCE = /\b\d{3}-\d{3}-\d{4}\b|\b911\b|\b[a-z.]+\.(gov|org)\b/;
/** Where an urgent case is acted on (issue 11): a phone line, 911, the detainee locator, the court's case system or the fraud report. */
const URGENT_RESOURCE = /\b\d{3}-\d{3}-\d{4}\b|\b911\b|locator\.ice\.gov|acis\.eoir|reportfraud\.ftc\.gov/;
/** Who to ask, named in a sentence ("un abogado o un representante acreditado"; not "la oficina de abogados de ICE"). */
const LAWYER = /\babogad[oa] o (a |de )?(un )?representante acreditad/;
const RESOURCE_TYPES: ReadonlySet<Line['type']> = new Set(['resource', 'action', 'step', 'lawyer']);

/** The best sentence of a kind in a matched entry: its matched case first, then its other cases. */
function bestOf(hit: Hit, wanted: (line: Line) => boolean, input: ComposeInput, ranked: Ranked[]): Ranked | undefined {
  const inRanked = ranked.find((c) => wanted(c.line) && c.entryId === hit.entry.id && hit.section.answer.includes(c.line));
  if (inRanked) return inRanked;
  const lines = hit.entry.sections.flatMap((section) => section.answer.filter(wanted).map((line) => ({ line, section })));
  const pool = lines.map(({ line, section }) => ({
    line,
    entryId: hit.entry.id,
    source: line.source ? hit.entry.sources[line.source] : undefined,
    link: hit.entry.link,
    weight: section === hit.section ? 1 : 0.8,
  }));
  return rank(pool, input.question, input.intents, input.idf, true, input.contrasts, input.situation, input.voted)[0];
}

export function composeBody(input: ComposeInput): string[] {
  const { replies, today } = input;
  // A guided pathway says its matched case's sentences as written, who to ask included.
  const said = new Set<string>();
  if (input.inOrder)
    return candidatesOf(input.primary, 1)
      .slice(0, 4)
      .map((c) => withProvenance(c, replies, today, said));
  const urgent = !!input.urgent;
  const pool: Candidate[] = [
    ...candidatesOf(input.primary, 1),
    ...(input.urgent && input.urgent.section !== input.primary.section ? candidatesOf(input.urgent, 0.9) : []),
    ...(input.alsoUrgent ? candidatesOf(input.alsoUrgent, 0.6) : []),
    ...(input.companion ? candidatesOf(input.companion, 0.8) : []),
    ...input.others.flatMap((hit) => candidatesOf(hit, 0.45)),
  ];
  const unique = pool.filter((c, i) => pool.findIndex((o) => o.line.text === c.line.text) === i);
  const ranked = rank(unique, input.question, input.intents, input.idf, urgent, input.contrasts, input.situation, input.voted);
  const chosen: Ranked[] = [];
  // A sentence that says what a chosen one already says (two entries with the same warning) is left out.
  const same = (a: string, b: string) => {
    const x = new Set(terms(a));
    const y = new Set(terms(b));
    const shared = [...x].filter((t) => y.has(t)).length;
    const resourceA = RESOURCE.exec(a)?.[0];
    return shared / Math.max(1, Math.min(x.size, y.size)) >= 0.7 || (!!resourceA && resourceA === RESOURCE.exec(b)?.[0]);
  };
  const take = (c: Ranked | undefined) => {
    if (c && !chosen.includes(c) && !chosen.some((o) => same(o.line.text, c.line.text))) chosen.push(c);
  };
  const notLawyer = ranked.filter((c) => c.line.type !== 'lawyer');

  // 1. The sentence that answers: the asked fee, deadline or time of the matched case when it has one, or what the
  // thing is, said in any of its entry's cases (the nearest examples' vote, which may come from questions about its fee
  // or its risks, orders the others).
  const first = input.intents[0];
  const factTypes = first && (isFact(first) || first === 'what') ? answeringTypes(first) : [];
  // A form's fee is the same for every case: the fee of the matched case's own form first (the I-821's, not
  // the travel permit's of the same entry), then the entry's, before a related entry's (a lost card's fee,
  // not the free change of address the move brought in).
  const ofOwnEntry = (c: Ranked) => c.entryId === input.primary.entry.id && !c.other;
  const ownFee = (c: Ranked) => first === 'fee' && factTypes.includes(c.line.type) && ofOwnEntry(c);
  const ownForm = (c: Ranked) => formsOf(input.primary).some((form) => c.line.text.includes(form));
  // Asked what a thing is, its definition ("El N-400 es el formulario…") before another line about it (its exam).
  const askedWords = first === 'what' ? new Set(terms(input.question)) : undefined;
  const definition = askedWords ? notLawyer.find((c) => c.line.type === 'what' && ofOwnEntry(c) && defines(c.line.text, askedWords)) : undefined;
  take(
    definition ??
      notLawyer.find((c) => factTypes.includes(c.line.type) && (c.weight >= 0.9 || (first === 'what' && ofOwnEntry(c))) && !c.other) ??
      notLawyer.find((c) => ownFee(c) && ownForm(c)) ??
      notLawyer.find(ownFee) ??
      notLawyer[0],
  );
  if (input.secondCase)
    take(
      rank(candidatesOf(input.secondCase.hit, 1), input.secondCase.asked, input.secondCase.intents, input.idf, urgent, input.contrasts, input.situation).find(
        (c) => c.line.type !== 'lawyer' && !c.other,
      ),
    );
  // 2. Every other part of a two-part question, or an honest line for the part with no fact.
  const extra: string[] = [];
  /** The honest line for the main question's fact, which none of the sentences holds: it answers first. */
  let missingFirst = false;
  for (const intent of input.intents.slice(1).concat(input.intents.slice(0, 1))) {
    const types = answeringTypes(intent);
    if (chosen.some((c) => types.includes(c.line.type))) continue;
    const fact = isFact(intent);
    // An asked fee, deadline or time of the answer's own entry comes before a companion's (a lost card's
    // fee, not the free change of address the move brought in).
    // Never a sentence for the other side of the person's situation (a resident's wait, to a citizen's spouse).
    // A time or deadline of the entry's other case must share a word with the question (an asylum
    // applicant's 180 days are not a parolee's wait); a form's fee is the same for every case.
    const fits = (c: Ranked | undefined) => (c && !c.other && (intent === 'fee' || c.weight >= 0.9 || c.shares) ? c : undefined);
    // Another entry's fact must share a word with the question: a sibling's wait is not a spouse's.
    const ours = (c: Ranked) => !c.other && ((c.entryId === input.primary.entry.id && (intent === 'fee' || c.weight >= 0.9)) || c.shares);
    // A fee asked second is its own form's too (the I-589's 100 dollars, not the yearly asylum fee).
    const best =
      (intent === 'fee' ? notLawyer.find((c) => types.includes(c.line.type) && ofOwnEntry(c) && ownForm(c)) : undefined) ??
      notLawyer.find((c) => types.includes(c.line.type) && c.weight >= 0.9 && !c.other) ??
      (fact ? fits(bestOf(input.primary, (l) => types.includes(l.type), input, ranked)) : undefined) ??
      notLawyer.find((c) => types.includes(c.line.type) && c.weight >= 0.8 && ours(c));
    if (best) take(best);
    else if (fact) {
      // The fact may be in the entry's other cases, else in a related entry (the N-400's fee for a
      // question about its civics test); only when none has it, the honest line.
      const own = fits(bestOf(input.primary, (l) => types.includes(l.type), input, ranked)) ?? notLawyer.find((c) => types.includes(c.line.type) && ours(c));
      // A related entry's time is another procedure's (a reentry permit lasts 2 years; an adjustment's wait is not that).
      const related =
        own || intent === 'time'
          ? undefined
          : rank(
              (input.related ?? []).flatMap((hit) => candidatesOf(hit, 0.7)).filter((c) => types.includes(c.line.type)),
              input.question,
              input.intents,
              input.idf,
              urgent,
              input.contrasts,
            ).find((c) => c.shares && !c.other);
      if (own ?? related) take(own ?? related);
      else {
        extra.push(replies.missing[intent].replace('{link}', spokenLink(input.primary.entry.link)));
        missingFirst = intent === first && !urgent;
      }
    }
  }
  // A deadline of the matched case is always said: missing it can cost the case (the AR-11's 10 days,
  // the asylum year, the 5 days to tell the court about a move).
  if (!input.inOrder && !chosen.some((c) => c.line.type === 'deadline'))
    take(ranked.find((c) => c.line.type === 'deadline' && input.primary.section.answer.includes(c.line)));
  // 3. In an urgent case, where to go (the detainee locator, the court line, 911 and the hotline) and
  // what to do now: from anywhere in the urgent entry when the matched case lacks it.
  if (input.urgent) {
    const isResource = (l: Line) => RESOURCE_TYPES.has(l.type) && RESOURCE.test(l.text);
    for (const hit of [input.urgent, input.alsoUrgent]) {
      if (!hit) continue;
      if (!chosen.some((c) => c.entryId === hit.entry.id && isResource(c.line))) take(bestOf(hit, isResource, input, ranked));
      // The matched case's own resource line is said too (the hotline besides "llama al 911").
      const caseResource = hit.section.answer.some((l) => l.type === 'resource');
      if (caseResource && !chosen.some((c) => c.entryId === hit.entry.id && c.line.type === 'resource'))
        take(bestOf(hit, (l) => l.type === 'resource', input, ranked));
      // A lawyer list is not where the case is acted on: the court line or the locator is said too.
      if (!chosen.some((c) => URGENT_RESOURCE.test(c.line.text)))
        take(bestOf(hit, (l) => RESOURCE_TYPES.has(l.type) && URGENT_RESOURCE.test(l.text), input, ranked));
    }
    if (!chosen.some((c) => c.line.type === 'action')) take(bestOf(input.urgent, (l) => l.type === 'action', input, ranked));
  }
  // 4. Supporting sentences, from the matched case first, before who to ask and the closing.
  // Four facts before the closing (five sentences, D4's most): the asked fact was often the fourth of its
  // case (issue 11, measured on the frozen held-out set and an unseen set). An urgent answer's closing
  // says who to ask when its facts do not.
  for (const c of notLawyer) {
    if (chosen.length + extra.length >= 4) break;
    if (c.weight < 0.9 && chosen.length + extra.length >= 2) continue;
    take(c);
  }
  // An urgent body that its case left short takes its other sentences from the entry's other cases.
  if (urgent)
    for (const c of notLawyer) {
      if (chosen.length + extra.length >= 4) break;
      take(c);
    }
  const body = chosen.map((c) => withProvenance(c, replies, today, said));
  if (missingFirst) body.unshift(extra.pop()!);
  body.splice(1, 0, ...extra);
  if (!urgent) return body.slice(0, 4);
  // Where an urgent case is acted on (the locator, the court line, 911, the fraud report) is never cut: it
  // takes the last kept place when the sentences before it filled the answer.
  const head = body.slice(0, 4);
  const actedOn = body.slice(4).find((s) => URGENT_RESOURCE.test(s));
  if (actedOn && !head.some((s) => URGENT_RESOURCE.test(s))) head[head.length - 1] = actedOn;
  return head;
}

/** The sentences name who to ask: a lawyer or an accredited representative. */
export function namesLawyer(sentences: string[]): boolean {
  return sentences.some((s) => LAWYER.test(normalize(s)));
}

/**
 * A body led by a fixed line (what nobody can know, said first), still four sentences at most: the line
 * already says who to ask, so a later sentence that does is left out first, then the last one, never the
 * one that says where an urgent case is acted on.
 */
export function ledBy(line: string, body: string[]): string[] {
  const all = [line, ...body];
  while (all.length > 4) {
    let drop = -1;
    for (let i = all.length - 1; i > 0 && drop < 0; i--) if (LAWYER.test(normalize(all[i]!)) && !URGENT_RESOURCE.test(all[i]!)) drop = i;
    for (let i = all.length - 1; i > 0 && drop < 0; i--) if (!URGENT_RESOURCE.test(all[i]!)) drop = i;
    all.splice(drop > 0 ? drop : all.length - 1, 1);
  }
  return all;
}

/** The closing sentence (decisions D4): general information, and where the forms or guides are. */
export function closingSentence(forms: string[], officialForms: ReadonlySet<string>, replies: Replies, withLawyer = false): string {
  const closing = withLawyer ? replies.closing_urgent : replies.closing;
  const list = forms.slice(0, 2);
  if (list.length === 0) return closing.none;
  const official = list.every((f) => officialForms.has(f));
  const joined = list.length === 1 ? list[0]! : `${list[0]} y ${list[1]}`;
  if (list.length === 1) return (official ? closing.form : closing.guide).replace('{form}', joined);
  return (official ? closing.forms : closing.guides).replace('{forms}', joined);
}

export function formsOf(hit: Hit): string[] {
  return hit.section.forms ?? hit.entry.forms;
}
