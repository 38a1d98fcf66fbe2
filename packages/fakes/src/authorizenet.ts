import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, sleep, startHttp, type FakeServer } from './http';

/**
 * Authorize.net's JSON API (POST /xml/v1/request.api), as a local server speaking its wire format:
 * one root element per request, keys checked in the schema's element order (E00003 otherwise),
 * merchantAuthentication checked (E00007), HTTP 200 answers that begin with a UTF-8 byte-order mark,
 * `messages.resultCode` Ok/Error and, for transactions, `transactionResponse.responseCode`.
 *
 * Cards: Authorize.net's published test cards are approved; 4222222222222 or card code 901 are
 * declined (responseCode 2, error 2); an expired card is error 8, a number failing Luhn error 6, a
 * malformed card code error 78; any other number is declined. Subscriptions (ARB) are refused as
 * duplicates (E00012) with the same customer profile, amount, interval and start date.
 *
 * Never keeps a card number or CVV: transactions keep the last four digits; recorded requests have the
 * number cut to XXXX + last four, the card code and the transaction key replaced by ***.
 *
 * Control endpoints for tests in another process: POST /__control/script {behaviors},
 * POST /__control/reset, GET /__control/requests, POST /__control/settle {transactionId?}.
 */

/** Which request a behavior applies to (default: the next request of any kind). */
export type AuthorizeNetOperation = 'charge' | 'void' | 'refund' | 'createProfile' | 'createSubscription' | 'cancelSubscription' | 'deleteProfile';

/**
 * What the next matching request gets (first queued first); with none queued, the normal answer.
 * - server_error: HTTP 500 with an HTML page
 * - hang: accepts the request and never answers (until the client goes away)
 * - invalid_auth: E00007, whatever the credentials (one shot)
 * - decline: a transaction declined (responseCode 2, error 2)
 * - held: a transaction held for review (responseCode 4)
 * - transaction_error: a transaction refused with this error (responseCode 3 unless given)
 * - error: resultCode Error with this message code (text: Authorize.net's text for known codes)
 */
export type AuthorizeNetBehavior = (
  | { kind: 'server_error' }
  | { kind: 'hang' }
  | { kind: 'invalid_auth' }
  | { kind: 'decline' }
  | { kind: 'held' }
  | { kind: 'transaction_error'; errorCode: string; errorText?: string; responseCode?: '2' | '3' }
  | { kind: 'error'; code: string; text?: string }
) & { operation?: AuthorizeNetOperation };

export interface AuthorizeNetRequest {
  at: number;
  /** The root element, e.g. createTransactionRequest. */
  root: string;
  operation: AuthorizeNetOperation | 'unknown';
  /** The keys of the root's object, in the order received. */
  keys: string[];
  /** The request without secrets: card number XXXX + last four, card code and transaction key ***. */
  body: unknown;
  /** What was answered: resultCode, first message code, transaction responseCode. */
  answer: { status: number; resultCode?: string; code?: string; responseCode?: string };
  /** The client went away before the answer (abort, timeout). */
  disconnected: boolean;
}

export interface FakeTransaction {
  id: string;
  type: 'authCaptureTransaction' | 'refundTransaction';
  amountCents: number;
  refundedCents: number;
  last4: string;
  accountType: string;
  /** YYYY-MM */
  expiration: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  status: 'capturedPendingSettlement' | 'settledSuccessfully' | 'voided' | 'declined' | 'FDSPendingReview' | 'refundPendingSettlement';
}

export interface FakeCustomerProfile {
  id: string;
  paymentProfileId: string;
  merchantCustomerId: string | null;
  description: string | null;
  email: string | null;
  last4: string;
}

export interface FakeSubscription {
  id: string;
  name: string;
  customerProfileId: string;
  paymentProfileId: string;
  amount: string;
  intervalLength: number;
  intervalUnit: string;
  startDate: string;
  totalOccurrences: number;
  status: 'active' | 'canceled';
}

export interface FakeAuthorizeNetOptions {
  apiLoginId: string;
  transactionKey: string;
  port?: number;
  /** Delay before every answer. Default 0. */
  latencyMs?: number;
}

export interface FakeAuthorizeNet extends FakeServer {
  /** `${url}/xml/v1/request.api`: the AUTHORIZENET_ENDPOINT of clients (POST / works too). */
  endpoint: string;
  /** Every API request received, in order. */
  requests: AuthorizeNetRequest[];
  transactions: Map<string, FakeTransaction>;
  customerProfiles: Map<string, FakeCustomerProfile>;
  subscriptions: Map<string, FakeSubscription>;
  /** Appends behaviors to the queue. */
  script(behaviors: AuthorizeNetBehavior[]): void;
  /** Clears the queue, the recorded requests and every transaction, profile and subscription. */
  reset(): void;
  /** Settles one transaction (or all): it can then be refunded, no longer voided. */
  settle(transactionId?: string): void;
}

