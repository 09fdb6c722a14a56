import { describe, expect, it } from 'vitest'
import { createShikiHighlighter } from '../../src/highlight/shiki'

/** Whether the first line has tokens of more than one colour (highlighted, not plain text). */
const coloured = (lines: { light?: string }[][] | undefined) => new Set((lines?.[0] ?? []).map((token) => token.light)).size > 1

describe('the shiki highlighter', () => {
  it('highlights a language outside the common ones, loading shiki’s index and its grammar on first use', async () => {
    const highlighter = createShikiHighlighter()
    const name = highlighter.resolve('elixir') as string
    expect(name).toBe('elixir')
    expect(highlighter.ready(name)).toBe(false)
    expect(await highlighter.load(name)).toBe(true)
    expect(highlighter.ready(name)).toBe(true)
    expect(coloured(highlighter.tokenize('defmodule Hello do\nend', name)?.lines)).toBe(true)
  }, 30_000)

  it('knows shiki’s aliases once its index is read', async () => {
    const highlighter = createShikiHighlighter()
    // Until the index is read, a name that could be a language is tried as one.
    expect(highlighter.resolve('gql')).toBe('gql')
    expect(await highlighter.load('gql')).toBe(true)
    expect(highlighter.resolve('gql')).toBe('graphql')
    expect(coloured(highlighter.tokenize('query { user { id } }', 'graphql')?.lines)).toBe(true)
  }, 30_000)

  it('says no to a language shiki does not have, and to names that are no language', async () => {
    const highlighter = createShikiHighlighter()
    expect(await highlighter.load('not-a-language')).toBe(false)
    expect(highlighter.resolve('not-a-language')).toBeNull()
    expect(highlighter.tokenize('x', 'not-a-language')).toBeNull()
    expect(highlighter.resolve('constructor')).toBeNull()
    expect(highlighter.resolve('<script>')).toBeNull()
    expect(highlighter.resolve('a'.repeat(200))).toBeNull()
  }, 30_000)

  it('takes a grammar of your own, and aliases to it or to shiki’s', async () => {
    const grammar = { name: 'greeting', scopeName: 'source.greeting', patterns: [{ match: '\\bhello\\b', name: 'keyword.control.greeting' }], repository: {} }
    const highlighter = createShikiHighlighter({ langs: { greet: async () => ({ default: grammar }) }, aliases: { hi: 'greet', typescript5: 'typescript' } })
    expect(highlighter.resolve('Hi')).toBe('greet')
    expect(await highlighter.load('hi')).toBe(true)
    const tokens = highlighter.tokenize('hello world', 'greet')?.lines[0] ?? []
    // The keyword has the theme's keyword colour, the rest the plain text colour.
    const hello = tokens.find((token) => token.content === 'hello')?.light
    expect(hello).toBeDefined()
    expect(hello).not.toBe(tokens.find((token) => token.content.includes('world'))?.light)
    expect(highlighter.resolve('typescript5')).toBe('typescript')
  }, 30_000)

  it('keeps a broken grammar of your own to plain code', async () => {
    const highlighter = createShikiHighlighter({ langs: { broken: () => Promise.reject(new Error('no such file')) } })
    expect(await highlighter.load('broken')).toBe(false)
    expect(highlighter.tokenize('x', 'broken')).toBeNull()
  })
})
