import { LIMITS } from '@camino/contracts';
import { z } from 'zod';
import { registerTexts } from '@/lib/i18n';
import loginTexts from '@/locales/es/login.json';

registerTexts(loginTexts);

// Messages are catalog keys (validation.*), translated where they are shown.
const email = z.string().trim().min(1, 'validation.emailRequired').pipe(z.email('validation.emailInvalid'));
const password = z.string().min(LIMITS.passwordMin, 'validation.passwordShort');
const phone = z
  .string()
  .min(1, 'validation.phoneRequired')
  .regex(new RegExp(`^\\d{${LIMITS.phoneDigits}}$`), 'validation.phoneInvalid');
const firstName = z.string().trim().min(1, 'validation.nameRequired');

export const schemas = {
  registerEmail: z.object({ firstName, email, password }),
  registerPhone: z.object({ firstName, phone }),
  loginEmail: z.object({ email, password }),
  loginPhone: z.object({ phone }),
  code: z.string().trim().min(1, 'validation.codeRequired').max(LIMITS.verificationCodeLength),
  forgot: z.object({ email }),
  reset: z.object({ password }),
};
