import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@camino/contracts';

/**
 * scrypt with better-auth's parameters and format (`<salt hex>:<key hex>`), but through Node's native
 * implementation, which runs in the libuv thread pool instead of blocking the event loop.
 * Cost: N=16384, r=16, p=1, 64-byte key (about 32 MiB of memory per hash).
 */
export const SCRYPT = { N: 16384, r: 16, p: 1, keyLength: 64 } as const;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      SCRYPT.keyLength,
      { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: 128 * SCRYPT.N * SCRYPT.r * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = await derive(password, salt);
  return `${salt}:${key.toString('hex')}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, keyHex] = hash.split(':');
  if (!salt || !keyHex) return false;
  const expected = Buffer.from(keyHex, 'hex');
  const actual = await derive(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()-_=+[]{};:,.?';
const ALL = LETTERS + DIGITS + SYMBOLS;

/**
 * The random 12-character password of a phone registration (spec section 5): letters, digits and
 * symbols, at least one of each, from a cryptographic source.
 */
export function generatePhonePassword(length: number = LIMITS.generatedPasswordLength): string {
  const chars = [LETTERS, DIGITS, SYMBOLS].map((set) => set[randomInt(set.length)]!);
  while (chars.length < length) chars.push(ALL[randomInt(ALL.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
