#!/usr/bin/env node
// Figure (issue 6): POST /api/billing/authorize-sub latency, p50 and p99, on the embedded sandbox
// gateway (no network), with the built server and the embedded database. Two paths, one request at a
// time (what a person paying waits for on an idle server):
// - a guest: the account is created (the password hashed with scrypt), the $1 charged, the
//   subscription created, the plan set and the session opened;
// - a signed-in FREE user upgrading: the same without the account.
// The rate limits stay on: each request comes from its own address (X-Forwarded-For behind
// TRUST_PROXY) and e-mail.
import { percentile, startServer } from './lib.mjs';

const RUNS = 100;
const port = 3908;
const server = await startServer({ port, env: { LOG_LEVEL: 'warn', TRUST_PROXY: 'true' } });
const origin = `http://127.0.0.1:${port}`;
const ip = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const expiry = `${new Date().getFullYear() + 2}-12`;
const card = { cardNumber: '4111111111111111', expirationDate: expiry, cvv: '123' };

async function pay(i, body, cookie) {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/billing/authorize-sub`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip(i), origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const ms = performance.now() - started;
  const result = await response.json();
  if (!result.success) throw new Error(`authorize-sub ${response.status}: ${JSON.stringify(result)}`);
  return ms;
}

const summary = (label, times) =>
  console.log(`${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${times.length} payments, one at a time)`);

try {
  const stamp = Date.now();
  // Warm-up: the first requests load code paths and fill the connection pool.
  for (let i = 0; i < 5; i++)
    await pay(90_000 + i, { firstName: 'Calor', lastName: 'Previo', email: `warm.${stamp}.${i}@example.com`, password: 'secreto-bench-1', ...card });

  const guest = [];
  for (let i = 0; i < RUNS; i++) {
    guest.push(await pay(i + 1, { firstName: 'Rosa', lastName: 'Bench', email: `guest.${stamp}.${i}@example.com`, password: 'secreto-bench-1', ...card }));
  }

  // Signed-in FREE users: sign up first (not timed), then upgrade with the session cookie.
  const signedIn = [];
  for (let i = 0; i < RUNS; i++) {
    const email = `user.${stamp}.${i}@example.com`;
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip(20_000 + i), origin },
      body: JSON.stringify({ email, password: 'secreto-bench-1', name: 'Beto' }),
    });
    if (!signUp.ok) throw new Error(`sign-up ${signUp.status}`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    signedIn.push(await pay(40_000 + i, { firstName: 'Beto', lastName: 'Bench', email, ...card }, cookie));
  }

  console.log('POST /api/billing/authorize-sub, sandbox gateway, embedded database');
  summary('Guest (account created, $1 charged, subscription created, signed in)', guest);
  summary('Signed-in FREE user upgrading', signedIn);
} finally {
  await server.stop();
}
