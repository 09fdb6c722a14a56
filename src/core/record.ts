/** Whether `value` is a plain object (not null, not an array). Internal: shared by the validator and the protocols. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
