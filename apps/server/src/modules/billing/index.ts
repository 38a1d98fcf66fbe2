export { createGateway } from './create-gateway';
export { endedPlanUpdate } from './plan';
export { billingRoutes } from './routes';
export { BillingService } from './service';
export { WebhookHandler } from './webhooks';
