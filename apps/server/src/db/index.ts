export { connectDatabase, type ConnectOptions, type Database, type DatabaseHandle } from './connect.ts';
export * as tables from './schema.ts';
