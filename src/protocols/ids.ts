/**
 * Deterministic ids for wires that carry none: the same input always gives the same id. A 64-bit
 * FNV-1a hash of the parts, in hex, after a prefix such as `msg` or `prt`.
 */
export function deriveId(prefix: string, ...parts: (string | number)[]): string {
  let hash = 0xcbf29ce484222325n
  const text = parts.join('\u0000')
  for (let i = 0; i < text.length; i += 1) {
    hash ^= BigInt(text.charCodeAt(i))
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn
  }
  return `${prefix}_${hash.toString(16).padStart(16, '0')}`
}

/** Parses an ISO date or epoch number into epoch milliseconds, or `undefined`. */
export function toEpochMs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value !== 'string' || value.trim() === '') return undefined
  const parsed = Date.parse(value)
  return Number.isNaN(parsed) ? undefined : parsed
}
