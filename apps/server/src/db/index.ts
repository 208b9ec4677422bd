export { type ConnectOptions, connectDatabase, type Database, type DatabaseHandle } from './connect.ts';
export { isUniqueViolation } from './errors.ts';
export * as tables from './schema.ts';
