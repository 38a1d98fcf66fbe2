// Starts every fake provider and prints the environment that points the server at them
// (used by `npm run dev -- --fakes`).
import { startFakeTwilio } from './twilio';

const twilio = await startFakeTwilio({
  accountSid: 'ACdev',
  authToken: 'dev-token',
  onMessage: (m) => console.log(`SMS to ${m.to}: ${m.body}`),
});

const env = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'ACdev',
  TWILIO_AUTH_TOKEN: 'dev-token',
  TWILIO_FROM: '+15550000000',
  TWILIO_BASE_URL: twilio.url,
};
console.log(`ENV ${JSON.stringify(env)}`);
for (const [name, value] of Object.entries(env)) if (name.endsWith('_URL')) console.log(`${name}=${value}`);

const stop = async () => {
  await twilio.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
