import { describe, expect, it, vi } from 'vitest'
import { createShikiHighlighter } from '../../src/highlight/shiki'

// Which theme modules the highlighter fetched, in order; and whether the dark one fails to load.
const fetched = vi.hoisted(() => [] as string[])
const broken = vi.hoisted(() => ({ dark: false }))
vi.mock('shiki/themes/github-light-default.mjs', async (original) => {
  fetched.push('light')
  return await original()
})
vi.mock('shiki/themes/github-dark-default.mjs', async (original) => {
  fetched.push('dark')
  const module = await original<{ default: object }>()
  // A theme as a failed chunk would leave it: no theme to register.
  return {
    default: new Proxy(module.default, { get: (target, key) => (broken.dark ? undefined : Reflect.get(target, key)) }),
  }
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

  it('keeps highlighting for the other scheme when a theme fails to load', async () => {
    broken.dark = true
    try {
      const highlighter = createShikiHighlighter()
      await highlighter.showScheme?.('light')
      expect(await highlighter.load('typescript')).toBe(true)
      await highlighter.showScheme?.('dark')
      expect(highlighter.plainColor?.()).toEqual({ light: '#1f2328' })
      expect(highlighter.version?.()).toBe(0)
      const tokens = highlighter.tokenize('export const total = 1', 'typescript')?.lines.flat() ?? []
      expect(tokens.find((token) => token.content.startsWith('export'))?.light).toMatch(/^#/)

      // Asked for both before anything loaded, the core still comes up with the one that loads.
      const both = createShikiHighlighter()
      void both.showScheme?.('dark')
      void both.showScheme?.('light')
      expect(await both.load('json')).toBe(true)
      expect(both.plainColor?.()).toEqual({ light: '#1f2328' })
    } finally {
      broken.dark = false
    }
  })
})
