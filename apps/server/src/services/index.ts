export { ServiceError } from './errors.ts';
