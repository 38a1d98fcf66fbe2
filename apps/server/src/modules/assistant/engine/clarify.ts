import { normalize } from './text';

/**
 * The clarifying gate (decisions D5) is about intent: it fires when the question's best match is the
 * knowledge base's general "arreglar papeles" entry (GATE_ENTRY), whose keywords are the canonical
 * trigger phrases and their paraphrases; a specific question that merely contains a trigger phrase ranks
 * its own entry first and is answered. This file holds what the conversation says about the three
 * clarifying aspects, and picks the case section that answers once they are known.
 */
export const GATE_ENTRY = 'arreglar-papeles';

export type Aspect = 'entry' | 'location' | 'relative';
export const ASPECTS: Aspect[] = ['entry', 'location', 'relative'];

/** How each aspect is asked about, whoever wrote the question (the engine, a language model). */
const ASPECT_CUES: Record<Aspect, RegExp> = {
  entry: /\b(visa|sin papeles|sin documentos|como entraste|como llegaste)\b/,
  location: /\b(dentro|fuera|otro pais|en que pais|donde estas)\b/,
  relative: /\b(familiar|pariente|ciudadan[oa]|residente)\b/,
};

/** The aspects the assistant's questions ask about: the engine's own texts, or questions on those topics. */
export function askedAspects(text: string, questions: Record<Aspect, string>): Aspect[] {
  const asked = text
    .split(/(?<=\?)/)
    .filter((s) => s.trim().endsWith('?'))
    .map(normalize);
  return ASPECTS.filter((a) => text.includes(questions[a]) || asked.some((q) => ASPECT_CUES[a].test(q)));
}

/** The assistant's turn was the clarifying questions (two of the three aspects asked). */
export function isClarification(text: string, questions: Record<Aspect, string>): boolean {
  return askedAspects(text, questions).length >= 2;
}

export type Relationship = 'esposo' | 'esposa' | 'papa' | 'mama' | 'hijo' | 'hija' | 'hermano' | 'hermana' | 'familiar';

export interface Facts {
  entry?: 'visa' | 'sin-papeles';
  location?: 'dentro' | 'fuera';
  /** 'si': there is a relative, citizen or resident not said. */
  relative?: 'ciudadano' | 'residente' | 'si' | 'ninguno';
  relationship?: Relationship;
}

const RELATION =
  '(esposo|esposa|marido|mujer|pareja|papa|mama|padre|madre|papas|padres|hijo|hija|hijos|hijas|hermano|hermana|hermanos|tio|tia|abuelo|abuela|familiar|familia|novio|novia)';

/** Where people write from when they are outside: their country, or a state of Mexico (the most common origin). */
const ABROAD = [
  'mi pais|mi pueblo|mi rancho|mexico|guatemala|honduras|el salvador|nicaragua|costa rica|panama|colombia|venezuela|ecuador|peru|bolivia|chile',
  'argentina|uruguay|paraguay|brasil|cuba|republica dominicana|santo domingo|haiti|puerto principe|espana',
  'aguascalientes|baja california|campeche|chiapas|chihuahua|coahuila|colima|durango|guanajuato|guerrero|hidalgo|jalisco',
  'michoacan|morelos|nayarit|nuevo leon|oaxaca|puebla|queretaro|quintana roo|san luis potosi|sinaloa|sonora|tabasco',
  'tamaulipas|tlaxcala|veracruz|yucatan|zacatecas|guadalajara|monterrey|tijuana|ciudad juarez|cdmx|el df',
].join('|');

const OUTSIDE = new RegExp(
  ` (estoy|vivo|vivimos|estamos|me encuentro|sigo) (en (${ABROAD})|afuera|fuera|en otro pais)| fuera (de estados unidos|del pais)| desde (${ABROAD}) | me deportaron `,
);
const CITIZEN_RELATIVE = new RegExp(
  `(${RELATION} (es |que es |ya es |son )?(ciudadan|americano|americana|nacid))|(${RELATION}( \\w+)? (que )?(nacio|nacieron) (aqui|aca|en estados unidos|en este pais))|((casad[oa]|me case|nos casamos) con (un |una )?(ciudadan|americano|americana))|(ciudadan\\w* (es )?mi ${RELATION})`,
);
const RESIDENT_RELATIVE = new RegExp(
  `(${RELATION} (es |que es |tiene |son |tienen )?(residente|green card|la residencia|papeles))|((casad[oa]|me case|nos casamos) con (un |una )?residente)`,
);
const NAMES_RELATIVE = new RegExp(` ${RELATION} `);

