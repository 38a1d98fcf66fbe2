// Authorize.net's JSON API over plain fetch (reference facts "Authorize.net JSON API", decisions D7).
// - The API validates JSON against its XML schema: the keys of every object must be sent in the
//   schema's element order (merchantAuthentication first, then refId, then the rest in XSD order),
//   otherwise it answers E00003. The builders below write each object literal in that order.
// - Answers begin with a UTF-8 byte-order mark, stripped before JSON.parse.
// - Answers are HTTP 200 whatever the outcome: messages.resultCode 'Ok' | 'Error', with codes in
//   messages.message[] and, for transactions, transactionResponse.responseCode ('1' approved,
//   '2' declined, '3' error, '4' held for review) and transactionResponse.errors[].
// Card numbers and CVVs are sent and forgotten: never logged, never in an Error (see `redact`).
import { randomBytes } from 'node:crypto';
import {
  DECLINE_MESSAGES,
  dollars,
  GatewayError,
  redact,
  type Card,
  type ChargeResult,
  type CreatedSubscription,
  type Customer,
  type PaymentGateway,
  type SubscriptionRequest,
} from './gateway';

export interface AuthorizeNetSettings {
  /** https://apitest.authorize.net/xml/v1/request.api (sandbox) or https://api.authorize.net/xml/v1/request.api */
  endpoint: string;
  apiLoginId: string;
  transactionKey: string;
  /** Longest wait for one call, answer included. */
  timeoutMs: number;
  /**
   * A customer profile created a moment ago is sometimes not yet visible to ARB (E00040): the
   * subscription is retried twice, after this delay and twice this delay. Default 1500 ms.
   */
  profileRetryDelayMs?: number;
}

export interface AnetMessage {
  code: string;
  text: string;
}

export interface AnetTransactionResponse {
  responseCode?: string;
  transId?: string;
  accountNumber?: string;
  accountType?: string;
  errors?: Array<{ errorCode?: string; errorText?: string }>;
}

export interface AnetResponse {
  messages?: { resultCode?: string; message?: AnetMessage[] };
  transactionResponse?: AnetTransactionResponse;
  subscriptionId?: string;
  customerProfileId?: string;
  customerPaymentProfileIdList?: unknown;
  profile?: { customerProfileId?: string; customerPaymentProfileId?: string };
  refId?: string;
}

export const INVALID_AUTHENTICATION_TEXT = 'User authentication failed due to invalid authentication values.';
const SUBSCRIPTION_NAME = 'Camino Claro - Plan Ilimitado';
const TRIAL_DESCRIPTION = 'Camino Claro: 7 dias de prueba';

/** A refId / invoice number: 20 characters, the longest both fields take. */
export const newReference = () => randomBytes(10).toString('hex');

const clip = (value: string, max: number) => value.trim().slice(0, max);

/** The answer's bytes as JSON: the UTF-8 byte-order mark Authorize.net puts first is removed. */
export function parseAnetBody(bytes: Uint8Array): AnetResponse {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).replace(/^\uFEFF/, '');
  const parsed: unknown = JSON.parse(text);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new SyntaxError('not a JSON object');
  const response = parsed as AnetResponse;
  // A single message or error may come as an object instead of a one-element array.
  if (response.messages?.message && !Array.isArray(response.messages.message))
    response.messages.message = [response.messages.message as unknown as AnetMessage];
  const errors = response.transactionResponse?.errors as unknown;
  if (errors && !Array.isArray(errors)) {
    const inner = (errors as { error?: unknown }).error ?? errors;
    response.transactionResponse!.errors = (Array.isArray(inner) ? inner : [inner]) as AnetTransactionResponse['errors'];
  }
  return response;
}

function describe(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  if (cause && typeof cause.code === 'string') return `network ${cause.code}`;
  if (error instanceof SyntaxError) return 'unreadable answer';
  return error instanceof Error ? error.name : 'unknown error';
}

/**
 * The lower-level call: posts `payload` exactly as given (key order included) and reads the answer.
 * Network failures, timeouts, HTTP errors and unreadable answers throw GatewayError 'unavailable'.
 */
