import { describe, expect, it } from 'vitest';
import { fieldErrors } from '@/lib/validate';
import { schemas } from './schemas';

describe('registration and login validation (spec section 5)', () => {
  it('requires a name in register mode', () => {
    expect(fieldErrors(schemas.registerPhone, { firstName: '  ', phone: '5551234567' })).toEqual({ firstName: 'validation.nameRequired' });
  });

  it('requires an e-mail, a valid one, and a password of at least 6', () => {
    expect(fieldErrors(schemas.registerEmail, { firstName: 'Ana', email: '', password: '' })).toEqual({
      email: 'validation.emailRequired',
      password: 'validation.passwordShort',
    });
    expect(fieldErrors(schemas.loginEmail, { email: 'ana@', password: '12345' })).toEqual({
      email: 'validation.emailInvalid',
      password: 'validation.passwordShort',
    });
    expect(fieldErrors(schemas.loginEmail, { email: ' ana@example.com ', password: '123456' })).toEqual({});
  });

  it('requires a 10-digit phone number', () => {
    expect(fieldErrors(schemas.loginPhone, { phone: '' })).toEqual({ phone: 'validation.phoneRequired' });
    expect(fieldErrors(schemas.loginPhone, { phone: '55512' })).toEqual({ phone: 'validation.phoneInvalid' });
    expect(fieldErrors(schemas.loginPhone, { phone: '5551234567' })).toEqual({});
  });

  it('refuses an empty verification code', () => {
    expect(schemas.code.safeParse('').error?.issues[0]?.message).toBe('validation.codeRequired');
    expect(schemas.code.safeParse('123456').success).toBe(true);
  });
});
