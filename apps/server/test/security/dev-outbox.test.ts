// Finding: "Account takeover with the default configuration" (issue 13): NODE_ENV defaulted to
// development and HOST to 0.0.0.0, and /dev/outbox and /api/dev/outbox served every sign-in code and
// reset link to anyone on the network. The attack, step by step, from another machine's address.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../app';
import { signUp } from '../auth-helpers';

let ctx: TestContext;
let proxied: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ NODE_ENV: 'development', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'camino-sec-')) });
  proxied = await createTestApp({ NODE_ENV: 'development', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'camino-sec-')), TRUST_PROXY: 'true' }, ctx.database);
});
afterAll(async () => {
  await proxied.close();
  await ctx.close();
});

const ATTACKER = '192.168.1.66';

describe('the development outbox answers this machine only', () => {
  it('someone on the network cannot read a reset link and take the account over', async () => {
    const { email } = await signUp(ctx.app);
    const asked = await ctx.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, remoteAddress: ATTACKER });
    expect(asked.statusCode).toBe(200);
    for (const url of [`/api/dev/outbox?to=${encodeURIComponent(email)}`, '/api/dev/outbox', '/dev/outbox']) {
      const read = await ctx.app.inject({ method: 'GET', url, remoteAddress: ATTACKER });
      expect(read.statusCode, url).toBe(404);
      expect(read.body, url).not.toContain('reset-password?token=');
    }
    // The IPv6 and IPv4-mapped forms of a remote address are refused too.
    for (const remoteAddress of ['fe80::1', '::ffff:192.168.1.66', '10.0.0.2']) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress })).statusCode, remoteAddress).toBe(404);
    }
  });

  it('a forwarded header cannot make a remote request look local', async () => {
    const spoofed = await ctx.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: ATTACKER, headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(spoofed.statusCode).toBe(404);
    // Without TRUST_PROXY, a proxy on this machine forwarding a visitor is not trusted to be local.
    const throughLocalProxy = await ctx.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': ATTACKER } });
    expect(throughLocalProxy.statusCode).toBe(404);
    // With TRUST_PROXY, the forwarded visitor's address is what counts.
    const trusted = await proxied.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': ATTACKER } });
    expect(trusted.statusCode).toBe(404);
  });

  it('from this machine it still shows the codes and links (the two-command development setup)', async () => {
    const { email } = await signUp(ctx.app);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, remoteAddress: '10.40.0.1' });
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const read = await ctx.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}`, remoteAddress });
      expect(read.statusCode, remoteAddress).toBe(200);
      expect(read.json().messages[0].body).toContain('reset-password?token=');
    }
  });

  it('the outbox never prints a code, a link or a recipient in the log', async () => {
    const { email } = await signUp(ctx.app);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, remoteAddress: '10.40.0.2' });
    const logs = ctx.logs.join('\n');
    expect(logs).toContain('message stored in the outbox');
    expect(logs).not.toContain('reset-password?token=');
    expect(logs).not.toContain(email);
  });
});
