import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, t as translate } from '@/lib/i18n';
import { paymentErrorMessage } from './payment-errors';

beforeAll(async () => {
  await initI18n();
});

describe('paymentErrorMessage (spec section 8 "Payment")', () => {
  const t = (key: string) => translate(key);
  it('maps the three known phrases', () => {
    expect(paymentErrorMessage('You have submitted a duplicate of Subscription 123. A duplicate subscription will not be created.', t as never)).toBe(
      'Ya existe una suscripción activa para este usuario. Por favor, inicia sesión con tu cuenta existente.',
    );
    expect(paymentErrorMessage('A user with this email address has already been registered', t as never)).toBe(
      'Este correo electrónico ya está registrado. Por favor, inicia sesión con tu cuenta existente.',
    );
    expect(paymentErrorMessage('User authentication failed due to invalid authentication values.', t as never)).toBe(
      'Error temporal en el procesamiento del pago. Por favor, intenta nuevamente en unos minutos.',
    );
  });

  it('shows any other message as it is, and a generic text for an empty one', () => {
    expect(paymentErrorMessage('La tarjeta fue rechazada. Usa otra tarjeta o llama a tu banco.', t as never)).toBe(
      'La tarjeta fue rechazada. Usa otra tarjeta o llama a tu banco.',
    );
    expect(paymentErrorMessage('', t as never)).toBe('Hubo un error al procesar el pago. Por favor, intenta nuevamente.');
    expect(paymentErrorMessage(undefined, t as never)).toBe('Hubo un error al procesar el pago. Por favor, intenta nuevamente.');
  });
});
