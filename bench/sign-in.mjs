#!/usr/bin/env node
// Figure (issue 3): e-mail sign-in requests per second and latency on this machine, with the
// password hash cost the product uses (scrypt N=16384, r=16, p=1, 64-byte key, through Node's native
// scrypt in the libuv thread pool). The rate limits stay on: each request comes from its own address
// (X-Forwarded-For behind TRUST_PROXY) and 200 accounts share the load.
import autocannon from 'autocannon';
import { percentile, startServer } from './lib.mjs';

const ACCOUNTS = 200;
const server = await startServer({ port: 3905, env: { LOG_LEVEL: 'warn', TRUST_PROXY: 'true' } });
const ip = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
try {
  const accounts = [];
  const signUpTimes = [];
  for (let i = 0; i < ACCOUNTS; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, j) => {
        const email = `bench.${Date.now()}.${i + j}@example.com`;
        const started = performance.now();
        const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip(i + j + 1), origin: server.url },
          body: JSON.stringify({ email, password: 'secreto-bench-1', name: 'Bench' }),
        });
        signUpTimes.push(performance.now() - started);
        if (!response.ok) throw new Error(`sign-up ${response.status}: ${await response.text()}`);
        accounts.push(email);
      }),
    );
  }
  // One at a time: what a person signing in waits for on an idle server.
  const single = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip(50_000 + i), origin: server.url },
      body: JSON.stringify({ email: accounts[i], password: 'secreto-bench-1' }),
    });
    if (!response.ok) throw new Error(`sign-in ${response.status}`);
    single.push(performance.now() - started);
  }
  let n = 0;
  const result = await autocannon({
    url: `${server.url}/api/auth/sign-in/email`,
    connections: 16,
    duration: 10,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          n++;
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': ip(100_000 + n), origin: server.url },
            body: JSON.stringify({ email: accounts[n % accounts.length], password: 'secreto-bench-1' }),
          };
        },
      },
    ],
  });
  console.log(`sign-in one at a time (idle server): p50 ${percentile(single, 50).toFixed(0)} ms, p99 ${percentile(single, 99).toFixed(0)} ms`);
  console.log(`sign-up (hash) while creating ${ACCOUNTS} accounts: p50 ${percentile(signUpTimes, 50).toFixed(0)} ms`);
  console.log(
    `POST /api/auth/sign-in/email, 16 connections, 10 s: ${result.requests.average.toFixed(1)} sign-ins/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  console.log('password hash: scrypt N=16384 r=16 p=1 keylen=64 (about 32 MiB per hash), native node:crypto');
} finally {
  await server.stop();
}
