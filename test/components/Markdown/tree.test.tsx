import { render } from '@testing-library/react'
import ReactMarkdown from 'react-markdown'
import { describe, expect, it } from 'vitest'
import { ChatpartsProvider } from '../../../src/components/shared/config'
import { remarkGfmParse } from '../../../src/markdown/gfm'
import { MAX_DEPTH, remarkUntrusted } from '../../../src/markdown/tree'
import { TextPart } from '../../../src/components/TextPart/TextPart'

const part = (text: string) => ({ id: 'prt_1', sessionID: 'ses_1', messageID: 'msg_1', type: 'text' as const, text })
const show = (text: string, streaming = false) =>
  render(
    <ChatpartsProvider highlighter={null}>
      <TextPart part={part(text)} streaming={streaming} />
    </ChatpartsProvider>,
  ).container

// Markup this deep is past what the kit parses (see intricacy.ts) and is shown as written before it
// reaches the parser; the transform is tested on its own here, as the net under anything that is not.
const tree = (text: string) =>
  render(<ReactMarkdown remarkPlugins={[remarkGfmParse, remarkUntrusted]}>{text}</ReactMarkdown>).container

/** How deep elements nest under `root`. */
function depth(root: Element): number {
  let deepest = 0
  const stack: [Element, number][] = [[root, 0]]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [element, level] = next
    deepest = Math.max(deepest, level)
    for (const child of element.children) stack.push([child, level + 1])
  }
  return deepest
}

describe('markdown nested without end', () => {
  it('shows 5,000 quotes in a row: some nested, the rest as written, no stack overflow', () => {
    const container = tree(`${'>'.repeat(5_000)} deep`)
    const quotes = container.querySelectorAll('blockquote')
    expect(quotes.length).toBeGreaterThan(MAX_DEPTH / 2)
    expect(quotes.length).toBeLessThanOrEqual(MAX_DEPTH)
    // Every mark and the word are on the page.
    expect(container.textContent?.replace(/\s/g, '')).toBe(`${'>'.repeat(5_000 - quotes.length)}deep`)
    expect(depth(container)).toBeLessThan(MAX_DEPTH + 12)
    // 1.3-1.5 s alone, 7 s on a machine running another suite beside it.
  })

  it('shows thousands of emphasis marks around a word, every mark and the word on the page', () => {
    const container = tree(`${'*'.repeat(1_000)}word${'*'.repeat(1_000)}`)
    const text = container.textContent ?? ''
    expect(text).toContain('word')
    const nested = container.querySelectorAll('em, strong').length
    expect(nested).toBeGreaterThan(0)
    // What is not an element is a mark as written: each element took one (em) or two (strong) from each side.
    const marks = [...container.querySelectorAll('em, strong')].reduce(
      (sum, element) => sum + (element.tagName === 'EM' ? 2 : 4),
      0,
    )
    expect(text.split('').filter((char) => char === '*').length + marks).toBe(2_000)
    expect(depth(container)).toBeLessThan(MAX_DEPTH + 12)
  })

  it('cuts emphasis nested past the limit in separate marks, which the kit does parse', () => {
    const container = show(`${'*a '.repeat(60)}b${' a*'.repeat(60)}`)
    expect(container.querySelector('.cp-md-unformatted')).toBeNull()
    expect(container.querySelectorAll('em').length).toBeGreaterThan(MAX_DEPTH / 2)
    expect(container.querySelectorAll('em').length).toBeLessThan(MAX_DEPTH)
    expect(container.textContent?.replace(/\s/g, '')).toContain('b')
    expect(depth(container)).toBeLessThan(MAX_DEPTH + 12)
  })

  it('keeps every item of a list nested 100 deep', () => {
    const text = Array.from({ length: 100 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n')
    const container = show(text)
    for (let i = 0; i < 100; i++) expect(container.textContent).toContain(`item ${i}`)
    expect(depth(container)).toBeLessThan(MAX_DEPTH + 12)
  })

  it('cuts below a table, not inside it: a table at the limit keeps its rows and cells', () => {
    const quote = '> '.repeat(MAX_DEPTH - 1)
    const container = tree(`${quote}| a | b |\n${quote}|---|---|\n${quote}| 1 | **2** |`)
    expect(container.querySelectorAll('td')).toHaveLength(2)
    expect(container.querySelector('td:last-child')?.textContent).toBe('**2**')
  })
})
