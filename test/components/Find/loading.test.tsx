import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { FindBar } from '../../../src/components/Find/FindBar'
import { FindRegion } from '../../../src/components/Find/FindRegion'
import { Message } from '../../../src/components/MessageView/MessageView'
import type { WithParts } from '../../../src/core/model/types'
import { useFind } from '../../../src/react/useFind'
import { opencodeCanonical } from '../../fixtures/opencode'

// Its own file: the search loads once per page, and here it has not loaded when the find opens.
function List({ messages }: { messages: readonly WithParts[] }) {
  const find = useFind(messages)
  return (
    <>
      {find.open ? <FindBar find={find} /> : <button onClick={() => find.openFind('whispers')}>Find “whispers”</button>}
      <FindRegion find={find}>
        {messages.map((message) => (
          <Message key={message.info.id} message={message} />
        ))}
      </FindRegion>
    </>
  )
}

it('counts and announces the matches once the search has loaded, not "No matches" before', async () => {
  render(<List messages={structuredClone(opencodeCanonical)} />)
  await userEvent.click(screen.getByRole('button', { name: 'Find “whispers”' }))
  const search = screen.getByRole('search')
  // Opened with its query in one step: nothing is said until the search is there.
  expect(within(search).getByRole('status').textContent).toBe('')
  await waitFor(() => expect(within(search).getByRole('status').textContent).toBe('1 of 1 match'))
  expect(search.textContent).not.toContain('No matches')
})
