export { siteRoutes } from './routes';
export { SiteService } from './service';
