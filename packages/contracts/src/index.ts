export * from './api.ts';
export * from './envelope.ts';
export * from './identity.ts';
export * from './public-config.ts';
