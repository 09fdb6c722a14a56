/**
 * A persistent (immutable) map from string ids to values: a hash array mapped trie. `set` and
 * `delete` return a new map that shares everything but the path to the changed entry, so a write
 * costs O(log₃₂ n) however large the transcript, where copying a plain object costs O(n). A write
 * that changes nothing returns the same map.
 */

type Node<V> = Leaf<V> | Branch<V> | Collision<V>

interface Leaf<V> {
  readonly kind: 0
  readonly hash: number
  readonly key: string
  readonly value: V
}

interface Branch<V> {
  readonly kind: 1
  /** Bit i is set when slot i of this level holds a child; children are stored densely. */
  readonly bitmap: number
  readonly children: readonly Node<V>[]
}

/** Keys whose 32-bit hashes are equal. */
interface Collision<V> {
  readonly kind: 2
  readonly hash: number
  readonly leaves: readonly Leaf<V>[]
}

const BITS = 5
const MASK = 31

// FNV-1a: fast on short ids and well spread over the low bits the trie reads first.
/** The 32-bit hash the trie is keyed by (exported for tests that need colliding keys). */
export function hashOf(key: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

function popcount(bits: number): number {
  let x = bits - ((bits >>> 1) & 0x55555555)
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

const leaf = <V>(hash: number, key: string, value: V): Leaf<V> => ({ kind: 0, hash, key, value })

function find<V>(root: Node<V> | undefined, hash: number, key: string): Leaf<V> | undefined {
  let node = root
  let shift = 0
  while (node) {
    if (node.kind === 0) return node.key === key ? node : undefined
    if (node.kind === 2) return node.leaves.find((entry) => entry.key === key)
    const bit = 1 << ((hash >>> shift) & MASK)
    if ((node.bitmap & bit) === 0) return undefined
    node = node.children[popcount(node.bitmap & (bit - 1))]
    shift += BITS
  }
  return undefined
}

/** A branch holding two nodes whose hashes differ. */
function join<V>(a: Leaf<V> | Collision<V>, b: Leaf<V>, shift: number): Branch<V> {
  const ai = (a.hash >>> shift) & MASK
  const bi = (b.hash >>> shift) & MASK
  if (ai === bi) return { kind: 1, bitmap: 1 << ai, children: [join(a, b, shift + BITS)] }
  return { kind: 1, bitmap: (1 << ai) | (1 << bi), children: ai < bi ? [a, b] : [b, a] }
}

function insert<V>(node: Node<V> | undefined, entry: Leaf<V>, shift: number): Node<V> {
  if (!node) return entry
  if (node.kind === 0) {
    if (node.key === entry.key) return Object.is(node.value, entry.value) ? node : entry
    if (node.hash === entry.hash) return { kind: 2, hash: node.hash, leaves: [node, entry] }
    return join(node, entry, shift)
  }
  if (node.kind === 2) {
    if (node.hash !== entry.hash) return join(node, entry, shift)
    const at = node.leaves.findIndex((existing) => existing.key === entry.key)
    if (at === -1) return { ...node, leaves: [...node.leaves, entry] }
    if (Object.is(node.leaves[at]?.value, entry.value)) return node
    return { ...node, leaves: node.leaves.map((existing, i) => (i === at ? entry : existing)) }
  }
  const bit = 1 << ((entry.hash >>> shift) & MASK)
  const index = popcount(node.bitmap & (bit - 1))
  if ((node.bitmap & bit) === 0) {
    const children = node.children.slice()
    children.splice(index, 0, entry)
    return { kind: 1, bitmap: node.bitmap | bit, children }
  }
  const child = node.children[index] as Node<V>
  const next = insert(child, entry, shift + BITS)
  if (next === child) return node
  const children = node.children.slice()
  children[index] = next
  return { kind: 1, bitmap: node.bitmap, children }
}

function remove<V>(node: Node<V>, hash: number, key: string, shift: number): Node<V> | undefined {
  if (node.kind === 0) return node.key === key ? undefined : node
  if (node.kind === 2) {
    const leaves = node.leaves.filter((entry) => entry.key !== key)
    if (leaves.length === node.leaves.length) return node
    return leaves.length === 1 ? leaves[0] : { ...node, leaves }
  }
  const bit = 1 << ((hash >>> shift) & MASK)
  if ((node.bitmap & bit) === 0) return node
  const index = popcount(node.bitmap & (bit - 1))
  const child = node.children[index] as Node<V>
  const next = remove(child, hash, key, shift + BITS)
  if (next === child) return node
  if (next === undefined) {
    if (node.children.length === 1) return undefined
    const children = node.children.filter((_, i) => i !== index)
    // A branch left with one leaf collapses into it, so equal contents give the same depth.
    const only = children[0] as Node<V>
    if (children.length === 1 && only.kind !== 1) return only
    return { kind: 1, bitmap: node.bitmap & ~bit, children }
  }
  if (node.children.length === 1 && next.kind !== 1) return next
  const children = node.children.slice()
  children[index] = next
  return { kind: 1, bitmap: node.bitmap, children }
}

function* walk<V>(node: Node<V> | undefined): Generator<Leaf<V>> {
  if (!node) return
  if (node.kind === 0) yield node
  else if (node.kind === 2) yield* node.leaves
  else for (const child of node.children) yield* walk(child)
}

/** How many recent writes sit in the hot list before they move into the trie. */
const HOT = 8

/**
 * A persistent map from string ids to values. Iteration order is unspecified.
 *
 * The latest few writes sit in a short "hot" list in front of the trie: a stream of deltas to the
 * same part rewrites one slot of that list, so its cost does not grow with the transcript at all;
 * the list moves into the trie when it fills up.
 */
export class IdMap<V> implements Iterable<[string, V]> {
  /** How many entries the map holds. */
  readonly size: number
  readonly #root: Node<V> | undefined
  /** Recent writes, newer than any entry of the same key in the trie. */
  readonly #hot: readonly Leaf<V>[]

  private constructor(root: Node<V> | undefined, hot: readonly Leaf<V>[], size: number) {
    this.#root = root
    this.#hot = hot
    this.size = size
  }

  /** The empty map. */
  static empty<V>(): IdMap<V> {
    return new IdMap<V>(undefined, [], 0)
  }

  /** A map of `entries` (a later entry wins over an earlier one with the same key). */
  static from<V>(entries: Iterable<readonly [string, V]> | Record<string, V>): IdMap<V> {
    let map = IdMap.empty<V>()
    const list = Symbol.iterator in entries ? entries : Object.entries(entries)
    for (const [key, value] of list) map = map.set(key, value)
    return map
  }

  #hotIndex(hash: number, key: string): number {
    const hot = this.#hot
    for (let i = 0; i < hot.length; i++) {
      const entry = hot[i] as Leaf<V>
      if (entry.hash === hash && entry.key === key) return i
    }
    return -1
  }

  #find(key: string): Leaf<V> | undefined {
    const hash = hashOf(key)
    const at = this.#hotIndex(hash, key)
    return at >= 0 ? this.#hot[at] : find(this.#root, hash, key)
  }

  /** The value stored under `key`, or `undefined`. */
  get(key: string): V | undefined {
    return this.#find(key)?.value
  }

  /** Whether `key` is in the map. */
  has(key: string): boolean {
    return this.#find(key) !== undefined
  }

  /** A map with `key` set to `value`; the same map when it already held that exact value. */
  set(key: string, value: V): IdMap<V> {
    const hash = hashOf(key)
    const at = this.#hotIndex(hash, key)
    if (at >= 0) {
      if (Object.is(this.#hot[at]?.value, value)) return this
      const hot = this.#hot.slice()
      hot[at] = leaf(hash, key, value)
      return new IdMap(this.#root, hot, this.size)
    }
    const existing = find(this.#root, hash, key)
    if (existing && Object.is(existing.value, value)) return this
    const size = existing ? this.size : this.size + 1
    if (this.#hot.length < HOT) return new IdMap(this.#root, [...this.#hot, leaf(hash, key, value)], size)
    let root = this.#root
    for (const entry of this.#hot) root = insert(root, entry, 0)
    return new IdMap(root, [leaf(hash, key, value)], size)
  }

  /** A map without `key`; the same map when `key` was absent. */
  delete(key: string): IdMap<V> {
    const hash = hashOf(key)
    const at = this.#hotIndex(hash, key)
    const inTrie = find(this.#root, hash, key) !== undefined
    if (at < 0 && !inTrie) return this
    const hot = at >= 0 ? this.#hot.filter((_, i) => i !== at) : this.#hot
    const root = inTrie && this.#root ? remove(this.#root, hash, key, 0) : this.#root
    return new IdMap(root, hot, this.size - 1)
  }

  *#leaves(): Generator<Leaf<V>> {
    for (const entry of walk(this.#root)) if (this.#hotIndex(entry.hash, entry.key) < 0) yield entry
    yield* this.#hot
  }

  /** The keys, in unspecified order. */
  *keys(): IterableIterator<string> {
    for (const entry of this.#leaves()) yield entry.key
  }

  /** The values, in unspecified order. */
  *values(): IterableIterator<V> {
    for (const entry of this.#leaves()) yield entry.value
  }

  /** `[key, value]` pairs, in unspecified order. */
  *entries(): IterableIterator<[string, V]> {
    for (const entry of this.#leaves()) yield [entry.key, entry.value]
  }

  [Symbol.iterator](): IterableIterator<[string, V]> {
    return this.entries()
  }

  /** A plain object with the same entries (for logging and tests). */
  toObject(): Record<string, V> {
    return Object.fromEntries(this.entries())
  }
}
