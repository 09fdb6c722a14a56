import { cleanup, render } from '@testing-library/react'
import fc from 'fast-check'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { Markdown } from '../../../src/components/Markdown/Markdown'
import type { CodeToken, Highlighter } from '../../../src/highlight/types'
import { codeLinesIn, tokenColor } from '../../support/codeLines'
import { asInABrowser, framesOnRequest, loadedHighlighter, withConfig } from '../helpers'

describe('a code block being written', () => {
  it('commits the line it coloured at the frame in the frame’s callback, so no frame is painted with it uncoloured', async () => {
    const { highlighter, calls } = await loadedHighlighter()
    // Frames come only when the test says: the tokens below come within one frame.
    framesOnRequest()
    const wrapper = withConfig({ highlighter })
    const start = '```ts\nconst a = 1\nconst b'
    const { rerender, container } = render(<Markdown text={start} streaming />, { wrapper })
    rerender(<Markdown text={`${start} = (`} streaming />)
    const lastLine = (root: HTMLElement) => [...root.querySelectorAll('.cp-code__line')].at(-1)?.innerHTML
    // The line as it shows once tokenized whole (a block rendered with the line complete).
    const { container: whole } = render(<Markdown text={`${start} = (\n`} streaming />, { wrapper })
    const coloured = lastLine(whole)
    // Tokenized a moment ago: what was added waits, uncoloured, for the frame.
    calls.length = 0
    expect(lastLine(container)).not.toBe(coloured)
    asInABrowser()
    vi.advanceTimersToNextFrame()
    // Read as the frame's callback returns, before anything else runs: coloured.
    expect(calls).toEqual(['const b = ('])
    expect(lastLine(container)).toBe(coloured)
  })

  it('tokenizes its last line whole once the line’s break has come, though no line follows yet', async () => {
    // Every change tokenized at once (no frames to wait for).
    vi.stubGlobal('requestAnimationFrame', undefined)
    onTestFinished(() => {
      vi.unstubAllGlobals()
    })
    const fake = await loadedHighlighter()
    // A grammar that knows `string` only whole: its colour is not that of the letter it begins with.
    const highlighter: Highlighter = {
      ...fake.highlighter,
      tokenize: (code, lang, state) => {
        const result = fake.highlighter.tokenize(code, lang, state)
        return (
          result && {
            ...result,
            lines: result.lines.map((line) =>
              line.map((token) => (token.content === 'string' ? { ...token, light: '#0000ff' } : token)),
            ),
          }
        )
      },
    }
    const wrapper = withConfig({ highlighter })
    const { rerender, container } = render(<Markdown text={'```ts\nconst a: s'} streaming />, { wrapper })
    const colour = () => {
      const token = [...container.querySelectorAll('.cp-code__token')].find((each) => each.textContent?.startsWith('s'))
      return token && tokenColor(token)
    }
    // Letters that go on with a word take its colour while the line is written.
    rerender(<Markdown text={'```ts\nconst a: string'} streaming />)
    expect(colour()).toBe('#123456')
    const lines = () => codeLinesIn(container).map((line) => line.text)
    for (const ending of ['\n', '\r\n', '\n  ']) {
      rerender(<Markdown text={`\`\`\`ts\nconst a: string${ending}`} streaming />)
      expect(colour()).toBe('#0000ff')
      // The lines shown are the same: the break ends the line; the next, blank so far, is not shown yet.
      expect(lines()).toEqual(['const a: string'])
    }
  })
})

