export { profileRoutes } from './routes';
export { ProfileService } from './service';
