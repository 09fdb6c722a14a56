import fc from 'fast-check'

/** Names that collide with members of `Object.prototype` and with array methods. */
export const BUILTIN_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'valueOf',
  'toString',
  'hasOwnProperty',
  'isPrototypeOf',
  'toLocaleString',
  '__defineGetter__',
  'length',
  'map',
] as const

/** Values that break naive code: odd `toString`, built-in names, extremes of numbers and times. */
export function hostileLeaf(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(
      null,
      undefined,
      '',
      0,
      -1,
      1e16,
      -1e16,
      8.64e15 + 1,
      Number.MAX_SAFE_INTEGER,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      [],
      {},
      [null],
      { toString: 1 },
      { toString: null, valueOf: null },
      {
        toString: () => {
          throw new Error('toString')
        },
      },
      Object.create(null),
      JSON.parse('{"__proto__": {"polluted": true}}'),
      '2026-13-45T99:99:99Z',
      'not a date',
      '\u0000',
      '\uD800',
      'javascript:alert(1)',
    ),
    fc.constantFrom(...BUILTIN_NAMES),
    fc.string(),
    fc.integer(),
    fc.double(),
  )
}

/** Any JSON value, plus hostile leaves, nested a few levels. */
export function hostileValue(): fc.Arbitrary<unknown> {
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      hostileLeaf(),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom(...BUILTIN_NAMES), fc.string({ maxLength: 8 })), tie('value'), {
        maxKeys: 4,
      }),
    ),
  }))
  return value
}

/** A path into a JSON tree: the keys and indexes to walk. */
function paths(
  value: unknown,
  prefix: (string | number)[] = [],
  out: (string | number)[][] = [],
  depth = 0,
): (string | number)[][] {
  out.push(prefix)
  if (depth > 12 || value === null || typeof value !== 'object') return out
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value)
  for (const [key, item] of entries) paths(item, [...prefix, key], out, depth + 1)
  return out
}

function setAt(root: unknown, path: (string | number)[], value: unknown, mode: 'replace' | 'delete'): unknown {
  if (path.length === 0) return mode === 'delete' ? undefined : value
  if (root === null || typeof root !== 'object') return root
  const [key, ...rest] = path as [string | number, ...(string | number)[]]
  // Copies only the objects on the path, so the seed is never changed and odd values survive.
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<string | number, unknown>
  if (rest.length > 0) {
    Object.defineProperty(copy, key, {
      value: setAt(copy[key], rest, value, mode),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  } else if (mode === 'delete') {
    if (Array.isArray(copy) && typeof key === 'number') copy.splice(key, 1)
    else delete copy[key]
  } else {
    Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true })
  }
  return copy
}

/** A real input with a few fields replaced by hostile values or removed. */
export function mutated(seed: unknown, count = 3): fc.Arbitrary<unknown> {
  const all = paths(seed)
  return fc
    .array(fc.tuple(fc.nat(all.length - 1), hostileValue(), fc.boolean()), { minLength: 1, maxLength: count })
    .map((edits) => {
      let value = seed
      for (const [index, replacement, remove] of edits) {
        const path = all[index] ?? []
        try {
          value = setAt(value, path, replacement, remove ? 'delete' : 'replace')
        } catch {
          // The path went away with an earlier edit.
        }
      }
      return value
    })
}

/** An array or object nested `depth` levels deep. */
export function deeplyNested(depth: number, leaf: unknown = 'x'): unknown {
  let value: unknown = leaf
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { content: value }
  return value
}

/** The texts a reader would miss if they were dropped: strings of 3+ characters under text-bearing keys, with their paths. */
export function textsIn(
  value: unknown,
  keys: ReadonlySet<string>,
  path: (string | number)[] = [],
  out: { text: string; path: (string | number)[] }[] = [],
  depth = 0,
): { text: string; path: (string | number)[] }[] {
  if (depth > 40 || value === null || typeof value !== 'object') return out
  for (const name of Object.keys(value)) {
    const key = Array.isArray(value) ? Number(name) : name
    const item: unknown = (value as Record<string, unknown>)[name]
    if (typeof item === 'string' && typeof key === 'string' && keys.has(key) && item.trim().length >= 3)
      out.push({ text: item, path: [...path, key] })
    else textsIn(item, keys, [...path, key], out, depth + 1)
  }
  return out
}

/** Whether `prefix` is the start of `path`. */
export function startsWith(path: readonly (string | number)[], prefix: readonly (string | number)[]): boolean {
  return prefix.length <= path.length && prefix.every((key, index) => key === path[index])
}

const FRAGMENTS = [
  '\n# %% [^x]\n',
  '\n## %%% [^y.1]\n',
  '[^x]: [tool] time="1e16" name="__proto__"\n',
  '[^y.1]: status="failed" mime_type="text/html"\n',
  '```\n',
  '\n---\n',
  '> '.repeat(50),
  '\\',
  '%%',
  '[^',
  '"',
  '\u0000',
]

/** A text with hostile fragments spliced in at random places. */
export function mutatedText(seed: string): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(fc.nat(seed.length), fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 12 }))), {
      minLength: 1,
      maxLength: 6,
    })
    .map((edits) => {
      let text = seed
      for (const [at, fragment] of edits)
        text = text.slice(0, at % (text.length + 1)) + fragment + text.slice(at % (text.length + 1))
      return text
    })
}
