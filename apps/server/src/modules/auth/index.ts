export { COOKIE_PREFIX, createAuth, isPhoneEmail, type Auth } from './auth';
export { authRoutes } from './routes';
export { getSession, requireUserId, toHeaders } from './session';
