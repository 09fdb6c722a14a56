import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mergeTokens } from '../../src/highlight/tokenLook'
import type { CodeToken } from '../../src/highlight/types'

describe('mergeTokens', () => {
  const look = fc.record(
    {
      light: fc.constantFrom('#111', '#222'),
      dark: fc.constantFrom('#eee', '#ddd'),
      fontStyle: fc.constantFrom(0, 1, 2, 4, 8),
    },
    { requiredKeys: [] },
  )
  const token = fc
    .tuple(fc.constantFrom(' ', '  ', '\t', 'x', 'foo', '=', '(', ' a '), look)
    .map(([content, style]): CodeToken => ({ content, ...style }))
  // What a reader sees of each character: its colours and style, or nothing for a space that is
  // neither underlined nor struck through.
  const shown = (tokens: readonly CodeToken[]) =>
    tokens.flatMap((t) =>
      [...t.content].map((char) =>
        /[ \t]/.test(char) && ((t.fontStyle ?? 0) & 12) === 0
          ? `${char}`
          : `${char}|${t.light}|${t.dark}|${t.fontStyle ?? 0}`,
      ),
    )

  it('keeps every character and how it shows, and leaves no two neighbours that look the same', () => {
    fc.assert(
      fc.property(fc.array(token, { maxLength: 12 }), (line) => {
        const merged = mergeTokens(line)
        expect(merged.map((t) => t.content).join('')).toBe(line.map((t) => t.content).join(''))
        expect(shown(merged)).toEqual(shown(line))
        for (let i = 1; i < merged.length; i++) {
          const [a, b] = [merged[i - 1] as CodeToken, merged[i] as CodeToken]
          expect(a.light === b.light && a.dark === b.dark && (a.fontStyle ?? 0) === (b.fontStyle ?? 0)).toBe(false)
        }
        // A line of spaces alone keeps a colour: it is a highlighted line like any other.
        if (line.length > 0 && line.every((t) => /^[ \t]+$/.test(t.content)) && merged.length === 1)
          expect(merged[0]?.light).toBe(line[0]?.light)
      }),
    )
  })

  it('makes one token of an identifier, its spaces and an operator of one colour', () => {
    const fg = { light: '#1f2328', dark: '#e6edf3' }
    const keyword = { light: '#cf222e', dark: '#ff7b72' }
    const line = [
      { content: '  ', ...fg },
      { content: 'const', ...keyword },
      { content: ' ', ...fg },
      { content: 'x', ...fg },
      { content: ' ', ...fg },
      { content: '=', ...keyword },
      { content: ' ', ...fg },
      { content: 'y', ...fg },
    ]
    expect(mergeTokens(line)).toEqual([
      { content: '  const ', ...keyword },
      { content: 'x ', ...fg },
      { content: '= ', ...keyword },
      { content: 'y', ...fg },
    ])
  })
})
