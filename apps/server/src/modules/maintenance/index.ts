export { purgeExpiredData } from './purge';
