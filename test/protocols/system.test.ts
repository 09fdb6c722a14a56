import { describe, expect, it } from 'vitest'
import type { Part, WithParts } from '../../src/core/model/types'
import { validateTranscript } from '../../src/core/validator'
import { fromUIMessages } from '../../src/protocols/aisdk'
import { fromChatMessages } from '../../src/protocols/chat'
import { fromDeltaMessages } from '../../src/protocols/delta'
import { fromOpenAIMessages } from '../../src/protocols/openai'
import { fromToolMessage2 } from '../../src/protocols/toolmessage2'

const PROMPT = 'You are a careful coding agent.'

/** Each protocol's system (or developer) prompt followed by a user's question, as its wire writes them. */
const conversations: Record<string, () => { messages: WithParts[] }> = {
  aisdk: () =>
    fromUIMessages([
      { id: 's', role: 'system', parts: [{ type: 'text', text: PROMPT }] },
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
    ]),
  chat: () =>
    fromChatMessages([
      { role: 'system', content: PROMPT },
      { role: 'user', content: 'Hi' },
    ]),
  'openai (system)': () =>
    fromOpenAIMessages([
      { role: 'system', content: PROMPT },
      { role: 'user', content: 'Hi' },
    ]),
  'openai (developer)': () =>
    fromOpenAIMessages([
      { role: 'developer', content: PROMPT },
      { role: 'user', content: 'Hi' },
    ]),
  delta: () =>
    fromDeltaMessages([
      {
        runId: 'r',
        role: 'system',
        parts: [{ kind: 'text', payload: { text: PROMPT } }],
        timestamp: '2026-01-01T00:00:00Z',
      },
      {
        runId: 'r',
        role: 'user',
        parts: [{ kind: 'text', payload: { text: 'Hi' } }],
        timestamp: '2026-01-01T00:00:01Z',
      },
    ]),
  toolmessage2: () =>
    fromToolMessage2([
      { role: 'system', content: PROMPT },
      { role: 'user', content: 'Hi' },
    ]),
}

const texts = (messages: WithParts[]) =>
  messages
    .flatMap((message) => message.parts)
    .filter((part): part is Extract<Part, { type: 'text' }> => part.type === 'text')

describe.each(Object.entries(conversations))('%s: a system prompt', (_, convert) => {
  it('is text marked `system`, and the user’s words are not', () => {
    const { messages } = convert()
    const [prompt, question] = texts(messages)
    expect(prompt).toMatchObject({ text: PROMPT, system: true })
    expect(question?.text).toBe('Hi')
    expect(question?.system).toBeUndefined()
    expect(validateTranscript(messages).filter((issue) => issue.severity === 'error')).toEqual([])
  })
})