export async function postAnet(settings: Pick<AuthorizeNetSettings, 'endpoint' | 'timeoutMs'>, payload: object): Promise<AnetResponse> {
  try {
    const response = await fetch(settings.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (!response.ok) throw new GatewayError('unavailable', `HTTP ${response.status}`, `HTTP ${response.status}`);
    return parseAnetBody(bytes);
  } catch (error) {
    if (error instanceof GatewayError) throw error;
    throw new GatewayError('unavailable', describe(error));
  }
}

/** `{ [root]: { merchantAuthentication, refId, ...fields } }`: the schema's order for every request. */
export function anetPayload(
  settings: Pick<AuthorizeNetSettings, 'apiLoginId' | 'transactionKey'>,
  root: string,
  refId: string,
  fields: Record<string, unknown>,
) {
  return { [root]: { merchantAuthentication: { name: settings.apiLoginId, transactionKey: settings.transactionKey }, refId, ...fields } };
}

export const firstMessage = (response: AnetResponse): AnetMessage | undefined => response.messages?.message?.[0];
const isOk = (response: AnetResponse) => response.messages?.resultCode === 'Ok';

/** A refused call as a GatewayError: E00007 and E00012 keep the gateway's English text. */
export function anetFailure(response: AnetResponse, secrets: string[] = []): GatewayError {
  const message = firstMessage(response);
  if (!message?.code) return new GatewayError('unavailable', 'answer without a result');
  const text = redact(String(message.text ?? ''), secrets);
  if (message.code === 'E00007') return new GatewayError('auth', text.includes('invalid authentication values') ? text : INVALID_AUTHENTICATION_TEXT, 'E00007');
  if (message.code === 'E00012') return new GatewayError('duplicate', text, 'E00012');
  if (message.code === 'E00037') return new GatewayError('already_cancelled', text, 'E00037');
  if (message.code === 'E00035') return new GatewayError('not_found', text, 'E00035');
  return new GatewayError('rejected', `${message.code} ${text}`.trim(), message.code);
}

/** A transaction's refusal as the user reads it, from Authorize.net's response and error codes. */
export function declineReason(responseCode: string | undefined, errorCode: string | undefined): { code: string; reason: string } {
  const code = `anet_${errorCode ?? responseCode ?? 'unknown'}`;
  switch (errorCode) {
    case '6':
    case '37':
    case '315':
      return { code, reason: DECLINE_MESSAGES.invalidNumber };
    case '7':
    case '316':
      return { code, reason: DECLINE_MESSAGES.invalidExpiry };
    case '8':
    case '317':
      return { code, reason: DECLINE_MESSAGES.expired };
    case '44':
    case '45':
    case '65':
    case '78':
      return { code, reason: DECLINE_MESSAGES.cvv };
    case '11':
      return { code, reason: DECLINE_MESSAGES.duplicate };
    case '17':
    case '28':
      return { code, reason: DECLINE_MESSAGES.cardType };
    case '2':
    case '3':
    case '4':
      return { code, reason: DECLINE_MESSAGES.declined };
  }
  return { code, reason: responseCode === '2' ? DECLINE_MESSAGES.declined : DECLINE_MESSAGES.other };
}

const BRANDS: Record<string, string> = {
  Visa: 'Visa',
  MasterCard: 'Mastercard',
  Mastercard: 'Mastercard',
  AmericanExpress: 'American Express',
  'American Express': 'American Express',
  Discover: 'Discover',
  JCB: 'JCB',
  DinersClub: 'Diners Club',
};

function paymentProfileIdOf(list: unknown): string | undefined {
  const ids = Array.isArray(list) ? list : (list as { numericString?: unknown } | undefined)?.numericString;
  const first = Array.isArray(ids) ? ids[0] : ids;
  return first === undefined || first === null ? undefined : String(first);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class AuthorizeNetGateway implements PaymentGateway {
  readonly name = 'authorizenet' as const;

  constructor(private readonly settings: AuthorizeNetSettings) {}

  private call(root: string, fields: Record<string, unknown>, refId = newReference()): Promise<AnetResponse> {
    return postAnet(this.settings, anetPayload(this.settings, root, refId, fields));
  }

  async charge(amountCents: number, card: Card, customer: Customer, options: { reference?: string } = {}): Promise<ChargeResult> {
    const secrets = [card.number, card.cvv];
    const reference = options.reference ?? newReference();
    const response = await this.call(
      'createTransactionRequest',
      {
        // transactionRequestType's order: transactionType, amount, payment, ..., order, ..., customer, billTo
        transactionRequest: {
          transactionType: 'authCaptureTransaction',
          amount: dollars(amountCents),
          payment: { creditCard: { cardNumber: card.number, expirationDate: card.expiration, cardCode: card.cvv } },
          order: { invoiceNumber: reference, description: TRIAL_DESCRIPTION },
          customer: { email: clip(customer.email, 255) },
          billTo: { firstName: clip(customer.firstName, 50), lastName: clip(customer.lastName, 50) },
        },
      },
      reference,
    );
    const transaction = response.transactionResponse;
    if (!transaction?.responseCode) throw anetFailure(response, secrets);
    const error = transaction.errors?.[0]?.errorCode;
    switch (transaction.responseCode) {
      case '1':
        return {
          approved: true,
          transactionId: String(transaction.transId),
          brand: BRANDS[transaction.accountType ?? ''] ?? transaction.accountType ?? 'Tarjeta',
          last4: /(\d{4})$/.exec(transaction.accountNumber ?? '')?.[1] ?? card.number.slice(-4),
        };
      case '4':
        // Held for review: the money is not ours to keep without a subscription; refuse and release it.
        if (transaction.transId) await this.voidOnly(String(transaction.transId)).catch(() => undefined);
        return { approved: false, code: `anet_held_${error ?? '4'}`, reason: DECLINE_MESSAGES.held };
      default:
        return { approved: false, ...declineReason(transaction.responseCode, error) };
    }
  }

  private async voidOnly(transactionId: string): Promise<AnetResponse> {
    return this.call('createTransactionRequest', { transactionRequest: { transactionType: 'voidTransaction', refTransId: transactionId } });
  }

  async void(transactionId: string, refund: { amountCents: number; last4: string }): Promise<'voided' | 'refunded'> {
    const voided = await this.voidOnly(transactionId);
    if (voided.transactionResponse?.responseCode === '1') return 'voided';
    if (firstMessage(voided)?.code === 'E00007') throw anetFailure(voided);
    // Settled already: a refund, to the card's last four digits (the expiry is not needed: XXXX).
    const refunded = await this.call('createTransactionRequest', {
      transactionRequest: {
        transactionType: 'refundTransaction',
        amount: dollars(refund.amountCents),
        payment: { creditCard: { cardNumber: refund.last4, expirationDate: 'XXXX' } },
        refTransId: transactionId,
      },
    });
    if (refunded.transactionResponse?.responseCode === '1') return 'refunded';
    if (firstMessage(refunded)?.code === 'E00007') throw anetFailure(refunded);
    const codeOf = (r: AnetResponse) => r.transactionResponse?.errors?.[0]?.errorCode ?? firstMessage(r)?.code ?? 'unknown';
    throw new GatewayError('rejected', `void refused (${codeOf(voided)}) and refund refused (${codeOf(refunded)})`, codeOf(refunded));
  }

  async createSubscription(request: SubscriptionRequest): Promise<CreatedSubscription> {
    const reference = newReference();
    const created = await this.call(
      'createCustomerProfileFromTransactionRequest',
      // A merchantCustomerId of our own keeps Authorize.net from seeing a returning e-mail as a
      // duplicate profile (E00039).
      { transId: request.transactionId, customer: { merchantCustomerId: reference, email: clip(request.customer.email, 255) } },
      reference,
    );
    if (!isOk(created)) throw anetFailure(created);
    const customerProfileId = created.customerProfileId ? String(created.customerProfileId) : undefined;
    const paymentProfileId = paymentProfileIdOf(created.customerPaymentProfileIdList);
    if (!customerProfileId || !paymentProfileId) throw new GatewayError('rejected', 'customer profile without a payment profile');

    const retryDelay = this.settings.profileRetryDelayMs ?? 1500;
    try {
      for (let attempt = 0; ; attempt++) {
        const response = await this.call('ARBCreateSubscriptionRequest', {
          // ARBSubscriptionType's order: name, paymentSchedule, amount, trialAmount, payment, order,
          // customer, billTo, shipTo, profile
          subscription: {
            name: SUBSCRIPTION_NAME,
            paymentSchedule: { interval: { length: request.intervalMonths, unit: 'months' }, startDate: request.startDate, totalOccurrences: 9999 },
            amount: dollars(request.amountCents),
            profile: { customerProfileId, customerPaymentProfileId: paymentProfileId },
          },
        });
        if (isOk(response) && response.subscriptionId) {
          return { subscriptionId: String(response.subscriptionId), customerProfileId, paymentProfileId };
        }
        if (firstMessage(response)?.code === 'E00040' && attempt < 2) {
          await sleep(retryDelay * (attempt + 1));
          continue;
        }
        throw anetFailure(response);
      }
    } catch (error) {
      // No subscription: the stored card has no use any more.
      await this.deleteCustomer(customerProfileId).catch(() => undefined);
      throw error;
    }
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    // resultCode Ok also for I00002 "The subscription has already been canceled.": it is cancelled.
    const response = await this.call('ARBCancelSubscriptionRequest', { subscriptionId });
    if (!isOk(response)) throw anetFailure(response);
  }

  async deleteCustomer(customerProfileId: string): Promise<void> {
    const response = await this.call('deleteCustomerProfileRequest', { customerProfileId });
    if (!isOk(response)) throw anetFailure(response);
  }
}
