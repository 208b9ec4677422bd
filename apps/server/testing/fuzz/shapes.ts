// Request shapes per endpoint: the chat, the /db data service and Better Auth's endpoints the web app
// calls, with the linked-account shapes (account-shapes.ts); a generic shape for every other endpoint.

import { RESOURCE_LIMITS } from '@penny/contracts';
import fc from 'fast-check';
import { accountShapes } from './account-shapes.ts';
import { actionShapes } from './action-shapes.ts';
import { MARKUP_FORGERIES } from './markup-invariant.ts';
import { P } from './placeholders.ts';
import { sandboxShapes } from './sandbox-shapes.ts';
import { body, opt, query, type Shape, withoutUndefined } from './shape.ts';
import {
  callbackUrl,
  country,
  cursor,
  dslObjects,
  freshEmail,
  freshUsername,
  hostileValue,
  idArb,
  isoDate,
  password,
  phone,
  preferences,
  text,
  token,
  userIdClaim,
  who,
  whoRarelySelf,
  word,
} from './values.ts';

// --- the chat ---------------------------------------------------------------------------------------

/** Thread ids: two the fuzz user's turns create and read back, any id, or hostile text. */
const chatThreadId = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('thread-fuzz-a', 'thread-fuzz-b') },
  { weight: 2, arbitrary: idArb },
  { weight: 1, arbitrary: hostileValue },
);
const chatQuestion = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'How much did I spend last month?',
      'What is my net worth?',
      'and the month before?',
      'What subscriptions do I have?',
      "What's the weather in Paris?",
      'How much did I spend in the last 99999999 months?',
      'What did I spend since March 99999?',
      'Spending from Feb 30 2024 to Feb 31 2024',
      // A question quoting markup (issue #19, 4): the card quotes it as text.
      `How much did I spend at ${MARKUP_FORGERIES[0]} last month?`,
      `Show my ${MARKUP_FORGERIES[1]} account`,
      `I read ${MARKUP_FORGERIES[2]}`,
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
  { weight: 1, arbitrary: hostileValue },
);

/** The user's own resource mostly: the handler is reached, and a success is seen. */
const ownResourceMostly = fc.oneof(
  { weight: 3, arbitrary: fc.constant(P.resourceId) },
  { weight: 1, arbitrary: fc.constant(P.otherResourceId) },
  { weight: 1, arbitrary: idArb },
);

const chatShapes: Record<string, fc.Arbitrary<Shape>> = {
  'POST /agent/chat': body(
    fc
      .tuple(
        who,
        fc.record({
          message: chatQuestion,
          thread_id: opt(chatThreadId),
          query_id: fc.oneof(
            { weight: 6, arbitrary: fc.uuid().map((id) => `query-${id}`) },
            { weight: 1, arbitrary: hostileValue },
          ),
          model: opt(fc.constantFrom('grok-4', 'gpt-x', '')),
        }),
      )
      .chain(([names, rest]) =>
        opt(userIdClaim).map((userId) => ({ ...rest, user_info: withoutUndefined({ ...names, userId }) })),
      ),
  ),
  'GET /agent/dsl/:thread_id': fc
    .oneof(fc.constantFrom('thread-fuzz-a', 'thread-fuzz-b'), idArb)
    .map((param) => ({ param })),
  'GET /db/chatbox/get-messages': query(
    fc.tuple(who, chatThreadId).map(([names, thread_id]) => ({ ...names, thread_id })),
  ),
  'GET /db/visualization/get-dsl': query(
    fc.tuple(who, chatThreadId).map(([names, thread_id]) => ({ ...names, thread_id })),
  ),
  'GET /db/get-all-user-threads': query(
    fc
      .tuple(who, opt(fc.oneof(fc.integer({ min: -5, max: 200 }), hostileValue)))
      .map(([names, limit]) => ({ ...names, limit })),
  ),
  'POST /db/delete-thread': body(
    fc.tuple(who, chatThreadId).map(([names, thread_id]) => ({ ...names, thread_id })),
  ),
  'POST /db/sync-thread-history': body(
    fc.tuple(who, chatThreadId, opt(userIdClaim)).map(([names, thread_id, userId]) => ({
      thread_id,
      user_info: withoutUndefined({ ...names, userId }),
    })),
  ),
  'POST /db/fork-chat': body(
    fc
      .tuple(who, chatThreadId, fc.oneof(idArb, hostileValue))
      .map(([names, source_thread_id, source_query_id]) => ({ ...names, source_thread_id, source_query_id })),
  ),
};

