import { LIMITS } from '@camino/contracts';
import type { Limit } from '../../lib/rate-limiter';

const HOUR = 60 * 60;
const QUARTER = 15 * 60;

export const SMS_LIMIT_MESSAGE = 'Has pedido demasiados códigos. Espera una hora antes de pedir otro.';
export const SIGN_IN_LIMIT_MESSAGE = 'Demasiados intentos para iniciar sesión. Espera unos minutos e inténtalo de nuevo.';
const SIGN_UP_LIMIT_MESSAGE = 'Demasiados registros desde esta conexión. Inténtalo más tarde.';
const VERIFY_LIMIT_MESSAGE = 'Demasiados intentos con el código. Pide un código nuevo más tarde.';
const RESET_LIMIT_MESSAGE = 'Ya pediste varios correos para cambiar tu contraseña. Espera una hora e inténtalo de nuevo.';

export const SMS_BUDGET_MESSAGE = 'En este momento no podemos enviar más códigos por SMS. Inténtalo de nuevo en una hora.';

/** Sending an SMS code: at most 5 per phone number and 20 per IP address per hour (issue 3). */
export const smsLimits = (phone: string, ip: string): Limit[] => [
  { key: `sms:phone:${phone}`, max: LIMITS.smsCodesPerHour, windowSeconds: HOUR, message: SMS_LIMIT_MESSAGE },
  { key: `sms:ip:${ip}`, max: 20, windowSeconds: HOUR, message: SMS_LIMIT_MESSAGE },
];

/**
 * Sign-in attempts, counted per address and per (account, address) pair: an attacker's address runs out
 * of tries on an account, the owner at another address does not. The account as a whole is protected
 * by a backoff on its failures (`SignInThrottle`), never by a lockout.
 */
export const signInLimits = (account: string, ip: string): Limit[] => [
  { key: signInPairKey(account, ip), max: 10, windowSeconds: QUARTER, message: SIGN_IN_LIMIT_MESSAGE },
  { key: `signin:ip:${ip}`, max: 50, windowSeconds: QUARTER, message: SIGN_IN_LIMIT_MESSAGE },
];
export const signInPairKey = (account: string, ip: string) => `signin:pair:${account.toLowerCase()}:${ip}`;

export const verifyLimits = (phone: string, ip: string): Limit[] => [
  { key: `verify:phone:${phone}`, max: 10, windowSeconds: HOUR, message: VERIFY_LIMIT_MESSAGE },
  { key: `signin:ip:${ip}`, max: 50, windowSeconds: QUARTER, message: SIGN_IN_LIMIT_MESSAGE },
];

export const signUpLimits = (ip: string): Limit[] => [{ key: `signup:ip:${ip}`, max: 20, windowSeconds: HOUR, message: SIGN_UP_LIMIT_MESSAGE }];

export const resetLimits = (email: string, ip: string): Limit[] => [
  { key: `reset:email:${email.toLowerCase()}`, max: 5, windowSeconds: HOUR, message: RESET_LIMIT_MESSAGE },
  { key: `reset:ip:${ip}`, max: 20, windowSeconds: HOUR, message: RESET_LIMIT_MESSAGE },
];