/** What the conversation already says about the three clarifying aspects. */
export function extractFacts(text: string): Facts {
  const n = ` ${normalize(text)} `;
  const facts: Facts = {};

  if (
    / sin (papeles|documentos|visa|permiso|inspeccion) | por el (cerro|rio|monte|desierto) | cruce (la linea|la frontera|el rio)| brinque | de mojado | ilegalmente | sin que me revisaran | no tengo papeles | indocumentad/.test(
      n,
    )
  )
    facts.entry = 'sin-papeles';
  else if (
    / (con|tengo|tenia|traje|mi) (una )?visa | (entre|llegue|vine) con (visa|permiso|parole|pasaporte|mi pasaporte) | (entre|llegue) (legalmente|legal) | con inspeccion | con parole | con permiso humanitario | visa de (turista|estudiante|trabajo|paseo)/.test(
      n,
    )
  )
    facts.entry = 'visa';

  if (
    / (estoy|vivo|vivimos|estamos|me encuentro|resido) (aqui|aca|en estados unidos|en usa|en los estados unidos|en el pais|dentro)| aqui en (estados unidos|usa)| dentro (de estados unidos|del pais)| (entre|llegue|vine) (a estados unidos|aqui|aca|con|sin|por|legal|de mojado)/.test(
      n,
    )
  )
    facts.location = 'dentro';
  if (OUTSIDE.test(n)) facts.location = 'fuera';

  // "Ella es ciudadana": the relative the conversation named, told in a pronoun.
  const named = NAMES_RELATIVE.test(n);
  if (CITIZEN_RELATIVE.test(n) || (named && / (el|ella|ellos) (es|ya es|son|ya son) (ciudadan|american)/.test(n))) facts.relative = 'ciudadano';
  else if (RESIDENT_RELATIVE.test(n) || (named && / (el|ella|ellos) (es|ya es|son|ya son|tiene|ya tiene) (residente|green card|la residencia)/.test(n)))
    facts.relative = 'residente';
  else if (
    / no tengo (familia|familiares|ningun familiar|a nadie|pariente)| nadie (me puede pedir|que me pida)| ningun familiar | no (, )?no tengo | no tengo$/.test(
      n,
    )
  )
    facts.relative = 'ninguno';

  const relation = /\b(esposo|marido|esposa|mujer|papa|padre|mama|madre|hijo|hija|hermano|hermana)\b/.exec(n)?.[1];
  if (relation && facts.relative && facts.relative !== 'ninguno') {
    const map: Record<string, Relationship> = {
      esposo: 'esposo',
      marido: 'esposo',
      esposa: 'esposa',
      mujer: 'esposa',
      papa: 'papa',
      padre: 'papa',
      mama: 'mama',
      madre: 'mama',
      hijo: 'hijo',
      hija: 'hija',
      hermano: 'hermano',
      hermana: 'hermana',
    };
    facts.relationship = map[relation];
  }
  if (facts.relative && facts.relative !== 'ninguno') facts.relationship ??= 'familiar';
  return facts;
}

/**
 * Short answers to the clarifying questions ("sí", "no") only make sense next to the question: the
 * relative question is the one a bare yes or no answers.
 */
export function applyShortReply(facts: Facts, reply: string, asked: Aspect[]): Facts {
  if (!asked.includes('relative') || facts.relative) return facts;
  const n = ` ${normalize(reply)} `;
  if (/ (no|nop|nel|ninguno|nadie) /.test(n) && !/ no (se|sé) /.test(n)) return { ...facts, relative: 'ninguno' };
  if (/ (si|sip|claro|tengo) /.test(n)) return { ...facts, relative: 'si', relationship: facts.relationship ?? 'familiar' };
  return facts;
}

export function unanswered(facts: Facts): Aspect[] {
  return ASPECTS.filter((aspect) => facts[aspect] === undefined);
}

/**
 * The section of the gate entry that answers once the situation is known (the usual way for it), or
 * 'no-se' when the reply did not say enough ("no sé").
 */
export function pathwaySection(facts: Facts): string {
  if (facts.relative === 'ninguno') return 'sin-familiar';
  if (facts.location === 'fuera') return 'desde-fuera';
  if (facts.entry === 'sin-papeles') return facts.relative ? 'sin-papeles-con-familiar' : 'sin-papeles';
  if (facts.relative === 'residente') return 'familiar-residente';
  if (facts.relative === 'ciudadano' || facts.relative === 'si') {
    const sibling = facts.relationship === 'hermano' || facts.relationship === 'hermana';
    return sibling ? 'hermano-ciudadano' : facts.entry === 'visa' ? 'con-visa-familiar-ciudadano' : 'familiar-ciudadano';
  }
  return 'no-se';
}
