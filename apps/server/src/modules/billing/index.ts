export { createGateway } from './create-gateway';
export { billingRoutes } from './routes';
export { BillingService } from './service';
export { WebhookHandler } from './webhooks';
