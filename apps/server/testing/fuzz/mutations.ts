// Mutations: hostile values replacing, deleting or adding fields anywhere in a valid shape.

import fc from 'fast-check';
import { type Indexable, isIndexable } from './records.ts';
import { extraKey, hostileValue } from './values.ts';

/** `at` picks among the value's paths (modulo their number), so any shape can take any mutation. */
export type Mutation =
  | { op: 'replace'; at: number; value: unknown }
  | { op: 'delete'; at: number }
  | { op: 'add'; at: number; key: string; value: unknown }
  | { op: 'whole'; value: unknown }
  /** One hostile character into an otherwise valid string (after a placeholder: appended). */
  | { op: 'taint'; at: number; insert: string; position: number };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ op: fc.constant('replace'), at: fc.nat(), value: hostileValue }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete'), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('add'),
      at: fc.nat(),
      key: extraKey,
      value: hostileValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('whole'), value: hostileValue }) },
);

type Path = Array<string | number>;

function pathsOf(value: unknown, objectsOnly: boolean): Path[] {
  const out: Path[] = [];
  const stack: Array<{ value: unknown; path: Path }> = [{ value, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: node, path } = next;
    if (node === null || typeof node !== 'object') continue;
    if (objectsOnly && !Array.isArray(node)) out.push(path);
    for (const [key, child] of Object.entries(node)) {
      const childPath = [...path, Array.isArray(node) ? Number(key) : key];
      if (!objectsOnly) out.push(childPath);
      stack.push({ value: child, path: childPath });
    }
  }
  return out;
}

/** Sets an own property, even '__proto__', so that JSON.stringify sends it. */
export function defineOwn(target: object, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

function clone(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(clone);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) defineOwn(out, key, clone(child));
  return out;
}

/** The value under `key` of an object or array; undefined under anything else. */
const childAt = (node: unknown, key: string | number): unknown => (isIndexable(node) ? node[key] : undefined);

function valueAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>(childAt, root);
}

function parentOf(root: unknown, path: Path): Indexable | undefined {
  const parent = valueAt(root, path.slice(0, -1));
  return isIndexable(parent) ? parent : undefined;
}

export function applyMutations(value: unknown, mutations: readonly Mutation[]): unknown {
  let root = clone(value);
  for (const m of mutations) {
    if (m.op === 'whole') {
      root = clone(m.value);
      continue;
    }
    if (m.op === 'taint') {
      const strings = pathsOf(root, false).filter((path) => typeof valueAt(root, path) === 'string');
      const path = strings[m.at % Math.max(strings.length, 1)];
      const parent = path && parentOf(root, path);
      const key = path?.at(-1);
      if (!parent || key === undefined) continue;
      const text = parent[key];
      if (typeof text !== 'string') continue;
      const cut = text.startsWith('$$') ? text.length : m.position % (text.length + 1);
      parent[key] = `${text.slice(0, cut)}${m.insert}${text.slice(cut)}`;
      continue;
    }
    const paths = pathsOf(root, m.op === 'add');
    const path = paths[m.at % Math.max(paths.length, 1)];
    if (!path) continue;
    if (m.op === 'add') {
      const target = valueAt(root, path);
      if (isIndexable(target) && !Array.isArray(target)) {
        defineOwn(target, m.key, clone(m.value));
      }
      continue;
    }
    const parent = parentOf(root, path);
    const key = path.at(-1);
    if (!parent || key === undefined) continue;
    if (m.op === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else if (Array.isArray(parent)) {
      parent[Number(key)] = clone(m.value);
    } else {
      defineOwn(parent, String(key), clone(m.value));
    }
  }
  return root;
}
