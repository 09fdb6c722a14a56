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
