import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/app';
import { ConfigError } from '../../config';
import { AuthorizeNetGateway, declineReason } from './authorizenet';
import { createGateway } from './create-gateway';
import { cardBrand, isExpired, luhnValid, redact, TEST_CARDS, utcDatePlusDays } from './gateway';
import { SandboxGateway } from './sandbox';

const customer = { firstName: 'Ana', lastName: 'López', email: 'ana@example.com' };
const future = `${new Date().getUTCFullYear() + 2}-06`;

describe('card helpers', () => {
  it('checks Luhn and names brands', () => {
    for (const number of TEST_CARDS) expect(luhnValid(number), number).toBe(true);
    expect(luhnValid('4222222222222')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('41111111111a1111')).toBe(false);
    expect(TEST_CARDS.map(cardBrand)).toEqual(['Visa', 'Visa', 'Visa', 'Mastercard', 'Mastercard', 'American Express', 'Discover']);
    expect(cardBrand('3530111333300000')).toBe('JCB');
    expect(cardBrand('9999999999999995')).toBe('Tarjeta');
  });

  it('treats a card as valid through the last day of its month', () => {
    const now = new Date(Date.UTC(2027, 4, 31, 23, 59));
    expect(isExpired('2027-05', now)).toBe(false);
    expect(isExpired('2027-04', now)).toBe(true);
    expect(isExpired('2026-12', now)).toBe(true);
    expect(isExpired('2028-01', now)).toBe(false);
  });

  it('redacts card numbers and given secrets', () => {
    expect(redact("value '4111111111111111' and 123", ['123'])).toBe("value '[redacted]' and [redacted]");
    expect(redact('Subscription 1234567 refused')).toBe('Subscription 1234567 refused');
  });

  it('dates the first monthly charge in UTC', () => {
    expect(utcDatePlusDays(7, new Date('2026-02-25T23:30:00Z'))).toBe('2026-03-04');
  });
});

describe('SandboxGateway', () => {
  const sandbox = new SandboxGateway();

  it('approves the test cards with unique ids and refuses the rest with Spanish reasons', async () => {
    const first = await sandbox.charge(100, { number: '4111111111111111', expiration: future, cvv: '123' }, customer);
    const second = await sandbox.charge(100, { number: '4111111111111111', expiration: future, cvv: '123' }, customer);
    expect(first).toMatchObject({ approved: true, brand: 'Visa', last4: '1111' });
    expect(first.approved && second.approved && first.transactionId !== second.transactionId).toBe(true);
    expect(await sandbox.charge(100, { number: '370000000000002', expiration: future, cvv: '1234' }, customer)).toMatchObject({
      approved: true,
      brand: 'American Express',
    });
    expect(await sandbox.charge(100, { number: '4111111111111112', expiration: future, cvv: '123' }, customer)).toEqual({
      approved: false,
      code: 'invalid_number',
      reason: 'El número de tarjeta no es válido.',
    });
    expect(await sandbox.charge(100, { number: '4222222222222', expiration: future, cvv: '123' }, customer)).toEqual({
      approved: false,
      code: 'declined',
      reason: 'La tarjeta fue rechazada. Usa otra tarjeta o llama a tu banco.',
    });
    expect(await sandbox.charge(100, { number: '4111111111111111', expiration: '2019-12', cvv: '123' }, customer)).toEqual({
      approved: false,
      code: 'expired',
      reason: 'La tarjeta está vencida.',
    });
    expect(await sandbox.charge(100, { number: '4111111111111111', expiration: future, cvv: '12' }, customer)).toEqual({
      approved: false,
      code: 'cvv',
      reason: 'El código de seguridad no es válido.',
    });
  });

  it('makes unique subscription ids without keeping state', async () => {
    const request = { transactionId: 'sbx_txn_1', customer, amountCents: 999, startDate: utcDatePlusDays(7), intervalMonths: 1 as const };
    const a = await sandbox.createSubscription(request);
    const b = await new SandboxGateway().createSubscription(request);
    expect(a.subscriptionId).toMatch(/^sbx_[0-9a-f]{24}$/);
    expect(a.subscriptionId).not.toBe(b.subscriptionId);
    await expect(sandbox.cancelSubscription(a.subscriptionId)).resolves.toBeUndefined();
    await expect(sandbox.void('sbx_txn_1', { amountCents: 100, last4: '1111' })).resolves.toBe('voided');
  });
});

describe('Authorize.net decline texts', () => {
  it('maps response and error codes to what the user reads', () => {
    expect(declineReason('2', '2').reason).toBe('La tarjeta fue rechazada. Usa otra tarjeta o llama a tu banco.');
    expect(declineReason('2', undefined).reason).toBe('La tarjeta fue rechazada. Usa otra tarjeta o llama a tu banco.');
    expect(declineReason('3', '8').reason).toBe('La tarjeta está vencida.');
    expect(declineReason('3', '6').reason).toBe('El número de tarjeta no es válido.');
    expect(declineReason('3', '78').reason).toBe('El código de seguridad no es válido.');
    expect(declineReason('2', '65').reason).toBe('El código de seguridad no es válido.');
    expect(declineReason('3', '11').code).toBe('anet_11');
    expect(declineReason('3', '999').reason).toBe('No pudimos procesar tu tarjeta. Revisa los datos o usa otra tarjeta.');
  });
});

describe('configuration', () => {
  it('uses the sandbox by default and Authorize.net when configured', () => {
    const config = testConfig();
    expect(config.payments).toEqual({ gateway: 'sandbox', authorizeNet: null, webhookSignatureKey: null });
    expect(createGateway(config)).toBeInstanceOf(SandboxGateway);
    const anet = testConfig({
      PAYMENT_GATEWAY: 'authorizenet',
      AUTHORIZENET_API_LOGIN_ID: 'login',
      AUTHORIZENET_TRANSACTION_KEY: 'key',
      AUTHORIZENET_SIGNATURE_KEY: 'signature',
    });
    expect(anet.payments).toEqual({
      gateway: 'authorizenet',
      authorizeNet: { apiLoginId: 'login', transactionKey: 'key', endpoint: 'https://apitest.authorize.net/xml/v1/request.api', timeoutMs: 30_000 },
      webhookSignatureKey: 'signature',
    });
    expect(createGateway(anet)).toBeInstanceOf(AuthorizeNetGateway);
  });

  it('refuses Authorize.net without its keys, the signature key included', () => {
    expect(() => testConfig({ PAYMENT_GATEWAY: 'authorizenet' })).toThrow(ConfigError);
    expect(() => testConfig({ PAYMENT_GATEWAY: 'authorizenet', AUTHORIZENET_API_LOGIN_ID: 'l', AUTHORIZENET_TRANSACTION_KEY: 'k' })).toThrow(
      'AUTHORIZENET_SIGNATURE_KEY required when PAYMENT_GATEWAY=authorizenet.',
    );
    expect(() => testConfig({ PAYMENT_GATEWAY: 'stripe' })).toThrow(ConfigError);
    expect(testConfig({ AUTHORIZENET_SIGNATURE_KEY: 'k' }).payments.webhookSignatureKey).toBe('k');
  });
});
