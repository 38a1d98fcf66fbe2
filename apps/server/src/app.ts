import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { loggerOptions } from './lib/logger';
import { RateLimiter } from './lib/rate-limiter';
import { createAuth } from './modules/auth/auth';
import { assistantRoutes } from './modules/assistant/routes';
import { ConversationService } from './modules/assistant/conversation';
import { createAssistant } from './modules/assistant/create-assistant';
import { authRoutes } from './modules/auth/routes';
import { chatRoutes } from './modules/chats/routes';
import { ChatService } from './modules/chats/service';
import { healthRoutes } from './modules/health/routes';
import { registerDevOutbox } from './modules/messaging/dev-outbox-routes';
import { createMessaging } from './modules/messaging/senders';
import { profileRoutes } from './modules/profiles/routes';
import { ProfileService } from './modules/profiles/service';
import { speechRoutes } from './modules/speech/routes';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOriginCheck } from './plugins/origin-check';
import { registerSecurity } from './plugins/security';
import { registerStaticSpa } from './plugins/static-spa';

z.config(z.locales.es());

export interface AppDeps {
  config: Config;
  database: Database;
  /** Tests pass `false` to silence logs or a stream to read them. */
  logger?: boolean | NodeJS.WritableStream;
}

/** Builds the whole application. The server and the tests call this same function. */
export async function buildApp({ config, database, logger = true }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config, logger === true ? undefined : logger),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerOriginCheck(app, config);

  const { db } = database;
  const rateLimiter = new RateLimiter(db);
  const messaging = createMessaging(config, db, app.log);
  const auth = createAuth({ config, db, messaging, log: app.log });
  const profiles = new ProfileService(db);
  const chats = new ChatService(db);
  const assistant = createAssistant(config, app.log);
  const conversation = new ConversationService(db, assistant, profiles, chats, rateLimiter, app.log);

  await registerSecurity(app, config);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie, { secret: config.authSecret });

  await app.register(
    async (api) => {
      await api.register(rateLimit, {
        global: true,
        max: 600,
        timeWindow: '1 minute',
        errorResponseBuilder: () => ({ statusCode: 429 }),
      });
      await api.register(healthRoutes(database));
      await api.register(authRoutes({ auth, db, rateLimiter }));
      await api.register(profileRoutes({ auth, profiles }));
      await api.register(assistantRoutes({ auth, conversation, config }));
      await api.register(chatRoutes({ auth, chats }));
      await api.register(speechRoutes({ auth, config, conversation, profiles, rateLimiter }));
    },
    { prefix: '/api' },
  );

  if (!config.isProduction) registerDevOutbox(app, db);
  await registerStaticSpa(app, config.webDist);
  return app;
}
