export { createPlaidSandbox, type PlaidSandboxDeps } from './app.ts';
export type { InitialPullTimings } from './context.ts';