export const AUTHORIZE_NET_TEST_CARDS = [
  '4111111111111111',
  '4007000000027',
  '4012888818888',
  '5424000000000015',
  '2223000010309703',
  '370000000000002',
  '6011000000000012',
] as const;
export const AUTHORIZE_NET_DECLINED_CARD = '4222222222222';
export const AUTHORIZE_NET_DECLINED_CARD_CODE = '901';

const NS = 'AnetApi/xml/v1/schema/AnetApiSchema.xsd';
const BOM = '\uFEFF';

/** Authorize.net's texts for the codes this fake answers. */
export const AUTHORIZE_NET_MESSAGES: Record<string, string> = {
  I00001: 'Successful.',
  I00002: 'The subscription has already been canceled.',
  E00003: 'An error occurred while parsing the request.',
  E00007: 'User authentication failed due to invalid authentication values.',
  E00012: 'You have submitted a duplicate of Subscription 0. A duplicate subscription will not be created.',
  E00013: 'Field is invalid.',
  E00017: 'Start Date must not occur before the submission date.',
  E00027: 'The transaction was unsuccessful.',
  E00035: 'The subscription cannot be found.',
  E00037: 'Subscriptions that are expired, canceled or terminated cannot be updated.',
  E00039: 'A duplicate record already exists.',
  E00040: 'The record cannot be found.',
  E00041: 'One or more fields in the profile must contain a value.',
  E00045: 'The root node does not reference a valid XML namespace.',
};

const TRANSACTION_ERRORS: Record<string, string> = {
  '2': 'This transaction has been declined.',
  '5': 'A valid amount is required.',
  '6': 'The credit card number is invalid.',
  '7': 'Credit card expiration date is invalid.',
  '8': 'The credit card has expired.',
  '16': 'The transaction cannot be found.',
  '54': 'The referenced transaction does not meet the criteria for issuing a credit.',
  '55': 'The sum of credits against the referenced transaction would exceed original debit amount.',
  '65': 'This transaction has been declined.',
  '78': 'The Card Code (CVV2/CVC2/CID) is invalid.',
};

