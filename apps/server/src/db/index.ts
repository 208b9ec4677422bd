export { type ConnectOptions, connectDatabase, type Database, type DatabaseHandle } from './connect.ts';
export { isUniqueViolation } from './errors.ts';
export { assignFairShare, withFairShare } from './fair-share.ts';
export * as tables from './schema.ts';
export { lockUsage, readUsage, type Usage } from './usage.ts';
