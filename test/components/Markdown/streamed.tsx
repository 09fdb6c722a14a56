// Streams Markdown through React and compares it with the same text rendered whole: the helpers
// of the streaming Markdown tests, shared by their files.
import { act, render } from '@testing-library/react'
import fc from 'fast-check'
import { type ComponentProps } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import ReactMarkdown from 'react-markdown'
import { expect, vi } from 'vitest'
import { ChatpartsProvider } from '../../../src/components/shared/config'
import { remarkGfmParse } from '../../../src/markdown/gfm'
import { Markdown } from '../../../src/components/Markdown/Markdown'
import { defaultDiagramRenderer } from '../../../src/diagrams/index'
import { defaultMathRenderer } from '../../../src/math/index'

/** Settings of the provider beside the highlighter (the math syntax, say); KaTeX and mermaid unless they say otherwise. */
export type Settings = Omit<ComponentProps<typeof ChatpartsProvider>, 'children'>

export const view = (text: string, streaming: boolean, settings: Settings = {}) => (
  <ChatpartsProvider highlighter={null} math={defaultMathRenderer()} diagrams={defaultDiagramRenderer()} {...settings}>
    <Markdown text={text} streaming={streaming} />
  </ChatpartsProvider>
)

/** Streams `text` in pieces of `step` characters, then finishes it; gives the container. */
export function stream(text: string, step: number, settings: Settings = {}) {
  const result = render(view('', true, settings))
  for (let end = step; end < text.length; end += step)
    act(() => result.rerender(view(text.slice(0, end), true, settings)))
  act(() => result.rerender(view(text, false, settings)))
  return result
}

export const fresh = (text: string, settings: Settings = {}) => render(view(text, false, settings)).container.innerHTML

/** What the parser gives for `markdown` parsed whole, written through the DOM (`<hr>`, not `<hr/>`). */
export const parsedWhole = (markdown: string) =>
  new DOMParser().parseFromString(
    renderToStaticMarkup(<ReactMarkdown remarkPlugins={[remarkGfmParse]}>{markdown}</ReactMarkdown>),
    'text/html',
  ).body.innerHTML
/** The first block group of a rendered text: its blocks, without the kit's wrappers. */
export const firstGroup = (html: string) =>
  new DOMParser().parseFromString(html, 'text/html').querySelector('.cp-markdown__group')?.innerHTML

/**
 * Checks that every text `texts` gives, streamed in any steps, ends as the text rendered whole, and
 * that no render on the way nests elements as HTML does not allow (React says so on the console).
 */
export function streamsAsWhole(texts: fc.Arbitrary<string>, numRuns: number, settings: Settings = {}) {
  fc.assert(
    fc.property(texts, fc.integer({ min: 1, max: 9 }), (text, step) => {
      const errors = vi.spyOn(console, 'error')
      try {
        expect(stream(text, step, settings).container.innerHTML, JSON.stringify(text)).toBe(fresh(text, settings))
        expect(
          errors.mock.calls.map((call) => String(call[0])).filter((message) => message.startsWith('In HTML')),
          JSON.stringify(text),
        ).toEqual([])
      } finally {
        errors.mockRestore()
      }
    }),
    { numRuns },
  )
}