// ---------------------------------------------------------------------------------------------
// The schema's element order, for the elements of the requests this fake answers (AnetApiSchema.xsd).
// ---------------------------------------------------------------------------------------------
interface SchemaNode {
  order: string[];
  children?: Record<string, SchemaNode>;
}
const MERCHANT_AUTHENTICATION: SchemaNode = {
  order: ['name', 'transactionKey', 'sessionToken', 'password', 'impersonationAuthentication', 'fingerPrint', 'clientKey', 'accessToken', 'mobileDeviceId'],
};
const CREDIT_CARD: SchemaNode = {
  order: ['cardNumber', 'expirationDate', 'cardCode', 'isPaymentToken', 'cryptogram', 'tokenRequestorName', 'tokenRequestorId', 'tokenRequestorEci'],
};
const PAYMENT: SchemaNode = {
  order: ['creditCard', 'bankAccount', 'trackData', 'encryptedTrackData', 'payPal', 'opaqueData', 'emv', 'dataSource'],
  children: { creditCard: CREDIT_CARD },
};
const ORDER: SchemaNode = {
  order: [
    'invoiceNumber',
    'description',
    'discountAmount',
    'taxIsAfterDiscount',
    'totalTaxTypeCode',
    'purchaserVATRegistrationNumber',
    'merchantVATRegistrationNumber',
    'vatInvoiceReferenceNumber',
    'purchaserCode',
    'summaryCommodityCode',
    'purchaseOrderDateUTC',
    'supplierOrderReference',
    'authorizedContactName',
    'cardAcceptorRefNumber',
    'amexDataTAA1',
    'amexDataTAA2',
    'amexDataTAA3',
    'amexDataTAA4',
  ],
};
const NAME_AND_ADDRESS: SchemaNode = { order: ['firstName', 'lastName', 'company', 'address', 'city', 'state', 'zip', 'country'] };
const CUSTOMER_ADDRESS: SchemaNode = { order: [...NAME_AND_ADDRESS.order, 'phoneNumber', 'faxNumber', 'email'] };
const TRANSACTION_REQUEST: SchemaNode = {
  order: [
    'transactionType',
    'amount',
    'currencyCode',
    'payment',
    'profile',
    'solution',
    'callId',
    'terminalNumber',
    'authCode',
    'refTransId',
    'splitTenderId',
    'order',
    'lineItems',
    'tax',
    'duty',
    'shipping',
    'taxExempt',
    'poNumber',
    'customer',
    'billTo',
    'shipTo',
    'customerIP',
    'cardholderAuthentication',
    'retail',
    'employeeId',
    'transactionSettings',
    'userFields',
    'surcharge',
    'merchantDescriptor',
    'subMerchant',
    'tip',
    'processingOptions',
    'subsequentAuthInformation',
    'otherTax',
    'shipFrom',
    'authorizationIndicatorType',
  ],
  children: {
    payment: PAYMENT,
    order: ORDER,
    customer: { order: ['type', 'id', 'email', 'driversLicense', 'taxId'] },
    billTo: CUSTOMER_ADDRESS,
    shipTo: NAME_AND_ADDRESS,
  },
};
const base = (rest: string[], children: Record<string, SchemaNode> = {}): SchemaNode => ({
  order: ['merchantAuthentication', 'clientId', 'refId', ...rest],
  children: { merchantAuthentication: MERCHANT_AUTHENTICATION, ...children },
});
const ROOTS: Record<string, SchemaNode> = {
  authenticateTestRequest: base([]),
  createTransactionRequest: base(['transactionRequest'], { transactionRequest: TRANSACTION_REQUEST }),
  createCustomerProfileFromTransactionRequest: base(
    ['transId', 'customer', 'customerProfileId', 'defaultPaymentProfile', 'defaultShippingAddress', 'profileType'],
    { customer: { order: ['merchantCustomerId', 'description', 'email'] } },
  ),
  ARBCreateSubscriptionRequest: base(['subscription'], {
    subscription: {
      order: ['name', 'paymentSchedule', 'amount', 'trialAmount', 'payment', 'order', 'customer', 'billTo', 'shipTo', 'profile'],
      children: {
        paymentSchedule: {
          order: ['interval', 'startDate', 'totalOccurrences', 'trialOccurrences'],
          children: { interval: { order: ['length', 'unit'] } },
        },
        payment: PAYMENT,
        order: ORDER,
        customer: { order: ['type', 'id', 'email', 'phoneNumber', 'faxNumber', 'driversLicense', 'taxId'] },
        billTo: NAME_AND_ADDRESS,
        shipTo: NAME_AND_ADDRESS,
        profile: { order: ['customerProfileId', 'customerPaymentProfileId', 'customerAddressId'] },
      },
    },
  }),
  ARBCancelSubscriptionRequest: base(['subscriptionId']),
  deleteCustomerProfileRequest: base(['customerProfileId']),
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** E00003's text for an element out of place (the .NET schema validator's wording). */
function invalidChild(parent: string, child: string, expected: string[]): string {
  const list = expected.length ? expected.map((e) => `'${e}'`).join(', ') : 'none';
  return `The element '${parent}' in namespace '${NS}' has invalid child element '${child}' in namespace '${NS}'. List of possible elements expected: ${list} in namespace '${NS}'.`;
}

/** The first element out of the schema's order (or unknown), as E00003's text; null when all is in order. */
export function schemaOrderProblem(name: string, value: unknown, node: SchemaNode): string | null {
  if (!isObject(value)) return null;
  let last = -1;
  for (const key of Object.keys(value)) {
    const index = node.order.indexOf(key);
    if (index <= last) return invalidChild(name, key, node.order.slice(last + 1, last + 6));
    last = index;
    const child = node.children?.[key];
    if (child) {
      const problem = schemaOrderProblem(key, value[key], child);
      if (problem) return problem;
    }
  }
  return null;
}

function luhn(number: string): boolean {
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

function accountType(number: string): string {
  if (number.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'MasterCard';
  if (/^3[47]/.test(number)) return 'AmericanExpress';
  if (/^(6011|64|65)/.test(number)) return 'Discover';
  if (number.startsWith('35')) return 'JCB';
  return 'Visa';
}

/** YYYY-MM from the formats Authorize.net accepts (YYYY-MM, MMYY, MM/YY, MMYYYY, YYYYMM...); null if none. */
function parseExpiration(value: unknown): string | null {
  const text = String(value ?? '');
  let match = /^(\d{4})-(\d{2})$/.exec(text);
  if (match) return Number(match[2]) >= 1 && Number(match[2]) <= 12 ? `${match[1]}-${match[2]}` : null;
  match = /^(\d{2})\/?(\d{2})$/.exec(text);
  if (match) return Number(match[1]) >= 1 && Number(match[1]) <= 12 ? `20${match[2]}-${match[1]}` : null;
  match = /^(\d{2})\/?(\d{4})$/.exec(text);
  if (match) return Number(match[1]) >= 1 && Number(match[1]) <= 12 ? `${match[2]}-${match[1]}` : null;
  return null;
}

const expired = (expiration: string, now = new Date()) => {
  const [year, month] = expiration.split('-').map(Number) as [number, number];
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
};

const toCents = (amount: unknown): number => {
  const text = String(amount ?? '');
  return /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : NaN;
};

/** A copy of the request without secrets. */
function scrub(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => scrub(item));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v, k)]));
  if (key === 'cardNumber') return `XXXX${String(value).slice(-4)}`;
  if (key === 'cardCode' || key === 'transactionKey') return '***';
  return value;
}

