export { registerDevOutbox } from './dev-outbox-routes';
export { createMessaging, type Messaging } from './senders';
