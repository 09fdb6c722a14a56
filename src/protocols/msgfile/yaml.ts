import { setOwn } from '../../core/record.js'
import { LINE_BREAK } from '../../core/text.js'

/**
 * The small part of YAML that Message File frontmatter uses: nested maps by indentation, `- item`
 * lists, `[a, b]` inline lists, quoted and plain scalars, numbers, booleans and null.
 */
export function parseYamlSubset(text: string): Record<string, unknown> {
  const lines = text.split('\n').filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'))
  let index = 0

  const indentOf = (line: string) => line.length - line.trimStart().length

  function block(indent: number): unknown {
    const first = lines[index]
    if (first !== undefined && first.trimStart().startsWith('- ') && indentOf(first) >= indent) {
      const list: unknown[] = []
      while (
        index < lines.length &&
        indentOf(lines[index] as string) === indentOf(first) &&
        (lines[index] as string).trimStart().startsWith('- ')
      ) {
        list.push(scalar((lines[index] as string).trimStart().slice(2)))
        index += 1
      }
      return list
    }
    const map: Record<string, unknown> = {}
    while (index < lines.length) {
      const line = lines[index] as string
      const own = indentOf(line)
      if (own < indent) break
      const match = keyValue(line.trim())
      index += 1
      if (!match) continue
      const key = match.key.trim().replace(/^["']|["']$/g, '')
      const rest = match.value
      if (rest === undefined || rest === '') {
        const next = lines[index]
        setOwn(map, key, next !== undefined && indentOf(next) > own ? block(indentOf(next)) : null)
      } else setOwn(map, key, scalar(rest))
    }
    return map
  }

  const result = block(0)
  return typeof result === 'object' && result !== null && !Array.isArray(result)
    ? (result as Record<string, unknown>)
    : {}
}

function scalar(raw: string): unknown {
  const text = raw.trim()
  if (text.startsWith('[') && text.endsWith(']')) {
    const inner = text.slice(1, -1).trim()
    return inner === '' ? [] : inner.split(',').map((item) => scalar(item))
  }
  if (/^".*"$/.test(text)) return text.slice(1, -1).replace(/\\"/g, '"').replace(/\\n/g, '\n')
  if (/^'.*'$/.test(text)) return text.slice(1, -1).replace(/''/g, "'")
  if (/^(true|yes|on)$/i.test(text)) return true
  if (/^(false|no|off)$/i.test(text)) return false
  if (/^(null|~)$/i.test(text)) return null
  if (/^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) return Number(text)
  return text
}

const KEY = /^([^:]+):/
const LEADING_SPACE = /^\s+/

/**
 * A `key: value` line (trimmed): the key up to the first colon, and the value after the spaces that
 * follow it (`undefined` when the line ends at the colon). `null` when the colon is followed by
 * something else than a space, or the value holds a line break. One pass (a pattern let the spaces
 * and the value share a run of spaces).
 */
export function keyValue(line: string): { key: string; value: string | undefined } | null {
  const key = KEY.exec(line)
  if (!key) return null
  const rest = line.slice(key[0].length)
  if (rest === '') return { key: key[1] as string, value: undefined }
  const value = rest.replace(LEADING_SPACE, '')
  if (value.length === rest.length || LINE_BREAK.test(value)) return null
  return { key: key[1] as string, value }
}
