import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

export interface SmsSender {
  send(to: string, body: string): Promise<void>;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

export class SendError extends Error {}

/** The embedded sender: messages are stored in the outbox table, for /dev/outbox (D8, D15); never logged. */
export class OutboxSender implements SmsSender, EmailSender {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly channel: 'sms' | 'email',
  ) {}

  async send(toOrMessage: string | EmailMessage, body?: string): Promise<void> {
    const message = typeof toOrMessage === 'string' ? { to: toOrMessage, subject: null, text: body ?? '' } : toOrMessage;
    const [row] = await this.db
      .insert(outbox)
      .values({ channel: this.channel, recipient: message.to, subject: message.subject, body: message.text })
      .returning({ id: outbox.id });
    // Neither the recipient nor the text: a code or a reset link in a log line opens the account
    // (decision D15). Development reads them at /dev/outbox, from this machine only.
    this.log.info({ channel: this.channel, outboxId: row?.id }, 'message stored in the outbox (read it at /dev/outbox)');
  }
}

/** Twilio's Messages API: POST /2010-04-01/Accounts/{sid}/Messages.json, basic auth, form fields. */
export class TwilioSms implements SmsSender {
  constructor(private readonly options: { accountSid: string; authToken: string; from: string; baseUrl: string }) {}

  async send(to: string, body: string): Promise<void> {
    const { accountSid, authToken, from, baseUrl } = this.options;
    const response = await fetch(`${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ To: to, From: from, Body: body }),
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) => {
      throw new SendError(`twilio unreachable: ${(error as Error).message}`);
    });
    if (!response.ok) {
      const detail = (await response.json().catch(() => ({}))) as { code?: number; message?: string };
      throw new SendError(`twilio ${response.status} ${detail.code ?? ''} ${detail.message ?? ''}`.trim());
    }
  }
}

/**
 * SMTP through nodemailer (any provider: SES, Postmark, Mailgun, a local relay). nodemailer is loaded
 * with the first e-mail: a server on the outbox never holds its modules (about 4.6 MB of heap, decision 0073).
 */
export class SmtpEmail implements EmailSender {
  private transport: Promise<Transporter> | null = null;
  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    try {
      this.transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(this.url));
      await (await this.transport).sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
    } catch (error) {
      throw new SendError(`smtp: ${(error as Error).message}`);
    }
  }
}

export interface Messaging {
  sms: SmsSender;
  email: EmailSender;
}

export function createMessaging(config: Config, db: Db, log: FastifyBaseLogger): Messaging {
  const sms = config.sms.provider === 'twilio' ? new TwilioSms(config.sms) : new OutboxSender(db, log, 'sms');
  const email = config.email.provider === 'smtp' ? new SmtpEmail(config.email.url, config.email.from) : new OutboxSender(db, log, 'email');
  return { sms, email };
}
