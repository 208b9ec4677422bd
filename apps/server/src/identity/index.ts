export {
  type Auth,
  createAuth,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_INACTIVITY_SECONDS,
  SESSION_REFRESH_SECONDS,
} from './auth.ts';
