// The Markdown engine is loaded in a chunk of its own: what a text shows before it is there, once
// it is, and when it fails to load.
import { render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'

const ENGINE = '../../../src/components/Markdown/MarkdownEngine'

const TEXT = '# Title\n\nSome **bold** words\nand a second line.'

/** A copy of the kit's Markdown whose engine is not loaded yet, and the way to let it load. */
async function unloaded() {
  let release!: () => void
  let fail!: (error: Error) => void
  const gate = new Promise<void>((resolve, reject) => {
    release = resolve
    fail = reject
  })
  vi.resetModules()
  // The engine's chunk arrives when the test says so.
  vi.doMock(ENGINE, async (original) => {
    await gate
    return original()
  })
  const module = await import('../../../src/components/Markdown/Markdown')
  return { ...module, release, fail }
}

afterEach(() => {
  vi.doUnmock(ENGINE)
  vi.restoreAllMocks()
})

describe('Markdown, before and after its engine loads', () => {
  it('renders formatted at once when the engine is there', async () => {
    const { Markdown, preloadMarkdown } = await import('../../../src/components/Markdown/Markdown')
    await preloadMarkdown()
    render(<Markdown text={TEXT} />)
    // No wait: the first render already holds the heading.
    expect(screen.getByRole('heading', { name: 'Title' })).toBeInTheDocument()
    expect(document.querySelector('.cp-markdown--pending')).toBeNull()
  })

  it('shows the text as written until the engine arrives, then formats it in place', async () => {
    const { Markdown, release } = await unloaded()
    const { container } = render(<Markdown text={TEXT} />)
    const written = container.querySelector('.cp-markdown--pending')
    expect(written?.textContent).toBe(TEXT)
    expect(screen.queryByRole('heading')).toBeNull()
    release()
    expect(await screen.findByRole('heading', { name: 'Title' })).toBeInTheDocument()
    expect(container.querySelector('strong')?.textContent).toBe('bold')
    expect(container.querySelector('.cp-markdown--pending')).toBeNull()
  })

  it('keeps a streaming text growing while the engine loads', async () => {
    const { Markdown, release } = await unloaded()
    const view = render(<Markdown text="Hello" streaming />)
    view.rerender(<Markdown text="Hello **wor" streaming />)
    expect(view.container.textContent).toBe('Hello **wor')
    release()
    await vi.waitFor(() => expect(view.container.querySelector('strong')?.textContent).toBe('wor'))
    view.rerender(<Markdown text="Hello **world**, done." streaming />)
    expect(view.container.querySelector('strong')?.textContent).toBe('world')
  })

  it('lets a server render wait for it: preloadMarkdown, then renderToString formats', async () => {
    const { Markdown, preloadMarkdown, release } = await unloaded()
    const loaded = preloadMarkdown()
    release()
    await loaded
    const html = renderToString(<Markdown text={TEXT} />)
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toMatch(/<h\d[^>]*>Title<\/h\d>/)
  })

  it('leaves the text as written, and says why, when the engine fails to load', async () => {
    const { Markdown, fail } = await unloaded()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { container } = render(<Markdown text={TEXT} />)
    fail(new Error('chunk failed'))
    await vi.waitFor(() =>
      expect(errors.mock.calls.some(([message]) => String(message).includes('Markdown engine failed to load'))).toBe(
        true,
      ),
    )
    // Still the whole text, readable; no error boundary took it.
    expect(container.querySelector('.cp-markdown--pending')?.textContent).toBe(TEXT)
  })
})
