import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { createAuth } from './modules/auth';
import { BillingService, createGateway } from './modules/billing';
import { createMessaging } from './modules/messaging';

/**
 * The services the server and the operator commands share, built one way: messaging, accounts and
 * billing (its gateway chosen by the configuration). app.ts adds the request-facing rest.
 */
export function createCoreServices(config: Config, db: Db, log: FastifyBaseLogger) {
  const messaging = createMessaging(config, db, log);
  const auth = createAuth({ config, db, messaging, log });
  const billing = new BillingService(db, auth, createGateway(config), log, {
    email: messaging.email,
    site: { publicUrl: config.publicUrl, operator: config.operator },
  });
  return { messaging, auth, billing };
}