describe('a code block’s finished lines', () => {
  // Words in the looks a grammar gives: `a` and `b` one look, `c` another, `u` the first look
  // underlined, `p` the plain colour; spaces take the look of the word before them.
  const looks: Record<string, Omit<CodeToken, 'content'>> = {
    a: { light: '#111111', dark: '#eeeeee' },
    b: { light: '#111111', dark: '#eeeeee' },
    c: { light: '#222222', dark: '#dddddd' },
    u: { light: '#111111', dark: '#eeeeee', fontStyle: 4 },
    p: {},
  }
  const lookOf = (word: string) => looks[word[0] as string] ?? looks.a
  const highlighter: Highlighter = {
    resolve: (lang) => lang,
    ready: () => true,
    tokenize: (code) => ({
      lines: code
        .replace(/\n$/, '')
        .split('\n')
        .map((line) =>
          (line.match(/\S+\s*|\s+/g) ?? []).map((content) => ({ content, ...lookOf(content.trim() || 'a') })),
        ),
      state: null,
    }),
    load: async () => true,
  }
  const line = fc
    .array(fc.constantFrom('a', 'b', 'c', 'u', 'p', 'aa', '  ', ' '), { maxLength: 4 })
    .map((words) => words.join(' '))
  // What a reader sees of each character: its colour class and style; nothing for a line break,
  // or for a space outside an underlined token.
  const shown = (block: Element) => {
    const out: string[] = []
    const walk = (node: Node) => {
      if (node.nodeType === 3) {
        const token = node.parentElement?.closest('.cp-code__token')
        const look = token ? `${token.className}|${token.getAttribute('data-style') ?? ''}` : 'plain'
        for (const char of (node as Text).data)
          out.push(char === '\n' || (char === ' ' && !look.endsWith('|4')) ? char : `${char}:${look}`)
      } else node.childNodes.forEach(walk)
    }
    block.querySelectorAll('.cp-code__chunk, .cp-code__line').forEach(walk)
    return out
  }

  it('show every character in its look, a run of one look over lines as one element, streamed or whole', () => {
    vi.stubGlobal('requestAnimationFrame', undefined)
    onTestFinished(() => {
      vi.unstubAllGlobals()
    })
    const wrapper = withConfig({ highlighter })
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
        const code = lines.join('\n')
        const fence = (body: string) => `\`\`\`ts\n${body}`
        // Streamed a line at a time, then closed; and the closed block rendered at once.
        const { rerender, container: streamed } = render(<Markdown text={fence('')} streaming />, { wrapper })
        for (let i = 1; i <= lines.length; i++)
          rerender(<Markdown text={fence(`${lines.slice(0, i).join('\n')}\n`)} streaming />)
        rerender(<Markdown text={fence(`${code}\n\`\`\``)} />)
        const { container: whole } = render(<Markdown text={fence(`${code}\n\`\`\``)} />, { wrapper })
        expect(streamed.innerHTML).toBe(whole.innerHTML)
        // Each character as the grammar coloured it.
        const expected = lines.flatMap((text) => [
          ...(text.match(/\S+\s*|\s+/g) ?? []).flatMap((word) => {
            const look = lookOf(word.trim() || 'a')
            return [...word].map((char) => ({ char, look }))
          }),
          { char: '\n', look: {} },
        ])
        const seen = shown(whole)
        expect(seen.map((each) => each[0]).join('')).toBe(`${code}\n`)
        const classOf = new Map<string, string>()
        seen.forEach((each, i) => {
          const want = expected[i] as { char: string; look: Omit<CodeToken, 'content'> }
          const [, look] = each.split(/:(.*)/s)
          if (look === undefined) {
            // Shown as nothing: a line break, or a space outside an underlined token.
            if (want.char === ' ') expect(want.look.fontStyle ?? 0).not.toBe(4)
            return
          }
          const key = `${want.look.light ?? ''}|${want.look.dark ?? ''}|${want.look.fontStyle ?? 0}`
          if (look === 'plain') expect(want.look.light).toBeUndefined()
          else {
            // One look, one class and style, whichever token it came from.
            expect(classOf.get(key) ?? look).toBe(look)
            classOf.set(key, look)
            expect(look.endsWith('|4')).toBe(want.look.fontStyle === 4)
          }
        })
        // No two elements side by side in one look: they would have been one.
        for (const token of whole.querySelectorAll('.cp-code__token')) {
          const before = token.previousSibling
          if (before instanceof Element && before.matches('.cp-code__token'))
            expect(`${before.className}|${before.getAttribute('data-style')}`).not.toBe(
              `${token.className}|${token.getAttribute('data-style')}`,
            )
        }
        cleanup()
      }),
      { numRuns: 60 },
    )
  })
})
