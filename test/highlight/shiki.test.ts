import { describe, expect, it } from 'vitest'
import { createShikiHighlighter } from '../../src/highlight/shiki'

/** Whether the first line has tokens of more than one colour (highlighted, not plain text). */
const coloured = (lines: { light?: string }[][] | undefined) =>
  new Set((lines?.[0] ?? []).map((token) => token.light)).size > 1

describe('the shiki highlighter', () => {
  it('highlights a language outside the common ones, loading shiki’s index and its grammar on first use', async () => {
    const highlighter = createShikiHighlighter()
    const name = highlighter.resolve('elixir') as string
    expect(name).toBe('elixir')
    expect(highlighter.ready(name)).toBe(false)
    expect(await highlighter.load(name)).toBe(true)
    expect(highlighter.ready(name)).toBe(true)
    expect(coloured(highlighter.tokenize('defmodule Hello do\nend', name)?.lines)).toBe(true)
  })

  it('knows shiki’s aliases once its index is read', async () => {
    const highlighter = createShikiHighlighter()
    // Until the index is read, a name that could be a language is tried as one.
    expect(highlighter.resolve('gql')).toBe('gql')
    expect(await highlighter.load('gql')).toBe(true)
    expect(highlighter.resolve('gql')).toBe('graphql')
    expect(coloured(highlighter.tokenize('query { user { id } }', 'graphql')?.lines)).toBe(true)
  })

  it('says no to a language shiki does not have, and to names that are no language', async () => {
    const highlighter = createShikiHighlighter()
    expect(await highlighter.load('not-a-language')).toBe(false)
    expect(highlighter.resolve('not-a-language')).toBeNull()
    expect(highlighter.tokenize('x', 'not-a-language')).toBeNull()
    expect(highlighter.resolve('constructor')).toBeNull()
    expect(highlighter.resolve('<script>')).toBeNull()
    expect(highlighter.resolve('a'.repeat(200))).toBeNull()
  })

  it('takes a grammar of your own, and aliases to it or to shiki’s', async () => {
    const grammar = {
      name: 'greeting',
      scopeName: 'source.greeting',
      patterns: [{ match: '\\bhello\\b', name: 'keyword.control.greeting' }],
      repository: {},
    }
    const highlighter = createShikiHighlighter({
      langs: { greet: async () => ({ default: grammar }) },
      aliases: { hi: 'greet', typescript5: 'typescript' },
    })
    expect(highlighter.resolve('Hi')).toBe('greet')
    expect(await highlighter.load('hi')).toBe(true)
    const tokens = highlighter.tokenize('hello world', 'greet')?.lines[0] ?? []
    // The keyword has the theme's keyword colour, the rest the plain text colour.
    const hello = tokens.find((token) => token.content === 'hello')?.light
    expect(hello).toBeDefined()
    expect(hello).not.toBe(tokens.find((token) => token.content.includes('world'))?.light)
    expect(highlighter.resolve('typescript5')).toBe('typescript')
  })

  it('leaves code in its themes’ foreground without colours, and names that colour once its themes are loaded', async () => {
    const highlighter = createShikiHighlighter({ schemes: ['light', 'dark'] })
    expect(highlighter.plainColor?.()).toBeNull()
    expect(await highlighter.load('typescript')).toBe(true)
    // github-light-default's and github-dark-default's `fg`.
    const plain = highlighter.plainColor?.()
    expect(plain).toEqual({ light: '#1f2328', dark: '#e6edf3' })
    const lines = highlighter.tokenize('const total = sum(a, b)\n}', 'typescript')?.lines ?? []
    const tokens = lines.flat()
    expect(tokens.map((token) => token.content).join('')).toBe('const total = sum(a, b)}')
    // Every token has both its colours or neither; none has the plain colour written out.
    for (const token of tokens) {
      expect(token.light === undefined).toBe(token.dark === undefined)
      expect(token.light?.toLowerCase()).not.toBe(plain?.light)
    }
    // The call's arguments and the closing brace are in the foreground; the keyword and names are coloured.
    expect(lines[1]).toEqual([{ content: '}' }])
    expect(tokens.filter((token) => token.light === undefined).map((token) => token.content)).toEqual(['(a, b)', '}'])
    expect(tokens.find((token) => token.content.startsWith('const'))?.light).toBeDefined()
    expect(tokens.find((token) => token.content.includes('sum'))?.light).toBeDefined()
  })

  it('leaves a line longer than its limit plain, and highlights the lines after it as if it were there', async () => {
    const highlighter = createShikiHighlighter()
    await highlighter.load('javascript')
    const long = `const data = [${'1, '.repeat(700)}0]`
    expect(long.length).toBeGreaterThan(2_000)
    const code = `/* a comment\n${long}\nstill in it */ let after = 1`
    const lines = highlighter.tokenize(code, 'javascript')?.lines ?? []
    expect(lines[1]).toEqual([{ content: long }])
    // The comment opened before the long line still closes on the line after it.
    const closing = lines[2]?.find((token) => token.content.includes('still in it'))
    expect(closing?.light).toBe(lines[0]?.[0]?.light)
    expect(lines[2]?.find((token) => token.content.includes('let'))?.light).not.toBe(closing?.light)
    // The limit is an option; a line of exactly the limit is highlighted.
    const short = createShikiHighlighter({ maxLineLength: 11 })
    await short.load('javascript')
    expect(short.tokenize('let x = 100', 'javascript')?.lines[0]?.length).toBeGreaterThan(1)
    expect(short.tokenize('let x = 1000', 'javascript')?.lines[0]).toEqual([{ content: 'let x = 1000' }])
  })

  it('keeps a broken grammar of your own to plain code', async () => {
    const highlighter = createShikiHighlighter({ langs: { broken: () => Promise.reject(new Error('no such file')) } })
    expect(await highlighter.load('broken')).toBe(false)
    expect(highlighter.tokenize('x', 'broken')).toBeNull()
  })
})
