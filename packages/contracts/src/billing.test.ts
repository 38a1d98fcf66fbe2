import { describe, expect, it } from 'vitest';
import {
  authorizeSubRequest,
  authorizeSubResponse,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  PAYMENT_MESSAGES,
  PAYMENT_SERVER_TEXTS,
  PAYMENT_UI_MESSAGES,
  paymentErrorMessage,
  paymentFormSchema,
  paymentFormSchemaFor,
  subscriptionResponse,
  toApiCardNumber,
  toApiExpiry,
} from './billing';

const form = {
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@example.com',
  password: 'secreto123',
  cardNumber: '4111 1111 1111 1111',
  expirationDate: '12/30',
  cvv: '123',
};

/** The first message of a failed parse. */
function messageOf(schema: { safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return result.error!.issues[0]!.message;
}

describe('formatting helpers', () => {
  it('groups card digits by 4 with spaces, at most 19 characters', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('4111-1111 abc 1111')).toBe('4111 1111 1111');
    expect(formatCardNumber('41111')).toBe('4111 1');
    expect(formatCardNumber('4111')).toBe('4111');
    expect(formatCardNumber('37000000000000212345')).toHaveLength(19);
    expect(formatCardNumber('')).toBe('');
  });

  it('keeps the expiry digits with a slash after the month, at most 5 characters', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/305')).toBe('12/30');
    expect(formatExpiry('ab1-2x3')).toBe('12/3');
  });

  it('keeps at most 4 CVV digits', () => {
    expect(formatCvv('12a3')).toBe('123');
    expect(formatCvv('123456')).toBe('1234');
  });

  it('turns MM/YY into YYYY-MM and strips card spaces', () => {
    expect(toApiExpiry('03/29')).toBe('2029-03');
    expect(toApiExpiry('12/30')).toBe('2030-12');
    expect(() => toApiExpiry('13/30')).toThrow(RangeError);
    expect(() => toApiExpiry('1230')).toThrow(RangeError);
    expect(toApiCardNumber('4111 1111 1111 1111')).toBe('4111111111111111');
  });
});

describe('paymentFormSchema', () => {
  it('accepts the formatted form', () => {
    expect(paymentFormSchema.parse(form)).toMatchObject({ email: 'ana@example.com', cardNumber: '4111 1111 1111 1111' });
    expect(paymentFormSchema.parse({ ...form, password: undefined }).password).toBeUndefined();
  });

  it('answers each field with the spec message', () => {
    expect(messageOf(paymentFormSchema, { ...form, firstName: 'A' })).toBe('Por favor ingresa tu nombre');
    expect(messageOf(paymentFormSchema, { ...form, firstName: undefined })).toBe('Por favor ingresa tu nombre');
    expect(messageOf(paymentFormSchema, { ...form, lastName: ' L ' })).toBe('Por favor ingresa tu apellido');
    expect(messageOf(paymentFormSchema, { ...form, email: 'ana@' })).toBe('Por favor ingresa un correo electrónico válido');
    expect(messageOf(paymentFormSchema, { ...form, password: '12345' })).toBe('La contraseña debe tener al menos 6 caracteres');
    expect(messageOf(paymentFormSchema, { ...form, cardNumber: '4111 1111 111' })).toBe('Número de tarjeta inválido');
    expect(messageOf(paymentFormSchema, { ...form, cardNumber: '4111 1111 1111 1111 1111' })).toBe('Número de tarjeta inválido');
    expect(messageOf(paymentFormSchema, { ...form, expirationDate: '13/30' })).toBe('Usa el formato MM/AA');
    expect(messageOf(paymentFormSchema, { ...form, expirationDate: '2030-12' })).toBe('Usa el formato MM/AA');
    expect(messageOf(paymentFormSchema, { ...form, cvv: '12' })).toBe('CVV inválido');
    expect(messageOf(paymentFormSchema, { ...form, cvv: '12345' })).toBe('CVV inválido');
  });

  it('requires the password only when signed out', () => {
    expect(paymentFormSchemaFor(true).safeParse({ ...form, password: undefined }).success).toBe(true);
    expect(messageOf(paymentFormSchemaFor(false), { ...form, password: undefined })).toBe(PAYMENT_MESSAGES.password);
  });
});

describe('authorizeSubRequest', () => {
  const body = { ...form, cardNumber: '4111 1111 1111 1111', expirationDate: '2030-12' };

  it('strips the card spaces and lower-cases the e-mail', () => {
    expect(authorizeSubRequest.parse({ ...body, email: ' Ana@Example.COM ' })).toMatchObject({ cardNumber: '4111111111111111', email: 'ana@example.com' });
  });

  it('does not check Luhn (the gateway decides)', () => {
    expect(authorizeSubRequest.safeParse({ ...body, cardNumber: '1234567890123' }).success).toBe(true);
  });

  it('answers with the Spanish messages', () => {
    expect(messageOf(authorizeSubRequest, { ...body, cardNumber: '4111-1111-1111-1111' })).toBe('Número de tarjeta inválido');
    expect(messageOf(authorizeSubRequest, { ...body, cardNumber: 4111111111111111 })).toBe('Número de tarjeta inválido');
    expect(messageOf(authorizeSubRequest, { ...body, expirationDate: '12/30' })).toBe('Usa el formato MM/AA');
    expect(messageOf(authorizeSubRequest, { ...body, cvv: '12a' })).toBe('CVV inválido');
    expect(messageOf(authorizeSubRequest, { ...body, email: 'x' })).toBe('Por favor ingresa un correo electrónico válido');
  });
});

describe('responses', () => {
  it('describes the authorization response and the subscription', () => {
    expect(authorizeSubResponse.parse({ success: true, session: { access_token: 'a', refresh_token: 'b' }, redirectTo: '/chat' }).success).toBe(true);
    expect(authorizeSubResponse.safeParse({ success: false, error: 'x', code: 'NOPE' }).success).toBe(false);
    expect(subscriptionResponse.parse({ subscription: null })).toEqual({ subscription: null });
  });

  it('maps the server texts as the spec says', () => {
    expect(paymentErrorMessage(PAYMENT_SERVER_TEXTS.duplicateSubscription('123'))).toBe(PAYMENT_UI_MESSAGES.duplicateSubscription);
    expect(paymentErrorMessage(PAYMENT_SERVER_TEXTS.alreadyRegistered)).toBe(PAYMENT_UI_MESSAGES.alreadyRegistered);
    expect(paymentErrorMessage(PAYMENT_SERVER_TEXTS.invalidAuthentication)).toBe(PAYMENT_UI_MESSAGES.invalidAuthentication);
    expect(paymentErrorMessage('La tarjeta está vencida.')).toBe('La tarjeta está vencida.');
    expect(paymentErrorMessage('')).toBe(PAYMENT_UI_MESSAGES.empty);
    expect(paymentErrorMessage(undefined)).toBe(PAYMENT_UI_MESSAGES.empty);
  });
});
