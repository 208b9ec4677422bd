// HTTP fuzzing of every /db, /agent, /connect/api and /api/auth endpoint the app serves, against the
// real in-process app. Requests are generated with fast-check from the contracts' shapes
// (packages/contracts) and then mutated with hostile values; each one goes through app.request() as a
// client would send it (sealed as the web app seals, plaintext, forms, multipart, wrong content types,
// junk bytes), as an anonymous caller, with the public anonymous token, or as a signed-up user by bearer
// or by cookie. Identity only ever comes from headers. Both fuzz users have real linked accounts (a
// sandbox bank, a brokerage and a wallet), so requests can reach across users with real names and ids.
// Invariants checked on every answer: no 5xx; a 4xx carries a JSON error (our services: a documented
// code); a rejected request changes no row; a redirect stays on our origin; no answer carries a provider
// secret or another user's linked data; no answer's card formats a request's text as markup. Used by fuzz.test.ts (npm test) and scripts/fuzz.ts (npm run fuzz).
//
// The parts, in the order a request goes through them: endpoints.ts (what is fuzzed), placeholders.ts,
// values.ts, shape.ts, account-shapes.ts and shapes.ts (valid and hostile request shapes),
// mutations.ts and cases.ts (the generated case), context.ts, build-request.ts and encode-body.ts (the
// request sent), invariants.ts, markup-invariant.ts, changes.ts and linked-invariants.ts (the checks), setup-requests.ts,
// linking.ts and users.ts (the fuzz users), run.ts (the runner) and report.ts (what it reports).

export { type ChangeLog, watchChanges } from './changes.ts';
export { discoverEndpoints, type Endpoint, endpointKey, WEB_AUTH_ENDPOINTS } from './endpoints.ts';
export { type Forbidden, forbiddenStrings, leaksIn, linkedSnapshot } from './linked-invariants.ts';
export { forgedMarkup, MARKUP_FORGERIES } from './markup-invariant.ts';
export {
  count5xx,
  type FailureKind,
  type FuzzFailure,
  type FuzzOptions,
  type FuzzReport,
  formatCounts,
  formatFailures,
} from './report.ts';
export { runFuzz } from './run.ts';
