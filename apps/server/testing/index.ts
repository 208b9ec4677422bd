// The server's test support, `@penny/server/testing`: the one surface for the server's own tests,
// the web tests, the benches, the eval and `npm run fuzz`. It lives beside src/, not in it: nothing
// here is part of the product.

export { type AccountsClient, accountsClient } from './accounts.ts';
export {
  createTestApp,
  type SignedUpUser,
  type SignUpInput,
  type TestApp,
  type TestDatabaseKind,
  testDatabaseKinds,
} from './app.ts';
export { type FuzzOptions, type FuzzReport, formatCounts, formatFailures, runFuzz } from './fuzz/index.ts';
export { type IdentityClient, identityClient, signUpBody, useIdentityApp } from './identity.ts';
export { type LinkedBankConnection, linkedBankConnection, useLinkedBankApp } from './linked-bank.ts';
export { listen } from './listen.ts';
export { startAppWithScriptedLlm } from './llm-app.ts';
export * from './product.ts';
export { firstOfMonth, lastOfMonth, micros, microsText, shiftDays } from './reference-arithmetic.ts';
export { browserOf, randomSandboxKeys, standaloneSandboxHost } from './sandbox.ts';
export { type ScriptedLlm, type ScriptStep, startScriptedLlm } from './scripted-llm.ts';
export {
  type HttpUser,
  killServerProcesses,
  logLines,
  type ServerProcess,
  signUpOverHttp,
  startServerProcess,
} from './server-process.ts';
export {
  connectSandboxBrokerage,
  type ServedSandbox,
  serveSnapTradeSandbox,
  setScenario,
  signedPost,
  submitPortal,
} from './snaptrade.ts';
