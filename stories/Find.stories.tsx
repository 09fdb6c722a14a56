import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useRef, useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { FindBar } from '../src/components/Find/FindBar'
import { FindRegion } from '../src/components/Find/FindRegion'
import { Message } from '../src/components/MessageView/MessageView'
import { Transcript, type TranscriptHandle } from '../src/components/Transcript'
import { builtInAdapters } from '../src/protocols/adapters'
import { useFind } from '../src/react/useFind'
import { createChatStore } from '../src/store/chatStore'
import { repeatSession } from '../test/fixtures/generate'
import { opencodeCanonical } from '../test/fixtures/opencode'
import conversation from '../test/fixtures/toolmessage2/conversation.json'
import { highlighted, rendered } from './support/matrix'

const sessionStore = () => {
  const store = createChatStore({ adapters: builtInAdapters })
  store.getState().ingest('toolmessage2', structuredClone(conversation))
  return store
}

/** The transcript's own find box, opened as Ctrl+F would with a query: a call's folded argument matches. */
function BuiltIn({ query }: { query: string }) {
  const [store] = useState(sessionStore)
  const handle = useRef<TranscriptHandle>(null)
  useEffect(() => handle.current?.openFind(query), [query])
  return <Transcript store={store} handleRef={handle} timeZone="UTC" style={{ height: 560 }} />
}

/** The app's own box in its header, moving a transcript of 600 messages (the real opencode session, repeated). */
function AppBox() {
  const [store] = useState(() => createChatStore({ initial: repeatSession(600), coalesce: false }))
  const find = useFind(store)
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <strong>Session</strong>
        {find.open ? (
          <FindBar find={find} style={{ flex: 1 }} />
        ) : (
          <button onClick={() => find.openFind()}>Find</button>
        )}
      </header>
      <Transcript store={store} find={find} timeZone="UTC" style={{ height: 520 }} />
    </div>
  )
}

/** A plain list of `Message`s with the kit's find: the same box, the same marks. */
function PlainList() {
  const [messages] = useState(() => structuredClone(opencodeCanonical))
  const find = useFind(messages)
  const { openFind } = find
  useEffect(() => openFind('whispers'), [openFind])
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      {find.open ? <FindBar find={find} /> : null}
      <FindRegion find={find}>
        {messages.map((message) => (
          <Message key={message.info.id} message={message} timeZone="UTC" />
        ))}
      </FindRegion>
    </div>
  )
}

const current = () => [
  ...((CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('cp-find-current') ?? []),
]

const meta = {
  title: 'Transcript/Find',
  component: BuiltIn,
  args: { query: 'fetchUser' },
} satisfies Meta<typeof BuiltIn>

export default meta

type Story = StoryObj<typeof meta>

/** Matches in text, reasoning and folded calls counted; the current one marked, its call opened. */
export const InTheTranscript: Story = {
  play: async ({ canvasElement }) => {
    const search = await within(canvasElement).findByRole('search')
    await waitFor(() => expect(document.activeElement).toBe(within(search).getByRole('searchbox')))
    await waitFor(() => expect(search.textContent).toMatch(/1 of \d+ matches/))
    await waitFor(() => expect(current().map((range) => range.toString().toLowerCase())).toEqual(['fetchuser']))
    await highlighted(canvasElement)
    await rendered()
  },
}

/** No match: said in the box, in the danger colour, and announced. */
export const NoMatch: Story = {
  args: { query: 'no such words' },
  play: async ({ canvasElement }) => {
    const search = await within(canvasElement).findByRole('search')
    await waitFor(() => expect(document.activeElement).toBe(within(search).getByRole('searchbox')))
    await waitFor(() => expect(search.textContent).toContain('No matches'))
    await rendered()
  },
}

/** The box in the app's header; Enter steps to the next match, far up a long session. */
export const AppsOwnBox: StoryObj<typeof AppBox> = {
  render: () => <AppBox />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Find' }))
    const field = await canvas.findByRole('searchbox', { name: 'Find' })
    await userEvent.type(field, 'whispers{Enter}')
    await waitFor(() => expect(canvas.getByRole('search').textContent).toContain('2 of 200 matches'))
    await waitFor(() => expect(current().map((range) => range.toString())).toEqual(['whispers']))
    await rendered()
  },
}

/** A plain list of messages: the folded call holding the match is open. */
export const PlainListOfMessages: StoryObj<typeof PlainList> = {
  render: () => <PlainList />,
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-part="tool"]')?.getAttribute('data-open')).toBe('true'),
    )
    await waitFor(() => expect(current().map((range) => range.toString())).toEqual(['whispers']))
    await highlighted(canvasElement)
    await rendered()
  },
}
