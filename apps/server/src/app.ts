import compress from '@fastify/compress';
import sse from '@fastify/sse';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { AppError } from './lib/errors';
import { Jobs } from './lib/jobs';
import { loggerOptions, routeConsoleToLogger } from './lib/logger';
import { RateLimiter } from './lib/rate-limiter';
import { DeletionRequestService, deletionRoutes } from './modules/account-deletion';
import { assistantRoutes, ConversationService, createAssistant } from './modules/assistant';
import { authRoutes } from './modules/auth';
import { billingRoutes, WebhookHandler } from './modules/billing';
import { chatRoutes, ChatService } from './modules/chats';
import { createDocuments, documentRoutes, seedGuidesInBackground } from './modules/documents';
import { FeedbackService, feedbackRoutes } from './modules/feedback';
import { healthRoutes } from './modules/health';
import { purgeExpiredData } from './modules/maintenance';
import { registerDevOutbox } from './modules/messaging';
import { profileRoutes, ProfileService } from './modules/profiles';
import { speechRoutes } from './modules/speech';
import { SiteService, siteRoutes } from './modules/site';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOriginCheck } from './plugins/origin-check';
import { requireResponseSchemas } from './plugins/route-schemas';
import { registerSecurity } from './plugins/security';
import { registerStaticSpa } from './plugins/static-spa';
import { createCoreServices } from './services';

z.config(z.locales.es());
// zod's Spanish for an unknown field reads "Llave desconocida"; the product says it plainly.
z.config({ customError: (issue) => (issue.code === 'unrecognized_keys' ? `Este campo no se admite: ${issue.keys.join(', ')}.` : undefined) });

export interface AppDeps {
  config: Config;
  database: Database;
  /** Tests pass `false` to silence logs or a stream to read them. */
  logger?: boolean | NodeJS.WritableStream;
  /** Generate the knowledge-base guides in the background once ready (default: yes, except NODE_ENV=test). */
  seedDocuments?: boolean;
}

/** Builds the whole application. The server and the tests call this same function. */
export async function buildApp({ config, database, logger = true, seedDocuments = config.env !== 'test' }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config, logger === true ? undefined : logger),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    // Errors Fastify answers before any route (a malformed %-escape in the URL): Spanish, like the rest.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as unknown as FastifyReply).status(400).send(new AppError('BAD_REQUEST', 'La dirección no es válida.').toBody());
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  requireResponseSchemas(app);
  if (!config.isProduction) {
    // The OpenAPI document, built from the routes' zod schemas, at /api/docs (development only).
    await app.register(swagger, {
      openapi: { info: { title: 'Camino Claro API', version: '1' } },
      transform: jsonSchemaTransform,
    });
  }
  registerErrorHandler(app);
  registerOriginCheck(app, config);
  if (logger !== false) {
    const restoreConsole = routeConsoleToLogger(app.log);
    app.addHook('onClose', async () => restoreConsole());
  }

  const { db } = database;
  const rateLimiter = new RateLimiter(db);
  const jobs = new Jobs(rateLimiter);
  const { auth, billing } = createCoreServices(config, db, app.log);
  const profiles = new ProfileService(db);
  const chats = new ChatService(db);
  const assistant = createAssistant(config, app.log);
  const conversation = new ConversationService(db, assistant, profiles, billing, chats, rateLimiter, app.log);
  const webhooks = new WebhookHandler(db, app.log);
  // Plans whose subscription ended go back to FREE every hour (also checked whenever usage is read).
  // Each job is claimed first, so that several servers on one database run it once (lib/jobs.ts).
  const planTimer = setInterval(
    () => {
      jobs
        .claim('plans', 55 * 60)
        .then((mine) => (mine ? billing.refreshPlans() : undefined))
        .catch((error: unknown) => app.log.error({ err: error }, 'ending expired plans failed'));
    },
    60 * 60 * 1000,
  );
  planTimer.unref();
  // The privacy policy's 2 years (decisions D11): a first purge 10 minutes after start, then daily.
  const purge = () => {
    jobs
      .claim('purge', 23 * 60 * 60)
      .then(async (mine) => {
        if (!mine) return app.log.info('data purge: another server ran it');
        const report = await purgeExpiredData({ db, cancelSubscriptions: (userId) => billing.cancelForDeletion(userId), compact: () => database.compact() });
        app.log.info({ purged: report.removed, accounts: report.accounts }, 'data purge');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'data purge failed'));
  };
  const purgeStart = setTimeout(purge, 10 * 60 * 1000);
  const purgeTimer = setInterval(purge, 24 * 60 * 60 * 1000);
  purgeStart.unref();
  purgeTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(planTimer);
    clearTimeout(purgeStart);
    clearInterval(purgeTimer);
  });
  const documents = createDocuments(config, db);
  if (seedDocuments) seedGuidesInBackground(app, documents, app.log, jobs);
  // Answers say "descarga el formulario" only for forms whose official PDF is in the catalog, and offer
  // our guide otherwise (issue 12); an import by the operator shows within a minute.
  const refreshOfficialForms = () =>
    documents.service.officialForms().then(
      (forms) => (assistant.engine.officialForms = forms),
      (error: unknown) => app.log.warn({ err: error }, 'official forms could not be read'),
    );
  const formsTimer = setInterval(refreshOfficialForms, 60_000);
  formsTimer.unref();
  app.addHook('onReady', async () => {
    void refreshOfficialForms();
  });
  app.addHook('onClose', async () => clearInterval(formsTimer));

  await registerSecurity(app, config);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie, { secret: config.authSecret });
  await app.register(sse);

  await app.register(
    async (api) => {
      await api.register(rateLimit, {
        global: true,
        max: 600,
        timeWindow: '1 minute',
        errorResponseBuilder: () => ({ statusCode: 429 }),
      });
      await api.register(healthRoutes(database));
      await api.register(siteRoutes({ site: new SiteService(db, config.operator) }));
      if (!config.isProduction) {
        api.get('/docs', { schema: { hide: true, response: { 200: z.looseObject({ openapi: z.string() }) } } }, async () => app.swagger());
      }
      await api.register(authRoutes({ auth, db, rateLimiter, smsHourlyBudget: config.smsHourlyBudget }));
      await api.register(profileRoutes({ auth, profiles }));
      await api.register(assistantRoutes({ auth, conversation, config }));
      await api.register(chatRoutes({ auth, chats }));
      await api.register(documentRoutes({ documents: documents.service, rateLimiter }));
      await api.register(feedbackRoutes({ auth, feedback: new FeedbackService(db), rateLimiter }));
      await api.register(deletionRoutes({ auth, requests: new DeletionRequestService(db), rateLimiter }));
      await api.register(speechRoutes({ auth, config, conversation, profiles, rateLimiter }));
      await api.register(billingRoutes({ auth, billing, webhooks, config, rateLimiter }));
    },
    { prefix: '/api' },
  );

  if (!config.isProduction) registerDevOutbox(app, db, config.trustProxy);
  await registerStaticSpa(app, config.webDist);
  return app;
}
