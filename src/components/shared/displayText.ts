/** A long run of base64 (or base64url): mixed case and digits, no spaces, 120 characters or more. */
function isPayload(text: string): boolean {
  return (text.match(/[A-Za-z0-9+/_-]{120,}/g) ?? []).some(
    (run) => /[a-z]/.test(run) && /[A-Z]/.test(run) && /\d/.test(run),
  )
}

/**
 * Text from the data shown as a label (a file's name, a source's title): never a payload. A
 * `data:` or `blob:` URL, or a long run of base64, is content, not a name: the label falls back.
 * A long name is cut in the middle, so its start and its extension both stay visible.
 */
export function labelText(text: unknown, fallback: string, max = 80): string {
  if (typeof text !== 'string') return fallback
  const trimmed = text.trim()
  if (trimmed === '' || /^(data|blob):/i.test(trimmed) || isPayload(trimmed)) return fallback
  if (trimmed.length <= max) return trimmed
  const half = Math.floor((max - 1) / 2)
  return `${trimmed.slice(0, half)}…${trimmed.slice(-half)}`
}
