import { z } from 'zod';

export const CONTROL_CHARACTERS_MESSAGE = 'El texto tiene caracteres no permitidos (caracteres de control). Bórralos e inténtalo de nuevo.';

/**
 * Control characters nobody types: C0 (except tab, line feed and carriage return), DEL, C1, the
 * Unicode line and paragraph separators and the noncharacters U+FFFE/U+FFFF. PostgreSQL refuses the
 * NUL byte in text, so without this check a NUL reached the database and became a 500.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point (decision 0028)
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\uFFFE\uFFFF]/;

export const hasControlCharacters = (value: string): boolean => CONTROL.test(value);

/**
 * The one string schema of every request field (issue 13): a string without control characters, with
 * the Spanish message above. Chain trim/min/max on it as on z.string().
 */
export function plainText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !CONTROL.test(value), { message: CONTROL_CHARACTERS_MESSAGE, abort: true });
}