interface Answer {
  status: number;
  body: Record<string, unknown> | string;
  /** HTML error pages have no BOM. */
  raw?: boolean;
}

const ok = (extra: Record<string, unknown>, code = 'I00001'): Record<string, unknown> => ({
  ...extra,
  messages: { resultCode: 'Ok', message: [{ code, text: AUTHORIZE_NET_MESSAGES[code] ?? 'Successful.' }] },
});
const error = (code: string, text?: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...extra,
  messages: { resultCode: 'Error', message: [{ code, text: text ?? AUTHORIZE_NET_MESSAGES[code] ?? 'An error occurred during processing.' }] },
});

/** Authorize.net's JSON API, in a local HTTP server. */
export async function startFakeAuthorizeNet(options: FakeAuthorizeNetOptions): Promise<FakeAuthorizeNet> {
  const requests: AuthorizeNetRequest[] = [];
  const transactions = new Map<string, FakeTransaction>();
  const customerProfiles = new Map<string, FakeCustomerProfile>();
  const subscriptions = new Map<string, FakeSubscription>();
  let queue: AuthorizeNetBehavior[] = [];
  let nextTransaction = 60_000_000_001;
  let nextProfile = 500_000_001;
  let nextPaymentProfile = 510_000_001;
  let nextSubscription = 9_000_001;

  const script = (behaviors: AuthorizeNetBehavior[]) => void queue.push(...behaviors);
  const reset = () => {
    queue = [];
    requests.length = 0;
    transactions.clear();
    customerProfiles.clear();
    subscriptions.clear();
  };
  const settle = (transactionId?: string) => {
    for (const transaction of transactions.values()) {
      if (transactionId && transaction.id !== transactionId) continue;
      if (transaction.status === 'capturedPendingSettlement') transaction.status = 'settledSuccessfully';
    }
  };
  const take = (operation: AuthorizeNetOperation | 'unknown') => {
    const index = queue.findIndex((b) => !b.operation || b.operation === operation);
    return index === -1 ? undefined : queue.splice(index, 1)[0];
  };

  const transactionAnswer = (fields: Record<string, unknown>, refId: unknown, approved: boolean): Record<string, unknown> => {
    const transactionResponse = {
      responseCode: '1',
      authCode: approved ? randomUUID().slice(0, 6).toUpperCase() : '000000',
      avsResultCode: 'Y',
      cvvResultCode: approved ? 'P' : '',
      cavvResultCode: approved ? '2' : '',
      transId: '0',
      refTransID: '',
      transHash: '',
      testRequest: '0',
      accountNumber: '',
      accountType: '',
      ...fields,
    };
    const extra = { transactionResponse, ...(refId !== undefined ? { refId: String(refId) } : {}) };
    return approved ? ok(extra) : error('E00027', undefined, extra);
  };

  const declined = (
    refId: unknown,
    responseCode: string,
    errorCode: string,
    errorText: string | undefined,
    card?: { transId: string; last4: string; type: string },
  ) =>
    transactionAnswer(
      {
        responseCode,
        transId: card?.transId ?? '0',
        accountNumber: card ? `XXXX${card.last4}` : '',
        accountType: card?.type ?? '',
        errors: [{ errorCode, errorText: errorText ?? TRANSACTION_ERRORS[errorCode] ?? 'This transaction has been declined.' }],
      },
      refId,
      false,
    );

  function charge(request: Record<string, unknown>, behavior: AuthorizeNetBehavior | undefined): Answer {
    const refId = request.refId;
    const tr = request.transactionRequest as Record<string, unknown>;
    const cents = toCents(tr.amount);
    if (!(cents > 0)) return { status: 200, body: declined(refId, '3', '5', undefined) };
    const card = isObject(tr.payment) && isObject(tr.payment.creditCard) ? tr.payment.creditCard : undefined;
    const number = String(card?.cardNumber ?? '');
    if (!/^\d{13,16}$/.test(number) || !luhn(number)) return { status: 200, body: declined(refId, '3', '6', undefined) };
    const expiration = parseExpiration(card?.expirationDate);
    if (!expiration) return { status: 200, body: declined(refId, '3', '7', undefined) };
    if (expired(expiration)) return { status: 200, body: declined(refId, '3', '8', undefined) };
    const cardCode = card?.cardCode === undefined ? undefined : String(card.cardCode);
    if (cardCode !== undefined && !/^\d{3,4}$/.test(cardCode)) return { status: 200, body: declined(refId, '3', '78', undefined) };

    const customer = isObject(tr.customer) ? tr.customer : {};
    const billTo = isObject(tr.billTo) ? tr.billTo : {};
    const transaction: FakeTransaction = {
      id: String(nextTransaction++),
      type: 'authCaptureTransaction',
      amountCents: cents,
      refundedCents: 0,
      last4: number.slice(-4),
      accountType: accountType(number),
      expiration,
      email: typeof customer.email === 'string' ? customer.email : null,
      firstName: typeof billTo.firstName === 'string' ? billTo.firstName : null,
      lastName: typeof billTo.lastName === 'string' ? billTo.lastName : null,
      status: 'capturedPendingSettlement',
    };
    const seen = { transId: transaction.id, last4: transaction.last4, type: transaction.accountType };

    let refusal: { responseCode: string; errorCode: string; errorText?: string } | undefined;
    if (behavior?.kind === 'decline' || number === AUTHORIZE_NET_DECLINED_CARD || cardCode === AUTHORIZE_NET_DECLINED_CARD_CODE) {
      refusal = { responseCode: '2', errorCode: '2' };
    } else if (behavior?.kind === 'transaction_error') {
      refusal = { responseCode: behavior.responseCode ?? '3', errorCode: behavior.errorCode, errorText: behavior.errorText };
    } else if (!(AUTHORIZE_NET_TEST_CARDS as readonly string[]).includes(number)) {
      refusal = { responseCode: '2', errorCode: '2' };
    }
    if (refusal) {
      transactions.set(transaction.id, { ...transaction, status: 'declined' });
      return { status: 200, body: declined(refId, refusal.responseCode, refusal.errorCode, refusal.errorText, seen) };
    }
    if (behavior?.kind === 'held') {
      transactions.set(transaction.id, { ...transaction, status: 'FDSPendingReview' });
      return {
        status: 200,
        body: transactionAnswer(
          {
            responseCode: '4',
            transId: transaction.id,
            accountNumber: `XXXX${transaction.last4}`,
            accountType: transaction.accountType,
            messages: [{ code: '252', description: 'Your order has been received. Thank you for your business!' }],
          },
          refId,
          true,
        ),
      };
    }
    transactions.set(transaction.id, transaction);
    return {
      status: 200,
      body: transactionAnswer(
        {
          responseCode: '1',
          transId: transaction.id,
          accountNumber: `XXXX${transaction.last4}`,
          accountType: transaction.accountType,
          messages: [{ code: '1', description: 'This transaction has been approved.' }],
          transHashSha2: '',
          SupplementalDataQualificationIndicator: 0,
        },
        refId,
        true,
      ),
    };
  }

  function voidTransaction(request: Record<string, unknown>, behavior: AuthorizeNetBehavior | undefined): Answer {
    const refId = request.refId;
    const tr = request.transactionRequest as Record<string, unknown>;
    const original = transactions.get(String(tr.refTransId ?? ''));
    if (behavior?.kind === 'transaction_error')
      return { status: 200, body: declined(refId, behavior.responseCode ?? '3', behavior.errorCode, behavior.errorText) };
    // A void only finds unsettled transactions.
    if (!original || original.type !== 'authCaptureTransaction' || !['capturedPendingSettlement', 'FDSPendingReview', 'voided'].includes(original.status)) {
      return { status: 200, body: declined(refId, '3', '16', undefined) };
    }
    const already = original.status === 'voided';
    original.status = 'voided';
    return {
      status: 200,
      body: transactionAnswer(
        {
          transId: original.id,
          refTransID: original.id,
          accountNumber: `XXXX${original.last4}`,
          accountType: original.accountType,
          messages: [
            already
              ? { code: '310', description: 'This transaction has already been voided.' }
              : { code: '1', description: 'This transaction has been approved.' },
          ],
        },
        refId,
        true,
      ),
    };
  }

  function refundTransaction(request: Record<string, unknown>, behavior: AuthorizeNetBehavior | undefined): Answer {
    const refId = request.refId;
    const tr = request.transactionRequest as Record<string, unknown>;
    if (behavior?.kind === 'transaction_error')
      return { status: 200, body: declined(refId, behavior.responseCode ?? '3', behavior.errorCode, behavior.errorText) };
    const original = transactions.get(String(tr.refTransId ?? ''));
    const card = isObject(tr.payment) && isObject(tr.payment.creditCard) ? tr.payment.creditCard : undefined;
    const last4 = String(card?.cardNumber ?? '').slice(-4);
    const cents = toCents(tr.amount);
    if (!original || original.status !== 'settledSuccessfully' || original.last4 !== last4) return { status: 200, body: declined(refId, '3', '54', undefined) };
    if (!(cents > 0)) return { status: 200, body: declined(refId, '3', '5', undefined) };
    if (original.refundedCents + cents > original.amountCents) return { status: 200, body: declined(refId, '3', '55', undefined) };
    original.refundedCents += cents;
    const refund: FakeTransaction = {
      ...original,
      id: String(nextTransaction++),
      type: 'refundTransaction',
      amountCents: cents,
      refundedCents: 0,
      status: 'refundPendingSettlement',
    };
    transactions.set(refund.id, refund);
    return {
      status: 200,
      body: transactionAnswer(
        {
          transId: refund.id,
          refTransID: original.id,
          accountNumber: `XXXX${original.last4}`,
          accountType: original.accountType,
          messages: [{ code: '1', description: 'This transaction has been approved.' }],
        },
        refId,
        true,
      ),
    };
  }

  function createProfile(request: Record<string, unknown>): Answer {
    const transaction = transactions.get(String(request.transId ?? ''));
    if (!transaction || transaction.type !== 'authCaptureTransaction' || !['capturedPendingSettlement', 'settledSuccessfully'].includes(transaction.status)) {
      return { status: 200, body: error('E00040') };
    }
    const customer = isObject(request.customer) ? request.customer : {};
    const merchantCustomerId = typeof customer.merchantCustomerId === 'string' ? customer.merchantCustomerId : null;
    const description = typeof customer.description === 'string' ? customer.description : null;
    const email = typeof customer.email === 'string' ? customer.email : transaction.email;
    if (!merchantCustomerId && !description && !email) return { status: 200, body: error('E00041') };
    for (const profile of customerProfiles.values()) {
      if (profile.merchantCustomerId === merchantCustomerId && profile.description === description && profile.email === email) {
        return { status: 200, body: error('E00039', `A duplicate record with ID ${profile.id} already exists.`) };
      }
    }
    const profile: FakeCustomerProfile = {
      id: String(nextProfile++),
      paymentProfileId: String(nextPaymentProfile++),
      merchantCustomerId,
      description,
      email,
      last4: transaction.last4,
    };
    customerProfiles.set(profile.id, profile);
    return {
      status: 200,
      body: ok({
        customerProfileId: profile.id,
        customerPaymentProfileIdList: [profile.paymentProfileId],
        customerShippingAddressIdList: [],
        validationDirectResponseList: [],
      }),
    };
  }

  function createSubscription(request: Record<string, unknown>): Answer {
    const subscription = isObject(request.subscription) ? request.subscription : {};
    const schedule = isObject(subscription.paymentSchedule) ? subscription.paymentSchedule : {};
    const interval = isObject(schedule.interval) ? schedule.interval : {};
    const profileRef = isObject(subscription.profile) ? subscription.profile : {};
    const profile = customerProfiles.get(String(profileRef.customerProfileId ?? ''));
    if (!profile || profile.paymentProfileId !== String(profileRef.customerPaymentProfileId ?? '')) {
      return { status: 200, body: error('E00040', 'Customer Profile ID or Customer Payment Profile ID not found.') };
    }
    const length = Number(interval.length);
    const unit = String(interval.unit ?? '');
    if (!((unit === 'months' && length >= 1 && length <= 12) || (unit === 'days' && length >= 7 && length <= 365))) {
      return { status: 200, body: error('E00013', 'Interval Length must be 7 to 365 days or 1 to 12 months.') };
    }
    const startDate = String(schedule.startDate ?? '');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || Number.isNaN(Date.parse(startDate))) return { status: 200, body: error('E00013', 'Start Date is invalid.') };
    if (startDate < new Date().toISOString().slice(0, 10)) return { status: 200, body: error('E00017') };
    const totalOccurrences = Number(schedule.totalOccurrences);
    if (!(Number.isInteger(totalOccurrences) && totalOccurrences >= 1 && totalOccurrences <= 32000)) {
      return { status: 200, body: error('E00013', 'Total Occurrences is invalid.') };
    }
    const cents = toCents(subscription.amount);
    if (!(cents > 0)) return { status: 200, body: error('E00013', 'Amount is invalid.') };
    const amount = (cents / 100).toFixed(2);
    for (const existing of subscriptions.values()) {
      if (
        existing.status === 'active' &&
        existing.customerProfileId === profile.id &&
        existing.paymentProfileId === profile.paymentProfileId &&
        existing.amount === amount &&
        existing.intervalLength === length &&
        existing.intervalUnit === unit &&
        existing.startDate === startDate
      ) {
        return { status: 200, body: error('E00012', duplicateText(existing.id)) };
      }
    }
    const created: FakeSubscription = {
      id: String(nextSubscription++),
      name: String(subscription.name ?? ''),
      customerProfileId: profile.id,
      paymentProfileId: profile.paymentProfileId,
      amount,
      intervalLength: length,
      intervalUnit: unit,
      startDate,
      totalOccurrences,
      status: 'active',
    };
    subscriptions.set(created.id, created);
    return {
      status: 200,
      body: ok({
        subscriptionId: created.id,
        profile: { customerProfileId: profile.id, customerPaymentProfileId: profile.paymentProfileId },
        ...(request.refId !== undefined ? { refId: String(request.refId) } : {}),
      }),
    };
  }

  function cancelSubscription(request: Record<string, unknown>): Answer {
    const subscription = subscriptions.get(String(request.subscriptionId ?? ''));
    if (!subscription) return { status: 200, body: error('E00035') };
    if (subscription.status === 'canceled') return { status: 200, body: ok({}, 'I00002') };
    subscription.status = 'canceled';
    return { status: 200, body: ok({}) };
  }

  function deleteProfile(request: Record<string, unknown>): Answer {
    const id = String(request.customerProfileId ?? '');
    if (!customerProfiles.delete(id)) return { status: 200, body: error('E00040') };
    return { status: 200, body: ok({}) };
  }

  const duplicateText = (id: string) => `You have submitted a duplicate of Subscription ${id}. A duplicate subscription will not be created.`;

  function operationOf(root: string, request: Record<string, unknown>): AuthorizeNetOperation | 'unknown' {
    switch (root) {
      case 'createTransactionRequest': {
        const type = isObject(request.transactionRequest) ? request.transactionRequest.transactionType : undefined;
        return type === 'authCaptureTransaction' ? 'charge' : type === 'voidTransaction' ? 'void' : type === 'refundTransaction' ? 'refund' : 'unknown';
      }
      case 'createCustomerProfileFromTransactionRequest':
        return 'createProfile';
      case 'ARBCreateSubscriptionRequest':
        return 'createSubscription';
      case 'ARBCancelSubscriptionRequest':
        return 'cancelSubscription';
      case 'deleteCustomerProfileRequest':
        return 'deleteProfile';
    }
    return 'unknown';
  }

  /** The answer to one API request, or null for a request left hanging. */
  function answer(parsed: unknown, entry: AuthorizeNetRequest): Answer | null {
    if (!isObject(parsed) || Object.keys(parsed).length !== 1) return { status: 200, body: error('E00045') };
    const root = Object.keys(parsed)[0]!;
    const request = parsed[root];
    entry.root = root;
    const schema = ROOTS[root];
    if (!schema || !isObject(request)) return { status: 200, body: error('E00045') };
    entry.keys = Object.keys(request);
    entry.body = scrub(parsed);
    const operation = operationOf(root, request);
    entry.operation = operation;

    const behavior = take(operation);
    if (behavior?.kind === 'server_error') {
      return { status: 500, raw: true, body: '<html><body><h1>500 - Internal server error.</h1></body></html>' };
    }
    if (behavior?.kind === 'hang') return null;

    const problem = schemaOrderProblem(root, request, schema);
    if (problem) return { status: 200, body: error('E00003', problem) };
    if (!isObject(request.merchantAuthentication)) {
      return {
        status: 200,
        body: error(
          'E00003',
          `The element '${root}' in namespace '${NS}' has incomplete content. List of possible elements expected: 'merchantAuthentication' in namespace '${NS}'.`,
        ),
      };
    }
    const auth = request.merchantAuthentication;
    if (behavior?.kind === 'invalid_auth' || auth.name !== options.apiLoginId || auth.transactionKey !== options.transactionKey) {
      return { status: 200, body: error('E00007') };
    }
    if (behavior?.kind === 'error') {
      const text = behavior.text ?? (behavior.code === 'E00012' ? duplicateText([...subscriptions.keys()].at(-1) ?? String(nextSubscription - 1)) : undefined);
      return { status: 200, body: error(behavior.code, text) };
    }
    switch (operation) {
      case 'charge':
        return charge(request, behavior);
      case 'void':
        return voidTransaction(request, behavior);
      case 'refund':
        return refundTransaction(request, behavior);
      case 'createProfile':
        return createProfile(request);
      case 'createSubscription':
        return createSubscription(request);
      case 'cancelSubscription':
        return cancelSubscription(request);
      case 'deleteProfile':
        return deleteProfile(request);
    }
    if (root === 'authenticateTestRequest') return { status: 200, body: ok({}) };
    return { status: 200, body: error('E00003', 'The transaction type is not supported by this fake.') };
  }

  const api = async (request: IncomingMessage, raw: Buffer, response: ServerResponse) => {
    const entry: AuthorizeNetRequest = { at: Date.now(), root: '', operation: 'unknown', keys: [], body: null, answer: { status: 0 }, disconnected: false };
    requests.push(entry);
    response.on('close', () => {
      if (!response.writableFinished) entry.disconnected = true;
    });
    let parsed: unknown;
    let result: Answer | null;
    try {
      parsed = JSON.parse(raw.toString('utf8').replace(/^\uFEFF/, ''));
      result = answer(parsed, entry);
    } catch {
      result = { status: 200, body: error('E00003', 'Data at the root level is invalid. Line 1, position 1.') };
    }
    if (result === null) return; // hang: the client's abort (or close()) ends it
    if (options.latencyMs) await sleep(options.latencyMs);
    if (entry.disconnected || response.destroyed) return;
    if (typeof result.body === 'string') {
      entry.answer = { status: result.status };
      response.writeHead(result.status, { 'content-type': 'text/html' });
      response.end(result.body);
      return;
    }
    const messages = result.body.messages as { resultCode?: string; message?: Array<{ code?: string }> } | undefined;
    const transaction = result.body.transactionResponse as { responseCode?: string } | undefined;
    entry.answer = { status: result.status, resultCode: messages?.resultCode, code: messages?.message?.[0]?.code, responseCode: transaction?.responseCode };
    response.writeHead(result.status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(BOM + JSON.stringify(result.body));
  };

  const control = (request: IncomingMessage, raw: Buffer, response: ServerResponse, path: string) => {
    const body = () => {
      try {
        return JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        return {};
      }
    };
    if (request.method === 'POST' && path === '/__control/script') {
      const behaviors = body().behaviors;
      if (!Array.isArray(behaviors)) return sendJson(response, 400, { error: 'expected {"behaviors": [...]}' });
      script(behaviors as AuthorizeNetBehavior[]);
      return sendJson(response, 200, { queued: queue.length });
    }
    if (request.method === 'POST' && path === '/__control/reset') {
      reset();
      return sendJson(response, 200, { ok: true });
    }
    if (request.method === 'POST' && path === '/__control/settle') {
      const id = body().transactionId;
      settle(typeof id === 'string' ? id : undefined);
      return sendJson(response, 200, { ok: true });
    }
    if (request.method === 'GET' && path === '/__control/requests') {
      return sendJson(
        response,
        200,
        requests.map(({ root, operation, keys, body: recorded, answer: answered }) => ({ root, operation, keys, body: recorded, answer: answered })),
      );
    }
    sendJson(response, 404, { error: `unknown control endpoint ${request.method} ${path}` });
  };

  const server = await startHttp(async (request, raw, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    if (path.startsWith('/__control/')) return control(request, raw, response, path);
    if (request.method === 'POST' && (path === '/' || path === '/xml/v1/request.api')) return api(request, raw, response);
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('<html><body>Not Found</body></html>');
  }, options.port);

  return {
    url: server.url,
    endpoint: `${server.url}/xml/v1/request.api`,
    close: server.close,
    requests,
    transactions,
    customerProfiles,
    subscriptions,
    script,
    reset,
    settle,
  };
}

/**
 * A webhook notification as Authorize.net sends it: the JSON body and its X-ANET-Signature header
 * (`sha512=` + upper-case hex HMAC-SHA512 of the body, keyed with the signature key).
 */
export function authorizeNetNotification(
  signatureKey: string,
  event: { eventType: string; payload: Record<string, unknown>; notificationId?: string; eventDate?: string; webhookId?: string },
): { body: string; headers: Record<string, string>; notificationId: string } {
  const notificationId = event.notificationId ?? randomUUID();
  const body = JSON.stringify({
    notificationId,
    eventType: event.eventType,
    // Authorize.net writes seven decimals of seconds.
    eventDate: event.eventDate ?? new Date().toISOString().replace(/Z$/, '0000Z'),
    webhookId: event.webhookId ?? '5d1d5ba4-3b0a-4f5c-9b1e-000000000000',
    payload: event.payload,
  });
  const signature = createHmac('sha512', signatureKey).update(body).digest('hex').toUpperCase();
  return { body, notificationId, headers: { 'content-type': 'application/json', 'x-anet-signature': `sha512=${signature}` } };
}
