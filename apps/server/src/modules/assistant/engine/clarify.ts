import { normalize } from './normalize';

/**
 * The clarifying gate (decisions D5). Trigger phrases are matched on normalised text, each with its
 * obvious verb forms.
 */
const TRIGGERS: RegExp[] = [
  /\barregl\w* (de |mis |los |unos )?papeles\b/,
  /\barregl\w* (mi |la )?(situacion|estatus|status|estado migratorio)\b/,
  /\barreglarme\b|\barreglar me\b/,
  /\blegaliz\w*/,
  /\bregulariz\w*/,
  /\b(quedarme|quedarnos|permanecer|estar|vivir) (aqui )?(legalmente|legal|con papeles)\b/,
  /\b(obtener|sacar|conseguir|solicitar|pedir|tramitar|tener) (la |mi )?residencia\b/,
  /\bresidencia permanente\b/,
  /\bgreen ?card\b/,
  /\btarjeta verde\b/,
  /\bhacerme residente\b|\bser residente\b/,
  /\b(cambiar|cambio de|ajustar|ajuste de) (mi |el )?(estatus|status|estado migratorio)\b/,
  /\b(sacar|conseguir|tener|obtener|hacer) (los |mis |unos )?papeles\b/,
  /\bestatus legal\b|\bestado legal\b/,
  /\bamnistia\b/,
  // "Me casé con un ciudadano, ¿qué mando para quedarme?": marriage-based papers, the same questions.
  /\b(me case|casad[oa]|casarme) con (un |una )?(ciudadan\w*|residente|american[oa])\b.*\b(quedarme|papeles|formularios?|residencia|arreglar)/,
  /\bquedarme (aqui|en estados unidos|en el pais|con mi (esposo|esposa|familia))\b/,
];

export function hasTrigger(text: string): boolean {
  const n = normalize(text);
  return TRIGGERS.some((pattern) => pattern.test(n));
}

export type Aspect = 'entry' | 'location' | 'relative';

export const CLARIFYING_QUESTIONS: Record<Aspect, string> = {
  entry: '¿Entraste a Estados Unidos con visa o sin papeles?',
  location: '¿Estás ahora dentro de Estados Unidos o en otro país?',
  relative: '¿Tienes un familiar cercano que sea ciudadano o residente permanente?',
};

export function isClarification(text: string): boolean {
  const questions = Object.values(CLARIFYING_QUESTIONS);
  return questions.filter((q) => text.includes(q)).length >= 2;
}

export type Relationship = 'esposo' | 'esposa' | 'papa' | 'mama' | 'hijo' | 'hija' | 'hermano' | 'hermana' | 'familiar';

export interface Facts {
  entry?: 'visa' | 'sin-papeles';
  location?: 'dentro' | 'fuera';
  /** 'si': there is a relative, citizen or resident not said. */
  relative?: 'ciudadano' | 'residente' | 'si' | 'ninguno';
  relationship?: Relationship;
}

const RELATION = '(esposo|esposa|marido|mujer|pareja|papa|mama|padre|madre|papas|padres|hijo|hija|hijos|hijas|hermano|hermana|hermanos|tio|tia|abuelo|abuela|familiar|familia|novio|novia)';

/** What the conversation already says about the three clarifying aspects. */
export function extractFacts(text: string): Facts {
  const n = ` ${normalize(text)} `;
  const facts: Facts = {};

  if (/ sin (papeles|documentos|visa|permiso|inspeccion) | por el (cerro|rio|monte|desierto) | cruce (la linea|la frontera|el rio)| brinque | de mojado | ilegalmente | sin que me revisaran | no tengo papeles | indocumentad/.test(n)) facts.entry = 'sin-papeles';
  else if (/ (con|tengo|tenia|traje|mi) (una )?visa | (entre|llegue|vine) con (visa|permiso|parole|pasaporte|mi pasaporte) | (entre|llegue) (legalmente|legal) | con inspeccion | con parole | con permiso humanitario | visa de (turista|estudiante|trabajo|paseo)/.test(n)) facts.entry = 'visa';

  if (/ (estoy|vivo|vivimos|estamos|me encuentro|resido) (aqui|aca|en estados unidos|en usa|en los estados unidos|en el pais|dentro)| aqui en (estados unidos|usa)| dentro (de estados unidos|del pais)| (entre|llegue|vine) (a estados unidos|aqui|aca|con|sin|por|legal|de mojado)/.test(n)) facts.location = 'dentro';
  if (/ (estoy|vivo|vivimos|estamos|me encuentro|sigo) (en mexico|en guatemala|en honduras|en el salvador|en colombia|en venezuela|en mi pais|afuera|fuera|en otro pais)| fuera (de estados unidos|del pais)| desde (mexico|guatemala|honduras|el salvador|colombia|venezuela|mi pais)| me deportaron /.test(n)) facts.location = 'fuera';

  const citizen = new RegExp(`(${RELATION} (es |que es |ya es |son )?(ciudadan|americano|americana|nacid))|(casad[oa] con (un |una )?(ciudadan|americano|americana))|(ciudadan\\w* (es )?mi ${RELATION})`);
  const resident = new RegExp(`(${RELATION} (es |que es |tiene |son |tienen )?(residente|green card|la residencia|papeles))|(casad[oa] con (un |una )?residente)`);
  if (citizen.test(n)) facts.relative = 'ciudadano';
  else if (resident.test(n)) facts.relative = 'residente';
  else if (/ no tengo (familia|familiares|ningun familiar|a nadie|pariente)| nadie (me puede pedir|que me pida)| ningun familiar | no (, )?no tengo | no tengo$/.test(n)) facts.relative = 'ninguno';

  const relation = /\b(esposo|marido|esposa|mujer|papa|padre|mama|madre|hijo|hija|hermano|hermana)\b/.exec(n)?.[1];
  if (relation && facts.relative && facts.relative !== 'ninguno') {
    const map: Record<string, Relationship> = { esposo: 'esposo', marido: 'esposo', esposa: 'esposa', mujer: 'esposa', papa: 'papa', padre: 'papa', mama: 'mama', madre: 'mama', hijo: 'hijo', hija: 'hija', hermano: 'hermano', hermana: 'hermana' };
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
  return (['entry', 'location', 'relative'] as const).filter((aspect) => facts[aspect] === undefined);
}
