// A request's shape (body, query, path parameter) and the small builders every endpoint's shapes use.

import fc from 'fast-check';

/**
 * What varies per endpoint: the JSON body, the query string and the path parameter (percent-encoded,
 * or with `rawParam` put in the path as is: '../', '%00' and such reach the router undecoded).
 */
export type Shape = { body?: unknown; query?: Record<string, unknown>; param?: string; rawParam?: boolean };

export const opt = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });
export const withoutUndefined = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
export const body = (arbitrary: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Shape> =>
  arbitrary.map((value) => ({ body: withoutUndefined(value) }));
export const query = (arbitrary: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Shape> =>
  arbitrary.map((value) => ({ query: withoutUndefined(value) }));

export const withNames = <T extends Record<string, unknown>>(
  names: fc.Arbitrary<Record<string, unknown>>,
  rest: fc.Arbitrary<T>,
): fc.Arbitrary<Shape> =>
  body(fc.tuple(names, rest).map(([identity, fields]) => ({ ...identity, ...fields })));
