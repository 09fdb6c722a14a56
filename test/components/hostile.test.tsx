// Data outside the model's types (from an app's own writes or a converter bug) never blanks the
// transcript: a bad part or message shows an inline error, and its neighbours render.
import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { MessageInfo, Part, ToolPart, WithParts } from '../../src/core/model/types'
import { Message } from '../../src/components/MessageView/MessageView'
import { assistantInfo } from '../../src/core/build'
import { ToolPart as ToolPartView } from '../../src/components/ToolPart/ToolPart'
import { Transcript } from '../../src/components/Transcript/Transcript'
import { createChatStore } from '../../src/store/chatStore'
import { withConfig } from './helpers'

const odd = { toString: 1 }
const ids = { sessionID: 'ses_1' }
const text = (messageID: string, id: string, value: string): Part => ({
  ...ids,
  messageID,
  id,
  type: 'text',
  text: value,
})
const good = (id: string): WithParts => ({
  info: {
    ...ids,
    id,
    role: 'user',
    time: { created: 1_780_000_000_000 },
    agent: '',
    model: { providerID: '', modelID: '' },
  },
  parts: [text(id, `${id}_p`, `fine ${id}`)],
})

/** Message infos that break the model's types, each as the hostile-input report found them. */
const badInfos: [string, Record<string, unknown>][] = [
  ['no time', { role: 'user' }],
  ['a time beyond what a Date holds', { role: 'user', time: { created: 1e16 } }],
  [
    'agent and model as objects',
    {
      role: 'assistant',
      agent: odd,
      modelID: { x: 1 },
      providerID: 'p',
      time: { created: 1 },
      tokens: undefined,
      cost: 0,
    },
  ],
  ['an error whose name is an object', { role: 'assistant', time: { created: 1 }, error: { name: odd, data: {} } }],
  ['an error without data', { role: 'assistant', time: { created: 1 }, error: { name: 'APIError' } }],
  ['an unknown role', { role: '__proto__', time: { created: 1 } }],
]

describe('one bad message never blanks the transcript', () => {
  it.each(badInfos)('a message info with %s: the others still render', (_name, fields) => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const store = createChatStore({ coalesce: false })
    const bad: WithParts = {
      info: { ...ids, id: 'bad', ...fields } as unknown as MessageInfo,
      parts: [text('bad', 'bad_p', 'bad text')],
    }
    store.getState().reset([good('m1'), bad, good('m2')])
    render(<Transcript store={store} />, { wrapper: withConfig() })
    expect(screen.getByText('fine m1')).toBeTruthy()
    expect(screen.getByText('fine m2')).toBeTruthy()
    // The bad message shows either its text or the message-level error, never nothing.
    expect(screen.queryByText('bad text') ?? screen.queryByText('This message could not be shown')).toBeTruthy()
    vi.restoreAllMocks()
  })

  it('a message whose view throws shows an inline error in its place, and the rest stays', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const store = createChatStore({ coalesce: false })
    const broken = {
      ...good('bad'),
      info: {
        ...ids,
        id: 'bad',
        role: 'user',
        get time(): never {
          throw new Error('boom')
        },
      } as unknown as MessageInfo,
    }
    store.getState().reset([good('m1'), broken, good('m2')])
    render(<Transcript store={store} />, { wrapper: withConfig() })
    expect(screen.getByText('fine m1')).toBeTruthy()
    expect(screen.getByText('fine m2')).toBeTruthy()
    expect(screen.getByText('This message could not be shown')).toBeTruthy()
    vi.restoreAllMocks()
  })
})

describe('one bad part stays inside its boundary', () => {
  it('a part whose type is an object, or whose id is an object, renders a fallback that does not throw', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const message = good('m1')
    message.parts.push({ ...ids, messageID: 'm1', id: 'p2', type: odd } as unknown as Part)
    message.parts.push({ ...ids, messageID: 'm1', id: odd, type: 'text', text: 'odd id' } as unknown as Part)
    message.parts.push({ ...ids, messageID: 'm1', id: 'p4', type: 'text', text: { nested: true } } as unknown as Part)
    render(<Message message={message} />, { wrapper: withConfig() })
    expect(screen.getByText('fine m1')).toBeTruthy()
    expect(screen.getByText('odd id')).toBeTruthy()
    expect(screen.getAllByText(/This part could not be shown|Unsupported/).length).toBeGreaterThan(0)
    vi.restoreAllMocks()
  })

  it('a step-finish with no tokens does not break the message totals', () => {
    const info = assistantInfo({ ...ids, id: 'a1', created: 1, parentID: 'm1' })
    const message: WithParts = {
      info,
      parts: [
        { ...ids, messageID: 'a1', id: 'sf', type: 'step-finish', reason: 'stop', cost: 0.5 } as unknown as Part,
        text('a1', 't', 'answer'),
      ],
    }
    render(<Message message={message} />, { wrapper: withConfig() })
    expect(screen.getByText('answer')).toBeTruthy()
    expect(screen.getAllByText('$0.5').length).toBeGreaterThan(0)
  })
})

describe('names that are members of Object.prototype', () => {
  const tool = (name: string, input: Record<string, unknown> = { command: 'ls' }): ToolPart => {
    return {
      ...ids,
      messageID: 'a1',
      id: `t_${name}`,
      type: 'tool',
      callID: `c_${name}`,
      tool: name,
      state: {
        status: 'completed',
        input,
        output: `ran ${name}`,
        title: name,
        metadata: {},
        time: { start: 1, end: 2 },
      },
    }
  }

  it.each(['__proto__', 'constructor', 'valueOf', 'toString', 'hasOwnProperty'])(
    'a tool named %s renders with the generic view',
    (name) => {
      const { container } = render(<ToolPartView open part={tool(name)} />, { wrapper: withConfig() })
      expect(container.querySelector('[data-part="tool"]')?.getAttribute('data-tool')).toBe(name)
      expect(container.querySelector('[data-part="failed"], [data-state="failed"]')).toBeNull()
      expect(screen.getAllByText(`ran ${name}`).length).toBeGreaterThan(0)
    },
  )

  it('a todo whose status is __proto__ shows that status as text', () => {
    const todos = [{ content: 'odd status', status: '__proto__', priority: 'high' }]
    const part = tool('todowrite', { todos })
    const { container } = render(
      <ToolPartView
        open
        part={{ ...part, state: { ...part.state, display: { kind: 'todos', todos } } as ToolPart['state'] }}
      />,
      { wrapper: withConfig() },
    )
    expect(screen.getByText('odd status')).toBeTruthy()
    expect(container.querySelector('[data-state="failed"]')).toBeNull()
  })
})
