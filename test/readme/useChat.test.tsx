import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type ChatTransport,
  convertToModelMessages,
  DefaultChatTransport,
  jsonSchema,
  simulateReadableStream,
  stepCountIs,
  streamText,
  tool,
  type UIMessage,
  type UIMessageChunk,
} from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import streams from '../fixtures/aisdk/ui-message-streams.json'
import { Chat } from './useChat'

/** A transport that answers every request with a recorded stream of the AI SDK's own tests. */
function replaying(names: string[]): ChatTransport<UIMessage> {
  let call = 0
  return {
    async sendMessages() {
      const chunks =
        (streams as { name: string; chunks: unknown[] }[]).find(
          (stream) => stream.name === names[Math.min(call, names.length - 1)],
        )?.chunks ?? []
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

/**
 * The SDK's own server loop on a real HTTP route: `streamText` with its mock model and a tool that
 * needs approval. The model calls the tool; once the tool's result is in the conversation it answers.
 */
async function serveChat(): Promise<{ url: string; close: () => Promise<void>; requests: () => number }> {
  let requests = 0
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (data: Buffer) => (body += data.toString()))
    request.on('end', () => {
      requests += 1
      void (async () => {
        const { messages } = JSON.parse(body) as { messages: UIMessage[] }
        const usage = {
          inputTokens: { total: 20, noCache: 20, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 5, text: 5, reasoning: 0 },
        }
        const model = new MockLanguageModelV3({
          doStream: async ({ prompt }) => {
            const answered = prompt.some((message) => message.role === 'tool')
            const chunks: LanguageModelV3StreamPart[] = answered
              ? [
                  { type: 'text-start', id: 't2' },
                  { type: 'text-delta', id: 't2', delta: 'Deleted notes.md.' },
                  { type: 'text-end', id: 't2' },
                  { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
                ]
              : [
                  { type: 'tool-call', toolCallId: 'call_1', toolName: 'deleteFile', input: '{"path":"notes.md"}' },
                  { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
                ]
            return { stream: simulateReadableStream({ chunks: [{ type: 'stream-start', warnings: [] }, ...chunks] }) }
          },
        })
        const deleteFile = tool({
          inputSchema: jsonSchema<{ path: string }>({
            type: 'object',
            properties: { path: { type: 'string' } },
            required: ['path'],
          }),
          needsApproval: true,
          execute: async ({ path }) => `removed ${path}`,
        })
        const result = streamText({
          model,
          messages: await convertToModelMessages(messages),
          tools: { deleteFile },
          stopWhen: stepCountIs(3),
        })
        result.pipeUIMessageStreamToResponse(response, { originalMessages: messages })
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/chat`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    requests: () => requests,
  }
}

describe('the README: useChat feeding a Transcript', () => {
  it('asks for approval, sends the answer back, and shows the tool run and the reply that follows', async () => {
    const chat = await serveChat()
    try {
      let send: ((message: { text: string }) => void) | undefined
      render(<Chat transport={new DefaultChatTransport({ api: chat.url })} send={(fn) => (send = fn)} />)
      await act(async () => send?.({ text: 'Delete notes.md, please' }))
      const reply = await screen.findByRole('article', { name: /^Assistant/ })
      expect(screen.getByRole('article', { name: /^You/ }).textContent).toContain('Delete notes.md, please')
      const card = await within(reply).findByRole('group', { name: /Waiting for approval/ })
      fireEvent.click(within(card).getByRole('button', { name: 'Allow once' }))
      // The answer goes back (a second request), the server runs the tool, the model answers.
      await waitFor(() =>
        expect(screen.getByRole('article', { name: /^Assistant/ }).textContent).toContain('Deleted notes.md.'),
      )
      expect(chat.requests()).toBe(2)
      const call = document.querySelector('.cp-tool')
      expect(call?.getAttribute('data-state')).toBe('completed')
      expect(call?.getAttribute('data-approval')).toBe('approved')
      fireEvent.click(within(call as HTMLElement).getAllByRole('button')[0] as HTMLElement)
      expect(call?.textContent).toContain('removed notes.md')
      expect(screen.queryByText('Running')).toBeNull()
    } finally {
      await chat.close()
    }
  })

  it('renders a streamed text reply', async () => {
    let send: ((message: { text: string }) => void) | undefined
    render(<Chat transport={replaying(['server-side tool roundtrip'])} send={(fn) => (send = fn)} />)
    await act(async () => send?.({ text: 'Weather in London?' }))
    await waitFor(() =>
      expect(screen.getByRole('article', { name: /^Assistant/ }).textContent).toContain(
        'The weather in London is sunny.',
      ),
    )
    expect(document.querySelector('.cp-tool')?.getAttribute('data-state')).toBe('completed')
  })
})