export const shapes: Record<string, fc.Arbitrary<Shape>> = {
  ...accountShapes,
  ...actionShapes,
  ...sandboxShapes,
  ...chatShapes,
  'POST /db/database-setup': body(
    fc
      .tuple(
        who,
        fc.record({
          middleName: opt(fc.oneof(word, fc.constant(null))),
          phoneNumber: opt(phone),
          country: opt(country),
          dateOfBirth: opt(isoDate),
        }),
      )
      .map(([names, rest]) => ({ ...names, ...rest })),
  ),
  'POST /db/store-resource': body(
    fc
      .tuple(
        who,
        fc.record({
          resource_id: opt(fc.oneof(idArb, fc.constant(P.resourceId), fc.constant(P.otherResourceId))),
          thread_id: idArb,
          query_id: idArb,
          dsl_objects: dslObjects,
          timestamp: opt(
            fc.oneof(
              fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
              fc.nat(),
            ),
          ),
        }),
      )
      .map(([names, rest]) => ({ ...names, ...rest })),
  ),
  'GET /db/get-user-resources': query(
    fc
      .tuple(
        who,
        fc.record({
          limit: opt(fc.integer({ min: 1, max: RESOURCE_LIMITS.maxPageSize }).map(String)),
          cursor: opt(cursor),
        }),
      )
      .map(([names, rest]) => ({ ...names, ...rest })),
  ),
  'GET /db/get-resource/:id': fc
    .tuple(who, ownResourceMostly)
    .map(([names, param]) => ({ query: names, param })),
  'POST /db/delete-resource': body(
    fc.tuple(who, ownResourceMostly).map(([names, resource_id]) => ({ ...names, resource_id })),
  ),
  'GET /db/get-profile': query(
    fc
      .tuple(who, opt(fc.constantFrom('true', 'false', '1', '0')))
      .map(([names, fresh]) => ({ ...names, fresh })),
  ),
  'POST /db/save-user-preferences': body(
    fc.tuple(who, preferences).map(([names, prefs]) => ({ ...names, preferences: prefs })),
  ),
  'POST /db/generate-preference-prompt': body(
    fc.record({
      user_info: fc.record(
        {
          username: fc.constant(P.username),
          // The user's own names mostly (anything else is refused: the handler is reached), or a word.
          firstName: fc.oneof(
            { weight: 3, arbitrary: fc.constant(P.firstName) },
            { weight: 1, arbitrary: word },
          ),
          lastName: fc.oneof(
            { weight: 3, arbitrary: fc.constant(P.lastName) },
            { weight: 1, arbitrary: word },
          ),
          userId: userIdClaim,
          email: fc.oneof(
            { weight: 3, arbitrary: fc.constant(P.email) },
            { weight: 1, arbitrary: fc.constant(P.otherEmail) },
          ),
          country,
        },
        { requiredKeys: [] },
      ),
      preferences,
      existing_prompt: opt(fc.oneof(fc.lorem({ maxCount: 20 }), fc.constant(null))),
    }),
  ),
  // The user's own names rarely: each success erases its linked accounts, which are linked again.
  'POST /db/delete-user-data': body(whoRarelySelf),
  'POST /db/delete-user-account': body(whoRarelySelf),

  'POST /api/auth/sign-up/email': body(
    fc.record({
      email: fc.oneof({ weight: 5, arbitrary: freshEmail }, { weight: 1, arbitrary: fc.constant(P.email) }),
      password: fc.constant('correct horse battery'),
      name: fc.constant('Grace Hopper'),
      username: fc.oneof(
        { weight: 5, arbitrary: freshUsername },
        { weight: 1, arbitrary: fc.constant(P.username) },
      ),
      firstName: word,
      middleName: opt(word),
      lastName: word,
      phoneNumber: phone,
      country,
      dateOfBirth: isoDate,
      agreedToTerms: fc.constant(true),
      agreedToPrivacy: fc.constant(true),
      callbackURL: opt(callbackUrl),
    }),
  ),
  'POST /api/auth/sign-in/email': body(
    fc.record({
      // The user's own address and password mostly: a sign-in that succeeds is the handler reached.
      email: fc.oneof(
        { weight: 3, arbitrary: fc.constant(P.email) },
        { weight: 1, arbitrary: fc.constant(P.otherEmail) },
        { weight: 1, arbitrary: freshEmail },
      ),
      password: fc.oneof(
        { weight: 3, arbitrary: fc.constant(P.password) },
        { weight: 1, arbitrary: password },
      ),
      rememberMe: opt(fc.boolean()),
      callbackURL: opt(callbackUrl),
    }),
  ),
  'POST /api/auth/sign-out': fc.constantFrom<Shape>({ body: {} }, {}),
  'POST /api/auth/revoke-sessions': fc.constantFrom<Shape>({ body: {} }, {}),
  'POST /api/auth/revoke-other-sessions': fc.constantFrom<Shape>({ body: {} }, {}),
  'GET /api/auth/get-session': query(
    fc.record({ disableCookieCache: opt(fc.constantFrom('true', 'false')) }),
  ),
  'POST /api/auth/request-password-reset': body(
    fc.record({
      email: fc.oneof(fc.constant(P.email), fc.constant(P.otherEmail), freshEmail),
      redirectTo: opt(callbackUrl),
    }),
  ),
  'POST /api/auth/reset-password': fc
    .record({ newPassword: password, token })
    .chain((value) =>
      fc.constantFrom<Shape>(
        { body: value },
        { body: { newPassword: value.newPassword }, query: { token: value.token } },
      ),
    ),
  'GET /api/auth/reset-password/:token': fc
    .tuple(token, opt(callbackUrl))
    .map(([param, callbackURL]) => ({ param, query: withoutUndefined({ callbackURL }) })),
  'GET /api/auth/verify-email': query(fc.record({ token, callbackURL: opt(callbackUrl) })),
  'POST /api/auth/send-verification-email': body(
    fc.record({ email: fc.oneof(fc.constant(P.email), freshEmail), callbackURL: opt(callbackUrl) }),
  ),
  'POST /api/auth/is-username-available': body(
    fc.record({ username: fc.oneof(fc.constant(P.username), fc.constant(P.otherUsername), freshUsername) }),
  ),
  'POST /api/auth/update-user': body(
    fc.record(
      {
        name: text,
        image: fc.oneof(
          fc.constant(null),
          fc.constantFrom('https://example.com/a.png', 'javascript:alert(1)'),
        ),
        firstName: word,
        middleName: fc.oneof(word, fc.constant(null)),
        lastName: word,
        phoneNumber: phone,
        country,
        dateOfBirth: isoDate,
        displayUsername: fc.oneof(fc.constant(P.username), text),
      },
      { requiredKeys: [] },
    ),
  ),
  'GET /api/auth/list-sessions': fc.constant({}),
  'POST /api/auth/revoke-session': body(fc.record({ token: fc.oneof(fc.constant(P.sessionToken), token) })),
  'POST /api/auth/change-password': body(
    fc.record({
      currentPassword: fc.oneof(fc.constant(P.password), password),
      newPassword: password,
      revokeOtherSessions: opt(fc.boolean()),
    }),
  ),
};

/** Any endpoint without a shape of its own: an empty or arbitrary object, or a few query pairs. */
export const genericShape: fc.Arbitrary<Shape> = fc.oneof(
  fc.constant({ body: {} }),
  fc.record({
    body: fc.dictionary(
      fc.constantFrom('email', 'token', 'id', 'password', 'callbackURL', 'providerId'),
      fc.oneof(text, fc.constant(P.email), fc.constant(P.sessionToken)),
    ),
  }),
  fc.record({ query: fc.dictionary(fc.constantFrom('token', 'callbackURL', 'id', 'error'), text) }),
);
