export { speechRoutes } from './routes';
export { parseVoiceMap } from './voices';
