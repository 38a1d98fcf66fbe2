// The payment gateway behind one interface (decisions D7): the embedded sandbox (no network) or
// Authorize.net's JSON API. Card numbers and CVVs only pass through: they are never stored, logged or
// put in an Error message; only brand, last four digits and expiry are kept.

export type GatewayName = 'sandbox' | 'authorizenet';

export interface Card {
  /** Digits only. */
  number: string;
  /** YYYY-MM */
  expiration: string;
  cvv: string;
}

export interface Customer {
  firstName: string;
  lastName: string;
  email: string;
}

export type ChargeResult = { approved: true; transactionId: string; brand: string; last4: string } | { approved: false; code: string; reason: string };

export interface SubscriptionRequest {
  /** The approved $1 charge: its card becomes the subscription's payment method. */
  transactionId: string;
  customer: Customer;
  amountCents: number;
  /** YYYY-MM-DD, the first monthly charge. */
  startDate: string;
  intervalMonths: 1;
}

export interface CreatedSubscription {
  subscriptionId: string;
  customerProfileId: string;
  paymentProfileId: string;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Charges `amountCents` now. A decline is a result; a gateway failure throws a GatewayError. */
  charge(amountCents: number, card: Card, customer: Customer, options?: { reference?: string }): Promise<ChargeResult>;
  /**
   * Cancels a charge: a void, or when the gateway refuses the void (already settled) a refund of
   * `amountCents` to the card ending in `last4`. Throws a GatewayError when both are refused.
   */
  void(transactionId: string, refund: { amountCents: number; last4: string }): Promise<'voided' | 'refunded'>;
  createSubscription(request: SubscriptionRequest): Promise<CreatedSubscription>;
  /**
   * Cancels a subscription. One the gateway cancelled already counts as done; one it has ended
   * otherwise throws kind 'already_cancelled', one it does not know 'not_found'.
   */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Forgets the stored card of a customer (best effort, after the account is deleted). */
  deleteCustomer(customerProfileId: string): Promise<void>;
}

/**
 * - auth: the gateway refused our credentials (Authorize.net E00007); message is its English text
 * - duplicate: a duplicate subscription (E00012); message is its English text
 * - unavailable: no answer, a timeout, an HTTP error or an unreadable answer
 * - already_cancelled / not_found: cancelling a subscription that is not live at the gateway
 * - rejected: any other refusal
 */
export type GatewayErrorKind = 'auth' | 'duplicate' | 'unavailable' | 'already_cancelled' | 'not_found' | 'rejected';

/** A gateway failure. Its message is the gateway's text (never card data: see `redact`) or ours. */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  constructor(
    readonly kind: GatewayErrorKind,
    message: string,
    /** The gateway's code (E00007, E00012, a transaction error code, HTTP 500, ...). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The texts the user reads for a refused card (spec section 8: any other message is shown as is). */
export const DECLINE_MESSAGES = {
  declined: 'La tarjeta fue rechazada. Usa otra tarjeta o llama a tu banco.',
  invalidNumber: 'El número de tarjeta no es válido.',
  expired: 'La tarjeta está vencida.',
  invalidExpiry: 'La fecha de vencimiento no es válida.',
  cvv: 'El código de seguridad no es válido.',
  duplicate: 'Ya recibimos un pago igual hace un momento. Espera dos minutos antes de intentarlo otra vez.',
  cardType: 'No aceptamos este tipo de tarjeta. Usa Visa, Mastercard, American Express o Discover.',
  held: 'Tu banco no confirmó el pago. Usa otra tarjeta o inténtalo más tarde.',
  other: 'No pudimos procesar tu tarjeta. Revisa los datos o usa otra tarjeta.',
} as const;

/** Authorize.net's published test card numbers: both gateways (and the fake) approve them. */
export const TEST_CARDS = [
  '4111111111111111',
  '4007000000027',
  '4012888818888',
  '5424000000000015',
  '2223000010309703',
  '370000000000002',
  '6011000000000012',
] as const;

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^(6011|64[4-9]|65)/.test(number)) return 'Discover';
  if (/^35/.test(number)) return 'JCB';
  if (/^3(0[0-5]|[68])/.test(number)) return 'Diners Club';
  return 'Tarjeta';
}

/** The CVV length of a card: 4 digits for American Express, 3 for the others. */
export const cvvLength = (number: string) => (/^3[47]/.test(number) ? 4 : 3);

/** true when the card expired before the current month (UTC). `expiration` is YYYY-MM. */
export function isExpired(expiration: string, now = new Date()): boolean {
  const [year, month] = expiration.split('-').map(Number) as [number, number];
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/**
 * Removes the card number, the CVV and any long run of digits from a text that may come back from a
 * gateway (a validation error can echo the value it refused), before it goes in an Error or a log.
 */
export function redact(text: string, secrets: string[] = []): string {
  let clean = text;
  for (const secret of secrets) if (secret) clean = clean.split(secret).join('[redacted]');
  return clean.replace(/\d{12,19}/g, '[redacted]');
}

/** YYYY-MM-DD of `now` plus `days`, in UTC. */
export function utcDatePlusDays(days: number, now = new Date()): string {
  const date = new Date(now.getTime() + days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/** "1.00" for 100 cents. */
export const dollars = (cents: number) => (cents / 100).toFixed(2);
