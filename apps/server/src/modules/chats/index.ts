export { chatRoutes } from './routes';
export { ChatService } from './service';
