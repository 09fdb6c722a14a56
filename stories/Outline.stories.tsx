import type { Meta, StoryObj } from '@storybook/react-vite'
import { useRef, useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Transcript, type TranscriptHandle } from '../src/components/Transcript'
import { TranscriptOutline } from '../src/components/TranscriptOutline/TranscriptOutline'
import { builtInAdapters } from '../src/protocols/adapters'
import { createChatStore } from '../src/store/chatStore'
import { repeatSession } from '../test/fixtures/generate'
import conversation from '../test/fixtures/toolmessage2/conversation.json'
import { rendered } from './support/matrix'

/** The real opencode session three times, then the toolmessage2 conversation (a failed call, a running one). */
function Session({ width = 720 }: { width?: number }) {
  const [store] = useState(() => {
    const created = createChatStore({ adapters: builtInAdapters, initial: repeatSession(9), coalesce: false })
    created.getState().ingest('toolmessage2', structuredClone(conversation))
    return created
  })
  const transcript = useRef<TranscriptHandle>(null)
  const [inView, setInView] = useState<string>()
  const narrow = width < 640
  return (
    <div
      style={{
        width,
        display: 'grid',
        gridTemplateColumns: narrow ? '1fr' : '220px minmax(0, 1fr)',
        gridTemplateRows: narrow ? '160px 1fr' : '1fr',
        gap: 8,
        height: 600,
      }}
    >
      <TranscriptOutline
        store={store}
        transcript={transcript}
        current={inView}
        style={narrow ? { borderBlockEnd: '1px solid #d9dde3' } : { borderInlineEnd: '1px solid #d9dde3' }}
      />
      <Transcript
        store={store}
        handleRef={transcript}
        onViewChange={setInView}
        timeZone="UTC"
        style={{ minHeight: 0 }}
      />
    </div>
  )
}

const meta = {
  title: 'Transcript/Outline',
  component: Session,
} satisfies Meta<typeof Session>

export default meta

type Story = StoryObj<typeof meta>

/** A side panel: the turn in view marked; the failed call one click away, opened when followed. */
export const SidePanel: Story = {
  play: async ({ canvasElement }) => {
    const outline = within(canvasElement).getByRole('navigation', { name: 'Outline' })
    // The session opens at its end: the last turn is the one in view.
    await waitFor(() =>
      expect(
        within(outline)
          .getAllByRole('link')
          .filter((link) => link.getAttribute('aria-current') === 'location')
          .map((link) => link.textContent),
      ).toEqual([expect.stringContaining('Rename')]),
    )
    await userEvent.click(within(outline).getByRole('link', { name: /bash: src\/routes\.ts/ }))
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-tool="bash"]')?.getAttribute('data-open')).toBe('true'),
    )
    // Back to the first turn: the transcript goes there and the outline follows.
    await userEvent.click(within(outline).getAllByRole('link')[0] as HTMLElement)
    await waitFor(() => expect(within(outline).getAllByRole('link')[0]?.getAttribute('aria-current')).toBe('location'))
    await rendered()
  },
}

/** On a phone: the outline above the transcript, scrolling on its own. */
export const AboveOnANarrowScreen: Story = {
  args: { width: 390 },
  play: async ({ canvasElement }) => {
    const outline = within(canvasElement).getByRole('navigation', { name: 'Outline' })
    await waitFor(() => expect(outline.querySelector('[aria-current="location"]')).not.toBeNull())
    await expect(outline.scrollWidth).toBeLessThanOrEqual(outline.clientWidth)
    await rendered()
  },
}
