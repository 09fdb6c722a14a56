import { render } from '@testing-library/react'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { closesFence, FENCE } from '../../../src/markdown/lines'
import { ChatpartsProvider } from '../../../src/components/shared/config'
import { TextPart } from '../../../src/components/TextPart'
import { textHeightGuess } from '../../../src/components/shared/progressive'
import { defaultUrlPolicy, type UrlPolicy } from '../../../src/components/shared/urlPolicy'

// The budget of a task, in ms, as progressive.ts sets it; each block below "costs" BLOCK_MS.
const BUDGET_MS = 12
const BLOCK_MS = 4

/**
 * A clock that moves only when a link is rendered, so what a task renders in full is counted in
 * links: every paragraph below has one. Each task's time is the clock's advance within it (a task
 * ends at the next microtask checkpoint, which a synchronous render never reaches).
 */
let clock = 0
let taskStarted: number | null = null
let longestTask = 0
const policy: UrlPolicy = {
  ...defaultUrlPolicy,
  link(url) {
    if (taskStarted === null) {
      const start = clock
      taskStarted = start
      queueMicrotask(() => {
        longestTask = Math.max(longestTask, clock - start)
        taskStarted = null
      })
    }
    clock += BLOCK_MS
    return defaultUrlPolicy.link(url)
  },
}

const paragraphs = (name: string, count: number) =>
  Array.from(
    { length: count },
    (_, i) => `${name} paragraph ${i} has [a link](https://example.com/${name}/${i}).`,
  ).join('\n\n')
const part = (id: string, text: string) => ({
  id,
  sessionID: 'ses_1',
  messageID: `msg_${id}`,
  type: 'text' as const,
  text,
})

class NoView {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return []
  }
}

beforeEach(() => {
  clock = 0
  taskStarted = null
  longestTask = 0
  vi.spyOn(performance, 'now').mockImplementation(() => clock)
  // Formatting later needs a view to favour; none is ever reported, so items go in order of arrival.
  vi.stubGlobal('IntersectionObserver', NoView)
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const pending = (container: HTMLElement) => container.querySelectorAll('.cp-markdown--pending').length
const settle = async (container: HTMLElement) => {
  for (let i = 0; i < 200 && pending(container) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

describe('formatting finished text a budget per task', () => {
  it('counts, in a task that formats a text, the blocks formatted before it in the same task', async () => {
    // At mount the first text renders 3 blocks (12 ms) and waits with 2; the second text waits
    // whole. The first task after it formats those 2 blocks (8 ms), then has time for the second
    // text: its blocks may take what is left of the task's 12 ms, not 12 ms of their own.
    const { container } = render(
      <ChatpartsProvider highlighter={null} urlPolicy={policy}>
        <TextPart part={part('a', paragraphs('first', 5))} />
        <TextPart part={part('b', paragraphs('second', 8))} />
      </ChatpartsProvider>,
    )
    expect(pending(container)).toBe(3)
    await settle(container)
    expect(pending(container)).toBe(0)
    expect(container.querySelectorAll('a')).toHaveLength(13)
    // A task may overrun its budget by the block that crosses it, no more.
    expect(longestTask).toBeLessThanOrEqual(BUDGET_MS + BLOCK_MS)
  })
})

describe('the height guessed for a text', () => {
  const long = 'x'.repeat(20_000)
  it('wraps a long line of prose at about 100 characters and keeps a long line of code one line', () => {
    expect(textHeightGuess(long)).toBe(200 * 21)
    const fenced = textHeightGuess(`\`\`\`js\n${long}\n\`\`\``)
    expect(fenced).toBeLessThan(4 * 21)
    expect(textHeightGuess(`~~~\n${long}\n~~~`)).toBe(fenced)
  })

  it('closes a fence only with its own kind of marker, at least as long', () => {
    const inside = textHeightGuess(`\`\`\`\`\n\`\`\`\n${long}\n\`\`\`\``)
    expect(inside).toBeLessThan(5 * 21)
    // ``` does not close ~~~: the long line is still code.
    expect(textHeightGuess(`~~~\n\`\`\`\n${long}\n~~~`)).toBe(inside)
    // After a closed fence, a long line is prose again.
    expect(textHeightGuess(`\`\`\`\ncode\n\`\`\`\n${long}`)).toBeGreaterThan(200 * 21)
    // A fence never closed runs to the end.
    expect(textHeightGuess(`\`\`\`\n${long}\n${long}`)).toBeLessThan(4 * 21)
  })

  it('reads a fence indented up to three spaces, and not one indented four', () => {
    expect(textHeightGuess(`   \`\`\`\n${long}\n   \`\`\``)).toBeLessThan(4 * 21)
    expect(textHeightGuess(`    \`\`\`\n${long}\n    \`\`\``)).toBeGreaterThan(200 * 21)
    // A closing fence indented three spaces closes; one indented four is a line of the code.
    expect(textHeightGuess(`\`\`\`\ncode\n   \`\`\`\n${long}`)).toBeGreaterThan(200 * 21)
    expect(textHeightGuess(`\`\`\`\ncode\n    \`\`\`\n${long}`)).toBeLessThan(5 * 21)
  })

  it('is what reading the text line by line gives, for texts of fences, indents, dollars and long lines', () => {
    // The guess read as its doc says, each line cut out and matched: the reference.
    const lineByLine = (text: string) => {
      let lines = 0
      let fence: string | null = null
      for (const line of text.split('\n')) {
        if (fence !== null) {
          if (closesFence(line, fence)) fence = null
          lines += 0.9
        } else {
          fence = FENCE.exec(line)?.[1] ?? null
          lines += line.length === 0 ? 0.5 : Math.ceil(line.length / 100)
        }
      }
      return Math.round(lines * 21)
    }
    const line = fc
      .tuple(
        fc.constantFrom('', ' ', '  ', '   ', '    ', '\t'),
        fc.constantFrom('', '`', '``', '```', '````', '~~~', '~~~~', '$$', '```js', '~~~ x', '``` `', 'text', '- item'),
        fc.constantFrom('', ' ', 'x', ' \t', '\r', 'a'.repeat(99), 'b'.repeat(250)),
      )
      .map((parts) => parts.join(''))
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.boolean(), (lines, trailing) => {
        const text = lines.join('\n') + (trailing ? '\n' : '')
        expect(textHeightGuess(text)).toBe(lineByLine(text))
      }),
      { numRuns: 2000 },
    )
  })
})
