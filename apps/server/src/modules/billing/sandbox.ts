import { randomBytes } from 'node:crypto';
import {
  cardBrand,
  cvvLength,
  DECLINE_MESSAGES,
  isExpired,
  luhnValid,
  TEST_CARDS,
  type Card,
  type ChargeResult,
  type CreatedSubscription,
  type Customer,
  type PaymentGateway,
  type SubscriptionRequest,
} from './gateway';

const id = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/**
 * The embedded gateway (the default, decisions D7): no network, no account. Authorize.net's published
 * test cards are approved; a number that fails the Luhn check, an expired card or a CVV of the wrong
 * length is refused with the text Authorize.net's errors map to; any other number is declined.
 *
 * It keeps no state (a restart loses nothing): subscriptions live in our database, which also refuses
 * a second live subscription. Ids are random, prefixed sbx_, so they never collide across restarts.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;

  async charge(_amountCents: number, card: Card, _customer: Customer): Promise<ChargeResult> {
    if (!luhnValid(card.number)) return { approved: false, code: 'invalid_number', reason: DECLINE_MESSAGES.invalidNumber };
    if (isExpired(card.expiration)) return { approved: false, code: 'expired', reason: DECLINE_MESSAGES.expired };
    if (card.cvv.length !== cvvLength(card.number)) return { approved: false, code: 'cvv', reason: DECLINE_MESSAGES.cvv };
    if (!(TEST_CARDS as readonly string[]).includes(card.number)) return { approved: false, code: 'declined', reason: DECLINE_MESSAGES.declined };
    return { approved: true, transactionId: id('sbx_txn_'), brand: cardBrand(card.number), last4: card.number.slice(-4) };
  }

  async void(_transactionId: string, _refund: { amountCents: number; last4: string }): Promise<'voided'> {
    return 'voided';
  }

  async createSubscription(_request: SubscriptionRequest): Promise<CreatedSubscription> {
    return { subscriptionId: id('sbx_'), customerProfileId: id('sbx_cus_'), paymentProfileId: id('sbx_pay_') };
  }

  async cancelSubscription(_subscriptionId: string): Promise<void> {}

  async deleteCustomer(_customerProfileId: string): Promise<void> {}
}
