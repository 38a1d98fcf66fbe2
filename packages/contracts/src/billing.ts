import { z } from 'zod';
import { LIMITS, PLANS, PRICES } from './constants';
import { ERROR_MESSAGES, type ErrorCode } from './errors';
import { plainText } from './text';

/** Spec section 5 "Payment form": the messages of the payment dialog, also used by the server. */
export const PAYMENT_MESSAGES = {
  firstName: 'Por favor ingresa tu nombre',
  lastName: 'Por favor ingresa tu apellido',
  email: 'Por favor ingresa un correo electrónico válido',
  password: 'La contraseña debe tener al menos 6 caracteres',
  cardNumber: 'Número de tarjeta inválido',
  expirationDate: 'Usa el formato MM/AA',
  cvv: 'CVV inválido',
} as const;

/**
 * The server's English texts that the browser maps to Spanish (spec section 8 "Payment"); they are the
 * texts Authorize.net itself uses, kept as written so that the mapping works whoever produced them.
 */
export const PAYMENT_SERVER_TEXTS = {
  alreadyRegistered: 'A user with this email address has already been registered',
  invalidAuthentication: 'User authentication failed due to invalid authentication values.',
  duplicateSubscription: (subscriptionId: string) =>
    `You have submitted a duplicate of Subscription ${subscriptionId}. A duplicate subscription will not be created.`,
} as const;

/** Spec section 8 "Payment": what the browser shows for an error text of the server. */
export const PAYMENT_UI_MESSAGES = {
  duplicateSubscription: 'Ya existe una suscripción activa para este usuario. Por favor, inicia sesión con tu cuenta existente.',
  alreadyRegistered: 'Este correo electrónico ya está registrado. Por favor, inicia sesión con tu cuenta existente.',
  invalidAuthentication: 'Error temporal en el procesamiento del pago. Por favor, intenta nuevamente en unos minutos.',
  empty: 'Hubo un error al procesar el pago. Por favor, intenta nuevamente.',
  functionError: 'Error al procesar el pago. Por favor, inténtalo más tarde.',
  noSuccess: 'Error al procesar el pago',
  unexpected: 'Error inesperado al procesar el pago',
  toastPrefix: 'Error al procesar el pago: ',
  errorTitle: 'Error en el pago',
  success: '¡Pago exitoso! Tu suscripción de prueba ha comenzado',
  activated: 'Tu suscripción ha sido activada correctamente.',
  redirecting: 'Te estamos redirigiendo a la aplicación...',
} as const;

/** Spec section 8 "Payment": the server's error text as the user reads it. */
export function paymentErrorMessage(error: string | null | undefined): string {
  const text = (error ?? '').trim();
  if (!text) return PAYMENT_UI_MESSAGES.empty;
  if (text.includes('duplicate subscription')) return PAYMENT_UI_MESSAGES.duplicateSubscription;
  if (text.includes('already been registered')) return PAYMENT_UI_MESSAGES.alreadyRegistered;
  if (text.includes('invalid authentication values')) return PAYMENT_UI_MESSAGES.invalidAuthentication;
  return text;
}

const MM_YY = /^(0[1-9]|1[0-2])\/\d{2}$/;
const YYYY_MM = /^\d{4}-(0[1-9]|1[0-2])$/;
/** Names as the gateway accepts them (Authorize.net: 50 characters). */
const NAME_MAX = 50;

const digitsOf = (value: string) => value.replace(/\s+/g, '');

const name = (message: string) => plainText({ error: message }).trim().min(LIMITS.nameMin, message).max(NAME_MAX, message);

const email = z.string({ error: PAYMENT_MESSAGES.email }).trim().toLowerCase().max(254, PAYMENT_MESSAGES.email).pipe(z.email(PAYMENT_MESSAGES.email));

const password = z.string({ error: PAYMENT_MESSAGES.password }).min(LIMITS.passwordMin, PAYMENT_MESSAGES.password).max(128, PAYMENT_MESSAGES.password);

/**
 * The payment dialog's form (spec sections 3 and 5), as typed: card number grouped by 4 with spaces,
 * expiry MM/YY. The password is optional: it is only asked when nobody is signed in (see
 * `paymentFormSchemaFor`). The card number counts 13 to 19 digits once its spaces are removed.
 */
