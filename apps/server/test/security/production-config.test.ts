// Finding: "Production fails open" (issue 13): with NODE_ENV=production the outbox stayed the SMS and
// e-mail provider (codes and reset links in the log) and the sandbox gateway gave anyone the paid plan
// with a public test card. Decision D15: the server refuses to start on such a configuration.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

const SAFE = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'production-secret-production-secret-0123456789',
  PUBLIC_URL: 'https://caminoclaro.example',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+15550001111',
  EMAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtp://mail.example:587',
  PAYMENT_GATEWAY: 'authorizenet',
  AUTHORIZENET_API_LOGIN_ID: 'login',
  AUTHORIZENET_TRANSACTION_KEY: 'key',
  AUTHORIZENET_SIGNATURE_KEY: 'ABCDEF',
  OPERATOR_NAME: 'Camino Claro LLC',
  OPERATOR_ADDRESS: '100 Main St, Houston, TX 77002',
  SUPPORT_EMAIL: 'soporte@caminoclaro.example',
};

const refusal = (env: Record<string, string | undefined>) => {
  try {
    loadConfig(env as NodeJS.ProcessEnv, '/tmp');
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
};

describe('production fails closed', () => {
  it('starts with real providers', () => {
    expect(loadConfig(SAFE, '/tmp').isProduction).toBe(true);
  });

  it.each([
    ['the SMS outbox', { SMS_PROVIDER: 'outbox' }, 'SMS_PROVIDER=outbox'],
    ['the e-mail outbox', { EMAIL_PROVIDER: 'outbox' }, 'EMAIL_PROVIDER=outbox'],
    ['the sandbox gateway', { PAYMENT_GATEWAY: 'sandbox' }, 'PAYMENT_GATEWAY=sandbox'],
    ['no AUTH_SECRET', { AUTH_SECRET: undefined }, 'AUTH_SECRET'],
    ['no PUBLIC_URL', { PUBLIC_URL: undefined }, 'PUBLIC_URL'],
    ['no operator address (D14)', { OPERATOR_ADDRESS: undefined }, 'OPERATOR_ADDRESS'],
    ['no support e-mail (D14)', { SUPPORT_EMAIL: undefined }, 'SUPPORT_EMAIL'],
  ])('refuses to start with %s', (_name, change, named) => {
    expect(refusal({ ...SAFE, ...change })).toContain(named);
  });

  it('with only NODE_ENV=production (every default), lists every problem at once', () => {
    const message = refusal({ NODE_ENV: 'production' });
    for (const named of ['AUTH_SECRET', 'SMS_PROVIDER=outbox', 'EMAIL_PROVIDER=outbox', 'PAYMENT_GATEWAY=sandbox']) expect(message).toContain(named);
  });
});
