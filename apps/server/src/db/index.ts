export { type ConnectOptions, connectDatabase, type Database, type DatabaseHandle } from './connect.ts';
export { isUniqueViolation } from './errors.ts';
export * as tables from './schema.ts';
export { lockUsage, readUsage, type Usage } from './usage.ts';
