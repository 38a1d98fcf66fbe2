import { BILLING } from '@camino/contracts';
import type { Config } from '../../config';
import type { EmailMessage } from '../messaging';

export interface ReceiptFacts {
  to: string;
  firstName: string;
  chargedAt: Date;
  nextChargeAt: Date;
  cardBrand: string;
  /** Only the last four digits: a receipt never carries the card number (decisions D7). */
  cardLast4: string;
  transactionId: string;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const longDate = (date: Date) => new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'America/Chicago' }).format(date);

/**
 * The e-mail receipt of the $1 trial (issue 14): what was charged, the card's brand and last four
 * digits, the date of the first $9.99 charge, that it renews monthly until cancelled, and how to cancel.
 */
export function trialReceipt(facts: ReceiptFacts, site: { publicUrl: string; operator: Config['operator'] }): EmailMessage {
  const next = longDate(facts.nextChargeAt);
  const { operator } = site;
  const lines = [
    `Hola, ${facts.firstName}:`,
    '',
    'Gracias por probar el Plan Ilimitado de Camino Claro. Este es tu recibo.',
    '',
    `Cobro de hoy (${longDate(facts.chargedAt)}): ${money(BILLING.trialCents)} por ${BILLING.trialDays} días de prueba.`,
    `Tarjeta: ${facts.cardBrand} terminada en ${facts.cardLast4}.`,
    `Número de operación: ${facts.transactionId}.`,
    '',
    `Primer cobro de ${money(BILLING.monthlyCents)}: el ${next}. Después se cobran ${money(BILLING.monthlyCents)} cada mes, hasta que canceles.`,
    `Para cancelar, entra a Configuración, en «Tu plan», y oprime «Cancelar suscripción»: ${site.publicUrl}/settings`,
    `Si cancelas antes del ${next}, no se te cobra nada más.`,
    '',
    operator.supportEmail ? `¿Dudas? Escríbenos a ${operator.supportEmail}.` : null,
    operator.address ? `${operator.name}, ${operator.address}` : operator.name,
  ].filter((line): line is string => line !== null);
  return {
    to: facts.to,
    subject: `Tu recibo de Camino Claro: ${money(BILLING.trialCents)} por ${BILLING.trialDays} días del Plan Ilimitado`,
    text: lines.join('\n'),
  };
}
