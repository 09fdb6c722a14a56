import { describe, expect, it, vi } from 'vitest'
import { createShikiHighlighter } from '../../src/highlight/shiki'

// Which theme modules the highlighter fetched, in order.
const fetched = vi.hoisted(() => [] as string[])
vi.mock('shiki/themes/github-light-default.mjs', async (original) => {
  fetched.push('light')
  return await original()
})
vi.mock('shiki/themes/github-dark-default.mjs', async (original) => {
  fetched.push('dark')
  return await original()
})

describe('the default shiki highlighter, fetching a theme once the page shows its scheme', () => {
  it('colours for the scheme shown, and adds the other when the page switches to it', async () => {
    const highlighter = createShikiHighlighter()
    const changes = vi.fn()
    highlighter.subscribe?.(changes)
    // A code block says which scheme it shows in before it asks for its grammar.
    await highlighter.showScheme?.('light')
    expect(fetched).toEqual([])
    expect(await highlighter.load('typescript')).toBe(true)
    expect(fetched).toEqual(['light'])
    expect(highlighter.plainColor?.()).toEqual({ light: '#1f2328' })
    const before = highlighter.version?.()
    const light = highlighter.tokenize('export const total = 1', 'typescript')?.lines.flat() ?? []
    expect(light.find((token) => token.content.startsWith('export'))?.light).toMatch(/^#/)
    expect(light.every((token) => token.dark === undefined)).toBe(true)
    expect(changes).not.toHaveBeenCalled()

    // The page turns dark: the dark theme is fetched, and tokens made before are out of date.
    await highlighter.showScheme?.('dark')
    expect(fetched).toEqual(['light', 'dark'])
    expect(highlighter.version?.()).not.toBe(before)
    expect(changes).toHaveBeenCalledTimes(1)
    expect(highlighter.plainColor?.()).toEqual({ light: '#1f2328', dark: '#e6edf3' })
    const both = highlighter.tokenize('export const total = 1', 'typescript')?.lines.flat() ?? []
    const keyword = both.find((token) => token.content.startsWith('export'))
    expect(keyword?.light).toMatch(/^#/)
    expect(keyword?.dark).toMatch(/^#/)

    // Asked again, nothing is fetched and nothing changes.
    await highlighter.showScheme?.('dark')
    await highlighter.showScheme?.('light')
    expect(fetched).toEqual(['light', 'dark'])
    expect(changes).toHaveBeenCalledTimes(1)
  })

  it('loads the core with a scheme asked for while it loads, the system’s with none, and fixed ones alone', async () => {
    const asked = createShikiHighlighter()
    const loading = asked.load('json')
    void asked.showScheme?.('dark')
    expect(await loading).toBe(true)
    expect(asked.plainColor?.()).toEqual({ dark: '#e6edf3' })
    expect(asked.version?.()).toBe(0)

    // Nothing asked (an app tokenizing on its own, no page here): the system's scheme, light.
    const unasked = createShikiHighlighter()
    expect(await unasked.load('json')).toBe(true)
    expect(unasked.plainColor?.()).toEqual({ light: '#1f2328' })

    const fixed = createShikiHighlighter({ schemes: ['dark'] })
    await fixed.showScheme?.('light')
    expect(await fixed.load('json')).toBe(true)
    expect(fixed.plainColor?.()).toEqual({ dark: '#e6edf3' })
    expect(fixed.version?.()).toBe(0)
  })
})
