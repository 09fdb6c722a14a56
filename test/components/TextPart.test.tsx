import { act, render, screen, waitFor, within } from '@testing-library/react'
import type { ComponentProps } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ChatpartsProvider } from '../../src/components/shared/config'
import { Markdown } from '../../src/components/Markdown/Markdown'
import { TextPart } from '../../src/components/TextPart/TextPart'
import { createUrlPolicy } from '../../src/components/shared/urlPolicy'
import type { TextPart as TextPartData } from '../../src/core/model/types'
import { opencodeSession } from '../fixtures/opencode'
import { fakeHighlighter, framesOnRequest, loadedHighlighter, withConfig } from './helpers'
import { allCodeLines } from '../support/codeLines'

const userText = opencodeSession.messages[0]?.parts[0] as TextPartData
const text = (value: string, extra: Partial<TextPartData> = {}): TextPartData => ({
  ...userText,
  text: value,
  ...extra,
})

describe('TextPart', () => {
  it('renders the real user message as markdown, inline code included', () => {
    render(<TextPart part={userText} />, { wrapper: withConfig() })
    expect(screen.getByText('TEST_EDITS.md').tagName).toBe('CODE')
    expect(document.querySelector('[data-part="text"]')).not.toBeNull()
  })

  it('renders GFM: tables, task lists, strikethrough and autolinks', () => {
    const markdown = '| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~ www.example.com'
    render(<TextPart part={text(markdown)} />, { wrapper: withConfig() })
    expect(screen.getByRole('table')).toBeTruthy()
    expect(screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([true, false])
    expect(screen.getByText('old').tagName).toBe('DEL')
    const link = screen.getByRole('link', { name: 'www.example.com' })
    expect(link.getAttribute('href')).toBe('http://www.example.com/')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(link.getAttribute('target')).toBe('_blank')
  })

  it('shows raw HTML as text, never as elements', () => {
    render(<TextPart part={text('Hi <img src=x onerror="alert(1)"> <b>bold</b>\n\n<script>alert(1)</script>')} />, {
      wrapper: withConfig(),
    })
    expect(document.querySelector('img, script, b')).toBeNull()
    expect(screen.getByText(/<script>alert\(1\)<\/script>/)).toBeTruthy()
    expect(screen.getByText(/onerror/)).toBeTruthy()
  })

  it('does not link script URLs, and keeps remote images behind a click', () => {
    render(<TextPart part={text('[click](javascript:alert(1)) ![chart](https://attacker.example/p.png?d=secret)')} />, {
      wrapper: withConfig(),
    })
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByText('click').className).toBe('cp-link-blocked')
    expect(document.querySelector('img')).toBeNull()
    const gate = screen.getByRole('button', { name: /Load image from attacker\.example/ })
    gate.focus()
    act(() => gate.click())
    expect(screen.getByRole('img', { name: 'chart' }).getAttribute('src')).toBe(
      'https://attacker.example/p.png?d=secret',
    )
    // The focus moves to the image that replaced the button.
    expect(document.activeElement).toBe(screen.getByRole('img', { name: 'chart' }))
  })

  it('loads images from allowed origins at once', () => {
    render(<TextPart part={text('![logo](https://cdn.example.com/logo.png)')} />, {
      wrapper: withConfig({ urlPolicy: createUrlPolicy({ imageOrigins: ['https://cdn.example.com'] }) }),
    })
    expect(screen.getByRole('img', { name: 'logo' })).toBeTruthy()
  })

  it('marks synthetic and ignored text instead of hiding it', () => {
    const { rerender } = render(<TextPart part={text('Summary of earlier work', { synthetic: true })} />, {
      wrapper: withConfig(),
    })
    expect(screen.getByText('Added by the agent')).toBeTruthy()
    expect(screen.getByText('Summary of earlier work')).toBeTruthy()
    rerender(<TextPart part={text('Skipped', { ignored: true })} />)
    expect(screen.getByText('Ignored')).toBeTruthy()
    expect(document.querySelector('[data-ignored]')).not.toBeNull()
  })

  it('shows a long synthetic text (an attached file read in) folded, and opened with its line breaks', () => {
    const file = [
      'Called the Read tool with the following input: {"filePath":"src/app.ts"}',
      '<file>',
      ...Array.from({ length: 119 }, (_, i) => `${String(i + 1).padStart(5, '0')}| const line${i} = ${i}`),
    ].join('\n')
    render(<TextPart part={text(file, { synthetic: true })} />, { wrapper: withConfig() })
    const toggle = screen.getByRole('button', { name: /Added by the agent · 121 lines/ })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(document.querySelector('.cp-text__preview')?.textContent).toBe(
      'Called the Read tool with the following input: {"filePath":"src/app.ts"} …',
    )
    act(() => toggle.click())
    // Shown as it is: one line per line, no markdown paragraph swallowing the breaks.
    const shown = document.querySelector('.cp-longtext__pre') as HTMLElement
    expect(shown.textContent?.split('\n')[2]).toBe('00001| const line0 = 0')
    expect(document.querySelector('.cp-markdown')).toBeNull()
  })
})

