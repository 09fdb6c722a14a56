import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FindBar } from '../../../src/components/Find/FindBar'
import { FindRegion } from '../../../src/components/Find/FindRegion'
import { Message } from '../../../src/components/MessageView/MessageView'
import type { WithParts } from '../../../src/core/model/types'
import { useFind } from '../../../src/react/useFind'
import { opencodeCanonical } from '../../fixtures/opencode'

/** An app's plain list of messages with the kit's find: the box shown while open. */
function List({ messages }: { messages: readonly WithParts[] }) {
  const find = useFind(messages)
  return (
    <>
      {find.open ? <FindBar find={find} /> : <button onClick={() => find.openFind()}>Find</button>}
      <FindRegion find={find}>
        {messages.map((message) => (
          <Message key={message.info.id} message={message} />
        ))}
      </FindRegion>
    </>
  )
}

const tool = () => document.querySelector<HTMLElement>('[data-part="tool"]') as HTMLElement
const reasoning = () => document.querySelectorAll<HTMLElement>('[data-part="reasoning"] .cp-disclosure')

describe('find on a plain list of messages', () => {
  it('opens the folded call its match is in, and folds it again when the find closes', async () => {
    const user = userEvent.setup()
    render(<List messages={structuredClone(opencodeCanonical)} />)
    expect(tool().dataset.open).toBeUndefined()
    await user.click(screen.getByRole('button', { name: 'Find' }))
    const field = screen.getByRole('searchbox', { name: 'Find' })
    expect(document.activeElement).toBe(field)
    await user.type(field, 'whispers')
    expect(within(screen.getByRole('search')).getByRole('status').textContent).toBe('1 of 1 match')
    expect(tool().dataset.open).toBe('true')
    expect(tool().textContent).toContain('whispers')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('search')).toBeNull()
    expect(tool().dataset.open).toBeUndefined()
  })

  it('keeps the reader’s choice: a fold they opened stays open, one they closed during the find stays closed', async () => {
    const user = userEvent.setup()
    render(<List messages={structuredClone(opencodeCanonical)} />)
    // The reasoning of the last message, folded once done: the reader opens it.
    const last = reasoning()[1] as HTMLElement
    await user.click(within(last).getByRole('button'))
    expect(last.dataset.state).toBe('open')
    await user.click(screen.getByRole('button', { name: 'Find' }))
    await user.type(screen.getByRole('searchbox', { name: 'Find' }), 'whispers')
    expect(tool().dataset.open).toBe('true')
    // The reader closes the call the find opened.
    await user.click(within(tool()).getAllByRole('button')[0] as HTMLElement)
    expect(tool().dataset.open).toBeUndefined()
    await user.keyboard('{Escape}')
    expect(tool().dataset.open).toBeUndefined()
    expect(last.dataset.state).toBe('open')
  })

  it('steps through matches in order with Enter and Shift+Enter, wrapping, and opens each one’s fold', async () => {
    const user = userEvent.setup()
    render(<List messages={structuredClone(opencodeCanonical)} />)
    await user.click(screen.getByRole('button', { name: 'Find' }))
    const field = screen.getByRole('searchbox', { name: 'Find' })
    // "poem": the prompt, the first reasoning (folded), the tool's input (folded), the second reasoning, the reply.
    await user.type(field, 'poem')
    const status = () => within(screen.getByRole('search')).getByRole('status').textContent
    expect(status()).toBe('1 of 5 matches')
    await user.keyboard('{Enter}')
    expect(status()).toBe('2 of 5 matches')
    expect(reasoning()[0]?.dataset.state).toBe('open')
    await user.keyboard('{Enter}')
    expect(tool().dataset.open).toBe('true')
    expect(reasoning()[0]?.dataset.state).toBe('closed')
    await user.keyboard('{Shift>}{Enter}{Enter}{Enter}{/Shift}')
    expect(status()).toBe('5 of 5 matches')
    await user.click(screen.getByRole('button', { name: 'Next match' }))
    expect(status()).toBe('1 of 5 matches')
    // Match case: "POEM" is nowhere.
    await user.clear(field)
    await user.type(field, 'POEM')
    await user.click(screen.getByRole('button', { name: 'Match case' }))
    expect(status()).toBe('No matches')
    expect(screen.getByRole('button', { name: 'Next match' })).toHaveProperty('disabled', true)
  })

  it('opens with Ctrl+F or ⌘F inside the list, with the selected text as its query', async () => {
    render(<List messages={structuredClone(opencodeCanonical)} />)
    const text = screen.getByText(/Write a sample file/)
    const selection = window.getSelection() as Selection
    selection.selectAllChildren(text)
    const selected = selection.toString().trim()
    expect(selected).toMatch(/^Write a sample file/)
    const event = fireEvent.keyDown(text, { key: 'f', metaKey: true })
    expect(event).toBe(false)
    const field = screen.getByRole('searchbox', { name: 'Find' })
    expect((field as HTMLInputElement).value).toBe(selected)
    act(() => selection.removeAllRanges())
  })

  it('counts to 10,000 and says there are more, so a one-letter query answers at once', async () => {
    const user = userEvent.setup()
    const message = structuredClone(opencodeCanonical[0]) as WithParts
    const text = message.parts.find((part) => part.type === 'text')
    if (text?.type === 'text') text.text = 'a '.repeat(12_000)
    render(<List messages={[message]} />)
    await user.click(screen.getByRole('button', { name: 'Find' }))
    await user.type(screen.getByRole('searchbox', { name: 'Find' }), 'a')
    expect(within(screen.getByRole('search')).getByRole('status').textContent).toBe('1 of 10,000+ matches')
    await user.keyboard('{Shift>}{Enter}{/Shift}')
    expect(within(screen.getByRole('search')).getByRole('status').textContent).toBe('10,000 of 10,000+ matches')
  })
})
