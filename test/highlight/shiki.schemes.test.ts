import { describe, expect, it, vi } from 'vitest'
import { createShikiHighlighter } from '../../src/highlight/shiki'

// Which theme modules the highlighter fetched.
const fetched = vi.hoisted(() => new Set<string>())
vi.mock('shiki/themes/github-light-default.mjs', async (original) => {
  fetched.add('light')
  return await original()
})
vi.mock('shiki/themes/github-dark-default.mjs', async (original) => {
  fetched.add('dark')
  return await original()
})

describe('the shiki highlighter on a page of one colour scheme', () => {
  it('fetches only the theme of the scheme the page shows, and colours tokens for it alone', async () => {
    const highlighter = createShikiHighlighter({ schemes: ['light'] })
    expect(await highlighter.load('typescript')).toBe(true)
    expect([...fetched]).toEqual(['light'])
    expect(highlighter.plainColor?.()).toEqual({ light: '#1f2328' })
    const tokens = highlighter.tokenize('export const total = sum(a, b)', 'typescript')?.lines.flat() ?? []
    expect(tokens.find((token) => token.content.startsWith('export'))?.light).toMatch(/^#/)
    expect(tokens.every((token) => token.dark === undefined)).toBe(true)

    // A dark page's highlighter fetches the dark theme, and colours for it alone.
    const dark = createShikiHighlighter({ schemes: ['dark'] })
    expect(await dark.load('typescript')).toBe(true)
    expect([...fetched].sort()).toEqual(['dark', 'light'])
    expect(dark.plainColor?.()).toEqual({ dark: '#e6edf3' })
    const darkTokens = dark.tokenize('export const total = 1', 'typescript')?.lines.flat() ?? []
    expect(darkTokens.find((token) => token.content.startsWith('export'))?.dark).toMatch(/^#/)
    expect(darkTokens.every((token) => token.light === undefined)).toBe(true)
  })
})
