export { createPlaidSandbox, type PlaidSandboxDeps } from './app.ts';
