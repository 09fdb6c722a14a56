/** Whether `value` is a plain object (not null, not an array). Internal: shared by the validator and the protocols. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * `record[key]` when `key` is a string naming one of the record's own entries, else `undefined`:
 * a lookup by a wire-given name (`__proto__`, `constructor`, `toString`) never reaches a prototype.
 */
export function ownEntry<T>(record: Readonly<Record<string, T>>, key: unknown): T | undefined {
  return typeof key === 'string' && Object.hasOwn(record, key) ? record[key] : undefined
}

/**
 * Sets `record[key]` as an own entry whatever `key` is: `record['__proto__'] = value` would set the
 * record's prototype and the value would vanish from its entries (and from JSON).
 */
export function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true })
}

/**
 * Sets `key` in `map` as its most recent entry and drops the oldest past `limit` (a Map keeps the
 * order entries were set in): a cache of the most recently used. Setting a key again that is
 * there already (a hit) makes it the most recent.
 */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key)
  map.set(key, value)
  while (map.size > limit) map.delete(map.keys().next().value as K)
}
