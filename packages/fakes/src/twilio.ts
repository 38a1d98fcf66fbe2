import { randomBytes } from 'node:crypto';
import { sendJson, startHttp, type FakeServer } from './http';

export interface TwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
}

export interface FakeTwilio extends FakeServer {
  messages: TwilioMessage[];
}

/**
 * Twilio's Messages API: POST /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP basic auth and
 * form fields To, From, Body; answers 201 with the message resource, or Twilio's error bodies
 * (20003 authentication, 21211 invalid To, 21602 missing Body).
 */
export async function startFakeTwilio(options: {
  accountSid: string;
  authToken: string;
  port?: number;
  onMessage?: (message: TwilioMessage) => void;
}): Promise<FakeTwilio> {
  const messages: TwilioMessage[] = [];
  const error = (status: number, code: number, message: string) => ({
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });
  const server = await startHttp((request, raw, response) => {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match) return sendJson(response, 404, error(404, 20404, 'The requested resource was not found'));
    const expected = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expected || decodeURIComponent(match[1]!) !== options.accountSid) {
      return sendJson(response, 401, error(401, 20003, 'Authenticate'));
    }
    const form = new URLSearchParams(raw.toString('utf8'));
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    if (!/^\+[1-9]\d{7,14}$/.test(to)) return sendJson(response, 400, error(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
    if (!body) return sendJson(response, 400, error(400, 21602, 'Message body is required.'));
    const sid = `SM${randomBytes(16).toString('hex')}`;
    messages.push({ sid, to, from, body });
    options.onMessage?.({ sid, to, from, body });
    const now = new Date().toUTCString();
    sendJson(response, 201, {
      sid,
      account_sid: options.accountSid,
      to,
      from,
      body,
      status: 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      date_sent: null,
      price: null,
      error_code: null,
      error_message: null,
      uri: `/2010-04-01/Accounts/${options.accountSid}/Messages/${sid}.json`,
    });
  }, options.port);
  return { url: server.url, close: server.close, messages };
}
