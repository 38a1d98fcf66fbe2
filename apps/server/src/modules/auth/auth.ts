import { DEFAULT_VOICE_ID } from '@camino/contracts';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, phoneNumber } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { account, phoneRegistrations, profiles, session, user, verification } from '../../db/schema';
import { scrub } from '../../lib/logger';
import type { Messaging } from '../messaging';
import { hashPassword, verifyPassword } from './password';

/** Phone-only accounts get an address that can never receive mail; the API reports it as no e-mail. */
export const PHONE_EMAIL_DOMAIN = 'phone.caminoclaro.invalid';
/** The prefix of the auth cookies: the session cookie is `<prefix>.session_token` (`__Secure-` over HTTPS). */
export const COOKIE_PREFIX = 'camino';
export const tempEmailFor = (phone: string) => `${phone.replace(/\D/g, '')}@${PHONE_EMAIL_DOMAIN}`;
export const isPhoneEmail = (email: string) => email.endsWith(`@${PHONE_EMAIL_DOMAIN}`);

export interface AuthDeps {
  config: Config;
  db: Db;
  messaging: Messaging;
  log: FastifyBaseLogger;
}

/** Creates the profile row of a new user, whatever the sign-up path (spec section 3 "profiles"). */
async function onUserCreated(db: Db, created: { id: string; name: string; phoneNumber?: string | null }): Promise<void> {
  const phone = created.phoneNumber ?? null;
  const pending = phone ? (await db.select().from(phoneRegistrations).where(eq(phoneRegistrations.phoneNumber, phone)).limit(1))[0] : undefined;
  const firstName = phone ? (pending?.firstName ?? null) : created.name || null;
  await db.insert(profiles).values({ id: created.id, firstName, voiceId: DEFAULT_VOICE_ID }).onConflictDoNothing();
  if (pending) {
    await db.insert(account).values({
      id: crypto.randomUUID(),
      accountId: created.id,
      providerId: 'credential',
      userId: created.id,
      password: pending.passwordHash,
    });
    await db.update(user).set({ name: pending.firstName }).where(eq(user.id, created.id));
    await db.delete(phoneRegistrations).where(eq(phoneRegistrations.phoneNumber, phone!));
  }
}

export function createAuth({ config, db, messaging, log }: AuthDeps) {
  const https = config.publicUrl.startsWith('https://');
  return betterAuth({
    appName: 'Camino Claro',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl, ...config.trustedOrigins],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    logger: {
      // The library's messages can quote an e-mail or a token: scrubbed, and its error objects go
      // through the safe serializer (no query parameters).
      log: (level, message, ...args) => {
        const err = args.find((arg) => arg instanceof Error);
        if (level === 'error') log.error({ source: 'auth', err }, scrub(message));
        else log.debug({ source: 'auth' }, scrub(message));
      },
    },
    // Unexpected errors are thrown to our route, whose error handler logs them without query parameters
    // (the library would print them, parameters included, on the console).
    onAPIError: { throw: true },
    // Limits are ours (database-backed, per phone, e-mail and IP): see routes.ts.
    rateLimit: { enabled: false },
    // Every request reads the session from the database (no cookie cache): a sign-out, a password reset
    // or a deleted account ends the session at once, on every server (docs/decisions/0021).
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24, cookieCache: { enabled: false } },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: https,
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      database: { generateId: () => crypto.randomUUID() },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user: target, token }) => {
        if (isPhoneEmail(target.email)) return; // phone-only accounts sign in by SMS code
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await messaging.email.send({
          to: target.email,
          subject: 'Cambia tu contraseña de Camino Claro',
          text: `Hola${target.name ? ` ${target.name}` : ''}:\n\nPara elegir una contraseña nueva, abre este enlace (vale por 1 hora):\n${link}\n\nSi tú no lo pediste, ignora este correo; tu contraseña sigue igual.\n\nCamino Claro`,
        });
      },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created) => onUserCreated(db, created as { id: string; name: string; phoneNumber?: string | null }),
        },
      },
    },
    plugins: [
      phoneNumber({
        otpLength: 6,
        expiresIn: 10 * 60,
        allowedAttempts: 5,
        phoneNumberValidator: (value) => /^\+1\d{10}$/.test(value),
        sendOTP: async ({ phoneNumber: to, code }) => {
          await messaging.sms.send(to, `Camino Claro: tu código de verificación es ${code}. Vence en 10 minutos. No lo compartas con nadie.`);
        },
        signUpOnVerification: { getTempEmail: tempEmailFor, getTempName: () => '' },
      }),
      bearer(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
