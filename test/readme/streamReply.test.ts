// @vitest-environment node
// The README's reader loop against the AI SDK's own server path: `streamText` with the SDK's mock
// model, piped to a real HTTP response on this machine, read with `fetch` and `response.body`.
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  convertToModelMessages,
  jsonSchema,
  simulateReadableStream,
  stepCountIs,
  streamText,
  tool,
  type UIMessage,
} from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChatStore } from '../../src/store/chatStore'
import { aiSdkAdapter, fromUIMessages } from '../../src/protocols/aisdk'
import { selectTranscript } from '../../src/store'
import { untimed } from '../support/aisdk'
import { streamReply } from './streamReply'

const usage = {
  inputTokens: { total: 30, noCache: 30, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 12, text: 12, reasoning: 0 },
}
const text = (id: string, ...deltas: string[]) =>
  [
    { type: 'text-start', id },
    ...deltas.map((delta) => ({ type: 'text-delta', id, delta })),
    { type: 'text-end', id },
  ] as const
const STEPS = [
  [
    ...text('t1', 'Let me ', 'check.'),
    { type: 'tool-call', toolCallId: 'call_1', toolName: 'getWeather', input: '{"city":"London"}' },
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
  ],
  [
    ...text('t2', 'It is **sunny**', ', 21 °C — 晴れ 🌤.'),
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  ],
]

let server: Server
let url = ''
let final: UIMessage | undefined

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (data: Buffer) => (body += data.toString()))
    request.on('end', () => {
      void (async () => {
        const { messages } = JSON.parse(body) as { messages: UIMessage[] }
        let step = 0
        const model = new MockLanguageModelV3({
          doStream: async () => ({
            stream: simulateReadableStream({
              chunks: [{ type: 'stream-start', warnings: [] }, ...(STEPS[Math.min(step++, STEPS.length - 1)] ?? [])],
            }) as never,
          }),
        })
        const getWeather = tool({
          inputSchema: jsonSchema<{ city: string }>({
            type: 'object',
            properties: { city: { type: 'string' } },
            required: ['city'],
          }),
          execute: async ({ city }) => ({ city, temperature: 21 }),
        })
        const result = streamText({
          model,
          messages: await convertToModelMessages(messages),
          tools: { getWeather },
          stopWhen: stepCountIs(3),
        })
        result.pipeUIMessageStreamToResponse(response, {
          originalMessages: messages,
          generateMessageId: () => 'msg_reply',
          messageMetadata: ({ part }) =>
            part.type === 'start'
              ? { createdAt: 1764500000000 }
              : part.type === 'finish'
                ? { completedAt: 1764500004000, totalUsage: part.totalUsage }
                : undefined,
          onFinish: ({ responseMessage }) => {
            final = responseMessage
          },
        })
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/chat`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe("the README's reader loop over the AI SDK's response body", () => {
  it('is the example the README shows', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    expect(readme).toContain(readFileSync(new URL('./streamReply.ts', import.meta.url), 'utf8').trim())
  })

  it('shows the reply as the SDK built it: text, the tool call and its output, usage and times', async () => {
    const store = createChatStore({ adapters: [aiSdkAdapter] })
    const question: UIMessage = { id: 'msg_user', role: 'user', parts: [{ type: 'text', text: 'Weather in London?' }] }
    store.getState().ingest('aisdk', [question])
    await streamReply(store, url, [question])
    store.getState().flush()
    expect(store.getState().diagnostics).toEqual([])
    const [user, reply] = selectTranscript(store.getState())
    expect(user?.parts).toMatchObject([{ type: 'text', text: 'Weather in London?' }])
    expect(final).toBeDefined()
    const sdk = fromUIMessages([question, final], { sessionID: user?.info.sessionID ?? '' }).messages[1]
    expect(reply?.info).toEqual({ ...sdk?.info, finish: 'stop' })
    expect(reply?.info).toMatchObject({ tokens: { input: 60, output: 24 } })
    // Tool and reasoning times are the clock's live, the message's own span read whole; the rest is the same.
    expect(untimed(reply?.parts)).toEqual(untimed(sdk?.parts))
    expect(reply?.parts.find((part) => part.type === 'tool')?.state).toMatchObject({
      status: 'completed',
      input: { city: 'London' },
    })
    expect(reply?.parts.at(-1)).toMatchObject({ type: 'text', text: 'It is **sunny**, 21 °C — 晴れ 🌤.' })
  })
})
