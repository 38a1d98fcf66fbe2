export { registerDevOutbox } from './dev-outbox-routes';
export { createMessaging, type EmailMessage, type EmailSender, type Messaging } from './senders';