describe('TextPart while streaming', () => {
  const renderStreaming = (value: string) =>
    render(<TextPart part={text(value)} streaming />, { wrapper: withConfig() })

  it('renders an unclosed code fence as a code block, not as text', () => {
    renderStreaming('Here:\n\n```ts\nconst a = 1\nconst b')
    const block = document.querySelector('.cp-code') as HTMLElement
    expect(block.dataset.lang).toBe('ts')
    expect(within(block).getByText(/const a = 1/)).toBeTruthy()
    expect(document.body.textContent).not.toContain('```')
  })

  it('never flashes raw emphasis, code or link syntax', () => {
    for (const partial of ['It is **very', 'Run `npm', 'See [docs](https://exa', 'It is *quite']) {
      const { unmount, container } = renderStreaming(partial)
      expect(container.textContent, partial).not.toMatch(/\*|`|\[|\]|\(/)
      unmount()
    }
  })

  it('keeps a half-typed table a table', () => {
    const { container, rerender } = renderStreaming('| Name | Size |')
    expect(container.querySelector('table')).not.toBeNull()
    rerender(<TextPart part={text('| Name | Size |\n|--')} streaming />)
    expect(container.querySelector('table')).not.toBeNull()
    rerender(<TextPart part={text('| Name | Size |\n|---|---|\n| a.txt | 1')} streaming />)
    expect(container.querySelectorAll('tbody tr')).toHaveLength(1)
  })

  it('does not re-render finished blocks while the tail grows', () => {
    const rendered: string[] = []
    const components: ComponentProps<typeof Markdown>['components'] = {
      p: ({ children }) => {
        rendered.push(String(Array.isArray(children) ? children.join('') : children))
        return <p>{children}</p>
      },
    }
    let tail = 'Second'
    const { rerender } = render(<Markdown text={`First paragraph.\n\n${tail}`} streaming components={components} />, {
      wrapper: withConfig(),
    })
    for (const word of [' grows', ' word', ' by', ' word.']) {
      tail += word
      rerender(<Markdown text={`First paragraph.\n\n${tail}`} streaming components={components} />)
    }
    expect(rendered.filter((paragraph) => paragraph === 'First paragraph.')).toHaveLength(1)
    expect(rendered.filter((paragraph) => paragraph.startsWith('Second'))).toHaveLength(5)
  })

  it('streams a list as one list element, re-rendering only its last item', () => {
    const rendered: string[] = []
    const components: ComponentProps<typeof Markdown>['components'] = {
      code: ({ children }) => {
        rendered.push(String(children))
        return <code>{children}</code>
      },
    }
    let source = ''
    const { rerender } = render(<Markdown text={source} streaming components={components} />, { wrapper: withConfig() })
    for (const item of ['- `one`', '\n- `two`', '\n- `three`']) {
      source += item
      rerender(<Markdown text={source} streaming components={components} />)
      expect(document.querySelectorAll('ul')).toHaveLength(1)
    }
    expect([...document.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['one', 'two', 'three'])
    // Each item's code rendered when its item was written; never again (its source did not change
    // when it stopped being the last item).
    expect(rendered.filter((code) => code === 'one')).toHaveLength(1)
    const streamed = document.querySelector('.cp-markdown')?.innerHTML.replace(/>\s+</g, '><')
    rerender(<Markdown text={source} components={components} />)
    expect(document.querySelector('.cp-markdown')?.innerHTML.replace(/>\s+</g, '><')).toBe(streamed)
  })

  it('ends a streamed reply with the same DOM as the whole text rendered at once', () => {
    const reply = [
      '## Plan',
      'Some **bold** text, `code`, a [link](https://example.com) and ~~old~~ words.',
      '1. first\n2. second\n   - nested',
      '| a | b |\n|---|---|\n| 1 | 2 |',
      '```ts\nconst a = 1\n\nconst b = 2\n```',
      '> quoted\n> text',
    ].join('\n\n')
    const { rerender, container } = render(<Markdown text="" streaming />, { wrapper: withConfig() })
    for (let end = 1; end <= reply.length; end += 3) rerender(<Markdown text={reply.slice(0, end)} streaming />)
    rerender(<Markdown text={reply} />)
    const streamed = container.innerHTML
    const fresh = render(<Markdown text={reply} />, { wrapper: withConfig() })
    expect(streamed).toBe(fresh.container.innerHTML)
  })
})

describe('code blocks', () => {
  it('shows plain code at once, then highlighted code once the grammar loads', async () => {
    const fake = fakeHighlighter()
    render(
      <ChatpartsProvider highlighter={fake.highlighter}>
        <TextPart part={text('```ts\nconst answer = 42\n```')} />
      </ChatpartsProvider>,
    )
    expect(screen.getByText('const answer = 42')).toBeTruthy()
    expect(document.querySelector('.cp-code__token')).toBeNull()
    await act(async () => fake.release())
    // The fake grammar colours every word alike: the line is one coloured run.
    await waitFor(() =>
      expect([...document.querySelectorAll('.cp-code__token')].map((token) => token.textContent)).toEqual([
        'const answer = 42\n',
      ]),
    )
    // The language label is the language's name, not the fence's abbreviation.
    expect(screen.getByText('TypeScript')).toBeTruthy()
  })

  it('highlights a finished block after mounting, not while mounting, and at once when the same block mounts again', async () => {
    const fake = await loadedHighlighter()
    const source = '```ts\nlet kept = 1\n```'
    const first = render(
      <ChatpartsProvider highlighter={fake.highlighter}>
        <TextPart part={text(source)} />
      </ChatpartsProvider>,
    )
    // The grammar is ready, yet the mount itself tokenizes nothing: the text shows plain first.
    expect(fake.calls).toEqual([])
    expect(screen.getByText('let kept = 1')).toBeTruthy()
    expect(document.querySelector('.cp-code__token')).toBeNull()
    await waitFor(() => expect(document.querySelectorAll('.cp-code__token').length).toBeGreaterThan(0))
    expect(fake.calls).toEqual(['let kept = 1'])
    first.unmount()
    // Mounted again (a virtualized list scrolled back to it): coloured at the first render, nothing tokenized again.
    render(
      <ChatpartsProvider highlighter={fake.highlighter}>
        <TextPart part={text(source)} />
      </ChatpartsProvider>,
    )
    expect([...document.querySelectorAll('.cp-code__token')].map((token) => token.textContent)).toEqual([
      'let kept = 1\n',
    ])
    expect(fake.calls).toEqual(['let kept = 1'])
  })

  it('colours a block that arrives with hundreds of lines mid-stream over the next frames, not all in the first render', async () => {
    const fake = await loadedHighlighter()
    const code = Array.from({ length: 400 }, (_, i) => `const value${i} = compute(${i}, 'some text')`).join('\n')
    render(
      <ChatpartsProvider highlighter={fake.highlighter}>
        <TextPart part={text(`\`\`\`ts\n${code}\nconst la`)} streaming />
      </ChatpartsProvider>,
    )
    const lines = () => allCodeLines(document)
    const highlighted = () => lines().filter((line) => line.tokens.length > 0).length
    expect(lines()).toHaveLength(401)
    expect(highlighted()).toBeGreaterThan(0)
    expect(highlighted()).toBeLessThan(400)
    await waitFor(() => expect(highlighted()).toBe(401))
  })

  it('keeps a streamed block highlighted when its message finishes: no plain frame in between', async () => {
    const fake = await loadedHighlighter('python')
    const part = text('```py\nx = 1\ny = 2')
    const view = render(
      <ChatpartsProvider highlighter={fake.highlighter}>
        <TextPart part={part} streaming />
      </ChatpartsProvider>,
    )
    expect(document.querySelectorAll('.cp-code .cp-code__token').length).toBeGreaterThan(0)
    view.rerender(
      <ChatpartsProvider highlighter={fake.highlighter}>
        <TextPart part={{ ...part, text: '```py\nx = 1\ny = 2\n```' }} />
      </ChatpartsProvider>,
    )
    expect(allCodeLines(document).map((line) => line.tokens.length > 0)).toEqual([true, true])
  })

  it('keeps a block of one line highlighted when its line ends with the closing fence in the same update', async () => {
    const fake = await loadedHighlighter('python')
    const view = render(
      <ChatpartsProvider highlighter={fake.highlighter}>
        <TextPart part={text('```py\nprint(1')} streaming />
      </ChatpartsProvider>,
    )
    expect(document.querySelector('.cp-code .cp-code__token')).not.toBeNull()
    // Its only line was being written; the rest of it and the fence come at once (a frame's tokens joined).
    for (const streaming of [true, false]) {
      view.rerender(
        <ChatpartsProvider highlighter={fake.highlighter}>
          <TextPart part={text('```py\nprint(1)\n```\n\nDone.')} streaming={streaming} />
        </ChatpartsProvider>,
      )
      expect(allCodeLines(document).map((line) => line.tokens.length > 0)).toEqual([true])
    }
  })

  it('highlights a growing block incrementally: each complete line once, and never back to plain', async () => {
    // Frames come only when the test says, so which changes come within one frame does not depend on the machine.
    framesOnRequest()
    const fake = fakeHighlighter()
    fake.release()
    const lines = ['def main():', '    print("hi")', '    return 0']
    const { rerender } = render(
      <ChatpartsProvider highlighter={fake.highlighter}>
        <TextPart part={text('```py\n')} streaming />
      </ChatpartsProvider>,
    )
    await act(async () => {})
    let source = '```py\n'
    const highlightedBefore: number[] = []
    for (const line of lines) {
      for (const char of line) {
        source += char
        rerender(
          <ChatpartsProvider highlighter={fake.highlighter}>
            <TextPart part={text(source)} streaming />
          </ChatpartsProvider>,
        )
        const highlighted = allCodeLines(document).filter((line) => line.tokens.length > 0).length
        expect(highlighted).toBeGreaterThanOrEqual(highlightedBefore.at(-1) ?? 0)
        highlightedBefore.push(highlighted)
      }
      source += '\n'
    }
    rerender(
      <ChatpartsProvider highlighter={fake.highlighter}>
        <TextPart part={text(`${source}\`\`\``)} />
      </ChatpartsProvider>,
    )
    expect(allCodeLines(document)).toHaveLength(3)
    expect(allCodeLines(document).every((line) => line.tokens.length > 0)).toBe(true)
    // Complete lines are tokenized once each; the rest of the calls are the live last line. All of
    // it came within one frame (none came), so after the first line's first letters
    // everything waited for the frame, and the finished block tokenized the lines in one call (see
    // the LineHighlights tests for frames that pass).
    const complete = fake.calls.filter((call) => call.endsWith('\n'))
    expect(complete.join('')).toBe('def main():\n    print("hi")\n    return 0\n')
    const live = fake.calls.filter((call) => !call.endsWith('\n'))
    expect(live.length).toBeLessThanOrEqual(1)
  })

  it('copies the code to the clipboard and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    render(<TextPart part={text('```sh\nnpm test\n```')} />, { wrapper: withConfig() })
    await act(async () => screen.getByRole('button', { name: 'Copy code' }).click())
    expect(writeText).toHaveBeenCalledWith('npm test')
    expect(screen.getByText('Copied')).toBeTruthy()
  })
})
