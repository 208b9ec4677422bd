// Mutations: hostile values replacing, deleting or adding fields anywhere in a valid shape.

import fc from 'fast-check';
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
    arbitrary: fc.record({ op: fc.constant('replace' as const), at: fc.nat(), value: hostileValue }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      at: fc.nat(),
      key: extraKey,
      value: hostileValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('whole' as const), value: hostileValue }) },
);

type Path = Array<string | number>;

function pathsOf(value: unknown, objectsOnly: boolean): Path[] {
  const out: Path[] = [];
  const stack: Array<{ value: unknown; path: Path }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: node, path } = stack.pop() as { value: unknown; path: Path };
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
export function defineOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

function clone(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(clone);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) defineOwn(out, key, clone(child));
  return out;
}

function valueAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (node, key) => (node as Record<string | number, unknown> | undefined)?.[key],
    root,
  );
}

function parentOf(root: unknown, path: Path): Record<string | number, unknown> | undefined {
  let node = root;
  for (const key of path.slice(0, -1)) node = (node as Record<string | number, unknown>)[key];
  return node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>) : undefined;
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
      if (!path || !parent) continue;
      const key = path[path.length - 1] as string | number;
      const text = parent[key] as string;
      const cut = text.startsWith('$$') ? text.length : m.position % (text.length + 1);
      parent[key] = `${text.slice(0, cut)}${m.insert}${text.slice(cut)}`;
      continue;
    }
    const paths = pathsOf(root, m.op === 'add');
    const path = paths[m.at % Math.max(paths.length, 1)];
    if (!path) continue;
    if (m.op === 'add') {
      const target = path.reduce<unknown>(
        (node, key) => (node as Record<string | number, unknown>)[key],
        root,
      );
      if (target && typeof target === 'object' && !Array.isArray(target)) {
        defineOwn(target as Record<string, unknown>, m.key, clone(m.value));
      }
      continue;
    }
    const parent = parentOf(root, path);
    const key = path[path.length - 1] as string | number;
    if (!parent) continue;
    if (m.op === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else if (Array.isArray(parent)) {
      parent[Number(key)] = clone(m.value);
    } else {
      defineOwn(parent as Record<string, unknown>, String(key), clone(m.value));
    }
  }
  return root;
}
