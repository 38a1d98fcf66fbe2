import type { Config } from '../../config';
import { AuthorizeNetGateway } from './authorizenet';
import type { PaymentGateway } from './gateway';
import { SandboxGateway } from './sandbox';

/** The gateway chosen by PAYMENT_GATEWAY (decisions D7): the embedded sandbox by default. */
export function createGateway(config: Config): PaymentGateway {
  const settings = config.payments.authorizeNet;
  if (config.payments.gateway === 'authorizenet' && settings) return new AuthorizeNetGateway(settings);
  return new SandboxGateway();
}
