export { type DeletionDeps, confirmAnonymousRequest, deleteAccount, findUserId, processDeletionRequests } from './process';
export { deletionRoutes } from './routes';
export { DeletionRequestService } from './requests';
