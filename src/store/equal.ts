// Deeper than any real transcript nests; past it two values count as different, so the newer is kept.
const MAX_DEPTH = 256

/**
 * Whether two JSON-like values are equal in content (plain objects, arrays and primitives). Values
 * nested deeper than a few hundred levels are taken as different rather than compared, so a
 * hostile input cannot overflow the stack.
 */
export function sameContent(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > MAX_DEPTH) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!sameContent(a[i], b[i], depth + 1)) return false
    return true
  }
  if (Array.isArray(b)) return false
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  const keys = Object.keys(left)
  if (keys.length !== Object.keys(right).length) return false
  for (const key of keys) if (!Object.hasOwn(right, key) || !sameContent(left[key], right[key], depth + 1)) return false
  return true
}
