import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai'
import { describe, expect, it } from 'vitest'
import streams from '../fixtures/aisdk/ui-message-streams.json'
import { Chat } from './useChat'

/** A transport that answers every request with a recorded stream of the AI SDK's own tests. */
function replaying(names: string[]): ChatTransport<UIMessage> {
  let call = 0
  return {
    async sendMessages() {
      const chunks = (streams as { name: string; chunks: unknown[] }[]).find((stream) => stream.name === names[Math.min(call, names.length - 1)])?.chunks ?? []
      call += 1
      return new ReadableStream<UIMessageChunk>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk as UIMessageChunk)
          controller.close()
        },
      })
    },
    async reconnectToStream() {
      return null
    },
  }
}

describe('the README: useChat feeding a Transcript', () => {
  it('shows what useChat holds, as it streams, and answers an approval through addToolApprovalResponse', async () => {
    let send: ((message: { text: string }) => void) | undefined
    render(<Chat transport={replaying(['tool approval requests (static tool)'])} send={(fn) => (send = fn)} />)
    await act(async () => send?.({ text: 'Run tool1, please' }))
    const reply = await screen.findByRole('article', { name: /^Assistant/ })
    expect(screen.getByRole('article', { name: /^You/ }).textContent).toContain('Run tool1, please')
    const card = await within(reply).findByRole('group', { name: /Waiting for approval/ })
    fireEvent.click(within(card).getByRole('button', { name: 'Allow once' }))
    // useChat takes the answer (approval-responded): the data now says approved.
    await waitFor(() => expect(within(reply).getByRole('group', { name: /Approved/ })).toBeTruthy())
  })

  it('renders a streamed text reply', async () => {
    let send: ((message: { text: string }) => void) | undefined
    render(<Chat transport={replaying(['server-side tool roundtrip'])} send={(fn) => (send = fn)} />)
    await act(async () => send?.({ text: 'Weather in London?' }))
    await waitFor(() => expect(screen.getByRole('article', { name: /^Assistant/ }).textContent).toContain('The weather in London is sunny.'))
    expect(document.querySelector('.cp-tool')?.getAttribute('data-state')).toBe('completed')
  })
})
