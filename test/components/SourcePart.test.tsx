import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Message } from '../../src/components/MessageView'
import { SourcePart } from '../../src/components/SourcePart/SourcePart'
import { fromUIMessages } from '../../src/protocols/aisdk'

const reply = fromUIMessages([
  {
    id: 'm',
    role: 'assistant',
    parts: [
      { type: 'text', text: 'See [1].' },
      { type: 'source-url', sourceId: 's1', url: 'https://example.com/a', title: 'Example A' },
      { type: 'text', text: 'And more.' },
      { type: 'source-url', sourceId: 's2', url: 'https://docs.example.org/b' },
      { type: 'source-url', sourceId: 's3', url: 'javascript:alert(1)', title: 'Evil' },
    ],
  },
]).messages[0]!

describe('sources', () => {
  it('are listed together under the reply, after its text, numbered, each a link the URL policy allows', () => {
    const { container } = render(<Message message={reply} />)
    const list = screen.getByRole('navigation', { name: 'Sources' })
    // The list comes after every part, not where the sources were in the message.
    expect(container.querySelector('.cp-message__parts')?.textContent).toBe('See [1].And more.')
    const items = within(list).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual(['Example A', 'docs.example.org', 'Evil'])
    expect(within(list).getByRole('link', { name: 'Example A' }).getAttribute('href')).toBe('https://example.com/a')
    expect(within(list).queryByRole('link', { name: 'Evil' })).toBeNull()
    // No image, no favicon: nothing loads for a source.
    expect(list.querySelector('img')).toBeNull()
  })

  it('a source part on its own renders as a list of one', () => {
    const part = reply.parts.find((p) => p.type === 'source')
    render(<SourcePart part={part as never} />)
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
  })
})
