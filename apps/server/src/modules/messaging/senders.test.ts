import type { AddressInfo } from 'node:net';
import { startFakeTwilio, type FakeTwilio } from '@camino/fakes';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app';
import { SendError, SmtpEmail, TwilioSms } from './senders';

describe('TwilioSms against a local Twilio Messages API', () => {
  let twilio: FakeTwilio;
  beforeAll(async () => {
    twilio = await startFakeTwilio({ accountSid: 'AC123', authToken: 'token-abc' });
  });
  afterAll(() => twilio.close());

  it('posts To, From and Body with basic auth', async () => {
    const sms = new TwilioSms({ accountSid: 'AC123', authToken: 'token-abc', from: '+15550001111', baseUrl: twilio.url });
    await sms.send('+15551234567', 'Tu código es 123456');
    expect(twilio.messages.at(-1)).toMatchObject({ to: '+15551234567', from: '+15550001111', body: 'Tu código es 123456' });
  });

  it('surfaces Twilio errors: bad credentials and invalid numbers', async () => {
    const wrongAuth = new TwilioSms({ accountSid: 'AC123', authToken: 'bad', from: '+15550001111', baseUrl: twilio.url });
    await expect(wrongAuth.send('+15551234567', 'x')).rejects.toThrow(/twilio 401 20003/);
    const sms = new TwilioSms({ accountSid: 'AC123', authToken: 'token-abc', from: '+15550001111', baseUrl: twilio.url });
    await expect(sms.send('12345', 'x')).rejects.toThrow(/twilio 400 21211/);
    await expect(
      new TwilioSms({ accountSid: 'AC123', authToken: 'x', from: '+1', baseUrl: 'http://127.0.0.1:1' }).send('+15551234567', 'x'),
    ).rejects.toBeInstanceOf(SendError);
  });

  it('sends the sign-up code through Twilio when configured, and maps a failure to the spec message', async () => {
    const ctx = await createTestApp({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'token-abc',
      TWILIO_FROM: '+15550001111',
      TWILIO_BASE_URL: twilio.url,
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/phone/send-code',
      payload: { phoneNumber: '+15557654321', intent: 'register', firstName: 'Ana' },
    });
    expect(response.statusCode).toBe(200);
    expect(twilio.messages.at(-1)?.body).toMatch(/Camino Claro: tu código de verificación es \d{6}\./);
    await ctx.close();

    const broken = await createTestApp({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'wrong',
      TWILIO_FROM: '+15550001111',
      TWILIO_BASE_URL: twilio.url,
    });
    const failed = await broken.app.inject({
      method: 'POST',
      url: '/api/account/phone/send-code',
      payload: { phoneNumber: '+15557654322', intent: 'register', firstName: 'Ana' },
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toBe('Error al enviar el código');
    await broken.close();
    // Two apps, each with its own database and migrations: slower than one on a loaded machine.
  }, 60_000);
});

describe('SmtpEmail against a local SMTP server', () => {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  let server: SMTPServer;
  let port: number;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers the message with its subject and text', async () => {
    const email = new SmtpEmail(`smtp://127.0.0.1:${port}`, 'Camino Claro <no-reply@caminoclaro.app>');
    await email.send({ to: 'ana@example.com', subject: 'Cambia tu contraseña', text: 'Abre este enlace: https://x/reset' });
    const last = received.at(-1)!;
    expect(last.from).toBe('no-reply@caminoclaro.app');
    expect(last.to).toEqual(['ana@example.com']);
    expect(last.data).toMatch(/Subject: =\?UTF-8\?Q\?Cambia_tu_contrase=C3=B1a\?=|Subject: Cambia tu contraseña/);
    expect(last.data).toContain('https://x/reset');
  });

  it('sends the password reset e-mail through SMTP when configured', async () => {
    const ctx = await createTestApp({ EMAIL_PROVIDER: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}` });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email: 'reset.smtp@example.com', password: 'secreto1', name: 'Eva' } });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: 'reset.smtp@example.com' } });
    expect(response.statusCode).toBe(200);
    const last = received.at(-1)!;
    expect(last.to).toEqual(['reset.smtp@example.com']);
    expect(last.data.replace(/=\r?\n/g, '')).toMatch(/reset-password\?token=/);
    await ctx.close();
  });

  it('reports an unreachable server as a send error', async () => {
    await expect(new SmtpEmail('smtp://127.0.0.1:1', 'a@b.c').send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toBeInstanceOf(SendError);
  });
});