export const paymentFormSchema = z.object({
  firstName: name(PAYMENT_MESSAGES.firstName),
  lastName: name(PAYMENT_MESSAGES.lastName),
  email,
  password: password.optional(),
  cardNumber: z.string({ error: PAYMENT_MESSAGES.cardNumber }).refine((value) => /^\d{13,19}$/.test(digitsOf(value)), PAYMENT_MESSAGES.cardNumber),
  expirationDate: z.string({ error: PAYMENT_MESSAGES.expirationDate }).regex(MM_YY, PAYMENT_MESSAGES.expirationDate),
  cvv: z.string({ error: PAYMENT_MESSAGES.cvv }).regex(/^\d{3,4}$/, PAYMENT_MESSAGES.cvv),
});
export type PaymentForm = z.infer<typeof paymentFormSchema>;

/** The form for a signed-out payer requires the password of the account it creates. */
export function paymentFormSchemaFor(signedIn: boolean) {
  return signedIn ? paymentFormSchema : paymentFormSchema.extend({ password });
}

/** Card number as typed: digits only, in blocks of 4 separated by spaces, at most 19 characters. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .replace(/(\d{4})(?=\d)/g, '$1 ')
    .slice(0, LIMITS.cardNumberMax);
}

/**
 * Expiry as typed: digits only, a slash after the month, at most 5 characters ("MM/YY"). The slash
 * appears with the third digit, so that deleting it with backspace is not undone at once.
 */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** CVV as typed: digits only, at most 4. */
export function formatCvv(value: string): string {
  return value.replace(/\D/g, '').slice(0, LIMITS.cvvMax);
}

/** 'MM/YY' (the form) to 'YYYY-MM' (what the server and the gateway take), in the 2000s. */
export function toApiExpiry(value: string): string {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(value.trim());
  if (!match) throw new RangeError('expected MM/YY');
  return `20${match[2]}-${match[1]}`;
}

/** Card number as the server takes it: the spaces of the form removed. */
export function toApiCardNumber(value: string): string {
  return digitsOf(value);
}

/**
 * POST /api/billing/authorize-sub (spec call 15, decisions D7). Name and e-mail go to the gateway's
 * billing data; signed out, the e-mail and password create the account. The gateway, not this schema,
 * decides whether a card number is real (no Luhn check here).
 */
export const authorizeSubRequest = z.object({
  firstName: name(PAYMENT_MESSAGES.firstName),
  lastName: name(PAYMENT_MESSAGES.lastName),
  email,
  password: password.optional(),
  cardNumber: z
    .string({ error: PAYMENT_MESSAGES.cardNumber })
    .max(40, PAYMENT_MESSAGES.cardNumber)
    .transform(digitsOf)
    .pipe(z.string().regex(/^\d{13,19}$/, PAYMENT_MESSAGES.cardNumber)),
  expirationDate: z.string({ error: PAYMENT_MESSAGES.expirationDate }).regex(YYYY_MM, PAYMENT_MESSAGES.expirationDate),
  cvv: z.string({ error: PAYMENT_MESSAGES.cvv }).regex(/^\d{3,4}$/, PAYMENT_MESSAGES.cvv),
});
export type AuthorizeSubRequest = z.input<typeof authorizeSubRequest>;

/**
 * The answer of authorize-sub (spec section 3 "Authorization response"). `error` is the text the
 * browser maps with `paymentErrorMessage`; `code` is the API error code of a refusal.
 */
export const authorizeSubResponse = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  code: z.enum(Object.keys(ERROR_MESSAGES) as [ErrorCode, ...ErrorCode[]]).optional(),
  session: z.object({ access_token: z.string(), refresh_token: z.string() }).optional(),
  redirectTo: z.string().optional(),
});
export type AuthorizeSubResponse = z.infer<typeof authorizeSubResponse>;

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Statuses in which the gateway still charges (or retries): a second subscription is refused. */
export const LIVE_SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due'] as const satisfies readonly SubscriptionStatus[];

export const subscriptionSchema = z.object({
  plan: z.enum(PLANS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** End of what has been paid for: after a cancellation the plan stays UNLIMITED until then. */
  currentPeriodEnd: z.iso.datetime(),
  nextChargeAt: z.iso.datetime().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  /** The monthly price, 999. */
  amountCents: z.number().int(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /api/billing/subscription and POST /api/billing/cancel: the caller's latest subscription. */
export const subscriptionResponse = z.object({ subscription: subscriptionSchema.nullable() });
export type SubscriptionResponse = z.infer<typeof subscriptionResponse>;

/** What the trial and the plan cost (spec section 9), in cents. */
export const BILLING = {
  trialCents: PRICES.trialCents,
  trialDays: PRICES.trialDays,
  monthlyCents: PRICES.monthlyCents,
  redirectTo: '/chat',
} as const;
