import type { KnowledgeBase } from '../knowledge/load';
import type { Facts, Relationship } from './clarify';

const WHO: Record<Relationship, string> = {
  esposo: 'tu esposo',
  esposa: 'tu esposa',
  papa: 'tu papá',
  mama: 'tu mamá',
  hijo: 'tu hijo',
  hija: 'tu hija',
  hermano: 'tu hermano',
  hermana: 'tu hermana',
  familiar: 'tu familiar',
};

export interface Pathway {
  sentences: string[];
  forms: string[];
  /** Entries that ground the answer (for the language model and the fallback). */
  entryIds: string[];
  complex: boolean;
}

function feeOf(kb: KnowledgeBase, id: string): number | null {
  return kb.byId.get(id)?.fee.amount_usd ?? null;
}

const dollars = (amount: number) => `${amount.toLocaleString('en-US')} dólares`;

/**
 * The answer to a "fix my papers" question once the clarifying questions are answered: the usual way
 * for that situation, with its forms (decisions D4 and D5). General information; the complex
 * situations point to a lawyer or accredited representative.
 */
export function legalizationPathway(kb: KnowledgeBase, facts: Facts): Pathway {
  const who = WHO[facts.relationship ?? 'familiar'];
  const kind = facts.relative === 'ciudadano' ? 'ciudadano' : facts.relative === 'residente' ? 'residente' : 'ciudadano o residente';
  const i130 = feeOf(kb, 'i-130');
  const i485 = feeOf(kb, 'i-485');

  if (facts.relative === 'ninguno') {
    return {
      sentences: [
        'Sin un familiar que te pida hay menos caminos, pero a veces sí hay opciones.',
        'Por ejemplo, el asilo con el formulario I-589 si tienes miedo de volver a tu país.',
        'También la visa U con el formulario I-918 si fuiste víctima de un delito y ayudaste a la policía.',
        'Tu caso es especial, así que habla con un abogado o un representante acreditado por el Departamento de Justicia.',
      ],
      forms: ['I-589', 'I-918'],
      entryIds: ['i-589', 'i-918', 'encontrar-abogado'],
      complex: true,
    };
  }

  if (facts.location === 'fuera') {
    return {
      sentences: [
        `Como estás fuera, ${who} ${kind} puede pedirte con el formulario I-130.`,
        'Cuando lo aprueben, llenas el formulario DS-260 en línea para tu visa de inmigrante.',
        'Después tienes una entrevista en el consulado de Estados Unidos en tu país.',
        ...(i130 ? [`El I-130 cuesta ${dollars(i130)} en papel, según USCIS en noviembre de 2026.`] : []),
      ],
      forms: ['I-130', 'DS-260'],
      entryIds: ['i-130', 'ds-260', 'i-864'],
      complex: false,
    };
  }

  if (facts.entry === 'sin-papeles') {
    return {
      sentences: [
        `Aunque ${who} ${kind} te pida con el formulario I-130, si entraste sin papeles casi nunca puedes arreglar sin salir.`,
        'Muchas personas piden antes el perdón provisional con el formulario I-601A y luego van al consulado.',
        'Tu caso tiene riesgos, así que habla con un abogado o un representante acreditado antes de mandar algo.',
      ],
      forms: ['I-130', 'I-601A'],
      entryIds: ['i-130', 'i-601a', 'encontrar-abogado'],
      complex: true,
    };
  }

  // Inside the country after entering with a visa (or not said): the adjustment of status.
  const immediate = facts.relative === 'ciudadano' && facts.relationship !== 'hermano' && facts.relationship !== 'hermana';
  return {
    sentences: [
      `${capitalize(who)} ${kind} puede pedirte con el formulario I-130.`,
      immediate
        ? 'Como entraste con visa, puedes mandar al mismo tiempo el formulario I-485 para pedir la residencia sin salir.'
        : 'Si entraste con visa, mandas el formulario I-485 cuando haya una visa disponible para tu caso.',
      `${capitalize(who)} también llena el I-864 para mostrar que puede apoyarte.`,
      ...(i130 && i485 ? [`El I-130 cuesta ${dollars(i130)} y el I-485 ${dollars(i485)}, según USCIS en noviembre de 2026.`] : []),
    ],
    forms: ['I-130', 'I-485'],
    entryIds: ['i-130', 'i-485', 'i-864'],
    complex: false,
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
