import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { PartComponentProps } from '../../src/components/shared/config'
import { Message } from '../../src/components/MessageView/MessageView'
import { Transcript } from '../../src/components/Transcript/Transcript'
import type { AssistantInfo, TextPart, UserInfo, WithParts } from '../../src/core/model/types'
import { assistantInfo, stepFinishPart } from '../../src/core/build'
import { builtInAdapters } from '../../src/protocols/adapters'
import { createChatStore } from '../../src/store/chatStore'
import { opencodeSession } from '../fixtures/opencode'
import { repeatSession } from '../fixtures/generate'

const messages = () => structuredClone(opencodeSession.messages)
const sync = (initial: WithParts[] = messages()) =>
  createChatStore({ adapters: builtInAdapters, initial, coalesce: false })

describe('MessageView', () => {
  it("shows role, agent, model and time, and the assistant's cost", () => {
    const [, assistant] = messages()
    render(<Message message={assistant as WithParts} timeZone="UTC" />)
    const article = screen.getByRole('article', { name: /^Assistant/ })
    expect(within(article).getByText('build')).toBeTruthy()
    expect(within(article).getByText('deepseek-v4-pro')).toBeTruthy()
    expect(within(article).getByText('May 30, 2026, 3:22 PM').getAttribute('datetime')).toBe('2026-05-30T15:22:55.537Z')
    // A heading per message, and the cost once: one quiet line (the step is a row of its breakdown, not a second block).
    expect(within(article).getByRole('heading', { level: 2 }).textContent).toBe('Assistant')
    const usage = article.querySelector('.cp-message__usage') as HTMLElement
    expect(usage.querySelector('[data-field="cost"]')?.textContent).toBe('Cost $0.0224')
    expect(article.textContent?.split('$0.0224').length).toBe(2)
    expect(article.querySelector('[data-part="step-finish"], [data-part="step-start"]')).toBeNull()
    const toggle = within(usage).getByRole('button')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    act(() => toggle.click())
    const table = within(usage).getByRole('table', { name: 'Usage details' })
    const steps = (assistant as WithParts).parts.filter((part) => part.type === 'step-finish')
    expect(within(table).getAllByRole('row')).toHaveLength(1 + steps.length + (steps.length === 1 ? 0 : 1))
    expect(within(table).getByRole('rowheader', { name: /Step 1/ })).toBeTruthy()
  })

  it('shows no price the data does not have, and a reported 0 as $0', () => {
    const info = assistantInfo({
      id: 'msg_a',
      sessionID: 's',
      created: 1_780_000_000_000,
      finish: 'stop',
      tokens: { input: 1200, output: 34, reasoning: 0, cache: { read: 0, write: 0 } },
    })
    const { rerender } = render(<Message message={{ info, parts: [] }} />)
    expect(document.querySelector('.cp-message__usage')?.textContent).toBe('1.2k tokens')
    rerender(
      <Message
        message={{
          info: assistantInfo({
            id: 'msg_a',
            sessionID: 's',
            created: 1_780_000_000_000,
            finish: 'stop',
            cost: 0,
            tokens: info.tokens,
          }),
          parts: [],
        }}
      />,
    )
    expect(document.querySelector('.cp-message__usage [data-field="cost"]')?.textContent).toBe('Cost $0')
    // Nothing at all when nothing was counted.
    rerender(<Message message={{ info: assistantInfo({ id: 'msg_a', sessionID: 's', created: 1 }), parts: [] }} />)
    expect(document.querySelector('.cp-message__usage')).toBeNull()
  })

  it('flags a reply that ended at the length limit, and numbers its steps', () => {
    const info = assistantInfo({ id: 'msg_a', sessionID: 's', created: 1, finish: 'length' })
    const ids = { sessionID: 's', messageID: 'msg_a' }
    const tokens = { input: 10, output: 5, reasoning: 0, cache: { read: 0, write: 0 } }
    render(
      <Message
        message={{
          info,
          parts: [
            stepFinishPart({ ...ids, id: 'p1' }, { reason: 'tool-calls', cost: 0.01, tokens }),
            stepFinishPart({ ...ids, id: 'p2' }, { reason: 'length', tokens }),
          ],
        }}
      />,
    )
    const usage = document.querySelector('.cp-message__usage') as HTMLElement
    expect(usage.textContent).toContain('stopped: length limit')
    act(() => within(usage).getByRole('button').click())
    expect(
      within(usage)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Step 1 · tool calls', 'Step 2 · length limit', 'Total'])
    // The second step reported no cost: its cell says so, and the total is the first's.
    expect([...usage.querySelectorAll('tbody td[data-field="cost"]')].map((cell) => cell.textContent)).toEqual([
      '$0.01',
      '—',
    ])
  })

  it("shows a banner when the assistant's reply failed, with the parts that did arrive", () => {
    const [, assistant] = messages()
    const info = {
      ...(assistant?.info as AssistantInfo),
      error: { name: 'APIError', data: { message: 'Rate limit exceeded', statusCode: 429 } },
    }
    render(<Message message={{ info, parts: assistant?.parts ?? [] }} />)
    expect(screen.getByText('The response failed')).toBeTruthy()
    expect(screen.getByText(/APIError: Rate limit exceeded/)).toBeTruthy()
    expect(document.querySelector('[data-part="tool"]')).not.toBeNull()
  })

  it('says when the server hid the cause of a failure', () => {
    const [, assistant] = messages()
    const info = {
      ...(assistant?.info as AssistantInfo),
      error: { name: 'UnknownError', data: { message: 'An error occurred.', masked: true } },
    }
    render(<Message message={{ info, parts: [] }} />)
    expect(document.querySelector('.cp-message__error')?.textContent).toBe(
      'The response failed UnknownError: An error occurred. The server did not send the cause.',
    )
  })
})

describe('Transcript', () => {
  it('renders the real session in order, with per-message and session totals', () => {
    render(<Transcript store={sync()} highlighter={null} timeZone="UTC" />)
    const log = screen.getByRole('log', { name: 'Conversation' })
    expect(
      within(log)
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-label')),
    ).toEqual([
      'You, May 30, 2026, 3:22 PM, message 1',
      'Assistant, May 30, 2026, 3:22 PM, message 2',
      'Assistant, May 30, 2026, 3:23 PM, message 3',
    ])
    // A group, not a footer: no page-level contentinfo landmark inside a host's <main>.
    expect(screen.queryByRole('contentinfo')).toBeNull()
    const totals = screen.getByRole('group', { name: 'Session total' })
    expect(totals.textContent).toContain(`$${(opencodeSession.session.cost ?? Number.NaN).toFixed(4)}`)
  })

  it('re-renders only the streaming part for a delta, with 100 messages on screen', () => {
    const store = sync(repeatSession(100))
    const renders = new Map<string, number>()
    const CountingText = ({ part }: PartComponentProps<TextPart>) => {
      renders.set(part.id, (renders.get(part.id) ?? 0) + 1)
      return <p>{part.text}</p>
    }
    render(<Transcript store={store} highlighter={null} components={{ text: CountingText }} />)
    const before = new Map(renders)
    const last = store.getState().messageIds.at(-1) as string
    const textID = (store.getState().partIds.get(last) ?? []).find(
      (id) => store.getState().parts.get(id)?.type === 'text',
    ) as string
    act(() => store.getState().appendPartDelta(last, textID, 'text', ' And more.'))
    const changed = [...renders].filter(([id, count]) => before.get(id) !== count).map(([id]) => id)
    expect(changed).toEqual([textID])
  })

  it('marks the message being written busy and announces start and end once each', async () => {
    const store = sync(messages().slice(0, 1))
    render(<Transcript store={store} highlighter={null} />)
    const status = screen.getByRole('status')
    expect(status.textContent).toBe('')
    const [, assistant] = messages()
    const info = { ...(assistant?.info as AssistantInfo), time: { created: 1 } }
    act(() => {
      store.getState().ingest('opencode-event', { type: 'session.status', properties: { status: { type: 'busy' } } })
      store.getState().upsertMessage(info)
      store
        .getState()
        .upsertPart({ id: 'prt_live', sessionID: info.sessionID, messageID: info.id, type: 'text', text: '' })
    })
    expect(status.textContent).toBe('Assistant is responding')
    expect(screen.getByRole('article', { name: /^Assistant/ }).getAttribute('aria-busy')).toBe('true')
    const announced: string[] = []
    const observer = new MutationObserver(() => announced.push(status.textContent ?? ''))
    observer.observe(status, { childList: true, characterData: true, subtree: true })
    for (const word of ['Writing ', 'the ', 'file ', 'now.'])
      act(() => store.getState().appendPartDelta(info.id, 'prt_live', 'text', word))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(screen.getByText('Writing the file now.')).toBeTruthy()
    expect(announced).toEqual([])
    act(() => {
      store.getState().ingest('opencode-event', { type: 'session.idle', properties: {} })
    })
    await new Promise((resolve) => setTimeout(resolve, 0))
    observer.disconnect()
    expect(announced).toEqual(['Response complete'])
    expect(screen.getByRole('article', { name: /^Assistant/ }).hasAttribute('aria-busy')).toBe(false)
  })

  it('says the date once per day, above the first message of that day, and the time on each message', () => {
    const [user, assistant] = messages() as [WithParts, WithParts]
    const day = 24 * 60 * 60 * 1000
    const at = (message: WithParts, id: string, created: number) =>
      ({
        ...message,
        info: { ...message.info, id, time: { ...message.info.time, created, completed: created } },
      }) as WithParts
    const start = Date.UTC(2026, 4, 30, 15, 22)
    render(
      <Transcript
        store={sync([
          at(user, 'm1', start),
          at(assistant, 'm2', start + 60_000),
          at(user, 'm3', start + day),
          at(assistant, 'm4', start + day + 60_000),
        ])}
        highlighter={null}
        timeZone="UTC"
        timeLocale="en-US"
      />,
    )
    const days = [...document.querySelectorAll('.cp-transcript__day')].map((separator) => separator.textContent)
    expect(days).toEqual(['Saturday, May 30, 2026', 'Sunday, May 31, 2026'])
    expect([...document.querySelectorAll('.cp-message__time')].map((time) => time.textContent)).toEqual([
      '3:22 PM',
      '3:23 PM',
      '3:22 PM',
      '3:23 PM',
    ])
    // Each message is still named with its date, for whoever moves from message to message.
    expect(screen.getAllByRole('article')[2]?.getAttribute('aria-label')).toBe('You, May 31, 2026, 3:22 PM, message 3')
  })

  it('moves the date when a message arrives, or its time changes, after the transcript is shown', () => {
    const [user, assistant] = messages() as [WithParts, WithParts]
    const day = 24 * 60 * 60 * 1000
    const start = Date.UTC(2026, 4, 30, 15, 22)
    const store = sync([{ ...user, info: { ...user.info, id: 'm1', time: { created: start } } } as WithParts])
    render(<Transcript store={store} highlighter={null} timeZone="UTC" timeLocale="en-US" />)
    const days = () => [...document.querySelectorAll('.cp-transcript__day')].map((separator) => separator.textContent)
    expect(days()).toEqual(['Saturday, May 30, 2026'])
    const reply = { ...(assistant.info as AssistantInfo), id: 'm2', time: { created: start + 60_000 } }
    act(() => store.getState().upsertMessage(reply))
    expect(days()).toEqual(['Saturday, May 30, 2026'])
    // The reply's time, corrected to the next day, gives it a date line of its own.
    act(() => store.getState().upsertMessage({ ...reply, time: { created: start + day } }))
    expect(days()).toEqual(['Saturday, May 30, 2026', 'Sunday, May 31, 2026'])
    // And the first message moved to that day leaves one date line, above it.
    act(() =>
      store.getState().upsertMessage({ ...(user.info as UserInfo), id: 'm1', time: { created: start + day - 60_000 } }),
    )
    expect(days()).toEqual(['Sunday, May 31, 2026'])
  })

  it('announces a failed reply as failed, with why, not as complete', async () => {
    const store = sync(messages().slice(0, 1))
    render(<Transcript store={store} highlighter={null} />)
    const status = screen.getByRole('status')
    const [, assistant] = messages()
    const info = { ...(assistant?.info as AssistantInfo), time: { created: 1 } }
    act(() => {
      store.getState().ingest('opencode-event', { type: 'session.status', properties: { status: { type: 'busy' } } })
      store.getState().upsertMessage(info)
    })
    expect(status.textContent).toBe('Assistant is responding')
    const error = { name: 'APIError', data: { message: 'Rate limit exceeded' } }
    act(() => {
      store.getState().upsertMessage({ ...info, error })
      store.getState().ingest('opencode-event', { type: 'session.error', properties: { error } })
    })
    expect(status.textContent).toBe('The response failed: APIError: Rate limit exceeded')
    expect(status.getAttribute('lang')).toBe('en')
  })

  /**
   * A transcript whose log is 300 px tall over content `view.height` px tall, and `grow`, which adds
   * to a text and 200 px to the content. `clamp` keeps the position within the content, as a
   * browser does (jsdom does not).
   */
  function scrollingTranscript(clamp = false) {
    const store = sync()
    render(<Transcript store={store} highlighter={null} />)
    const log = screen.getByRole('log')
    const view = { height: 1000 }
    Object.defineProperty(log, 'scrollHeight', { get: () => view.height, configurable: true })
    Object.defineProperty(log, 'clientHeight', { value: 300, configurable: true })
    if (clamp) {
      let top = 0
      Object.defineProperty(log, 'scrollTop', {
        get: () => top,
        set: (value: number) => (top = Math.max(0, Math.min(value, view.height - 300))),
        configurable: true,
      })
    }
    const text = store.getState().parts.get('prt_e797b87c6001lyoCrhhvZxYfX5') as TextPart
    const grow = async (delta: string) => {
      view.height += 200
      await act(async () => store.getState().appendPartDelta(text.messageID, text.id, 'text', delta))
    }
    return { log, view, grow }
  }

  it('follows new content at the bottom, stops when the user scrolls up, and jumps back on request', () => {
    const { log, view, grow } = scrollingTranscript()
    return (async () => {
      await grow(' One.')
      expect(log.scrollTop).toBe(1200)
      // A move up with no wheel, touch, key or press of the reader's, from a place the content no
      // longer reaches (the browser pulled the position in), is the layout, not them.
      view.height = 800
      log.scrollTop = 400
      fireEvent.scroll(log)
      expect(screen.queryByRole('button', { name: /Jump to latest/ })).toBeNull()
      // Left short of the end within the slack by the layout, the view goes back to it.
      view.height = 1200
      log.scrollTop = 880
      fireEvent.scroll(log)
      expect(log.scrollTop).toBe(1200)
      expect(screen.queryByRole('button', { name: /Jump to latest/ })).toBeNull()
      fireEvent.wheel(log, { deltaY: -200 })
      log.scrollTop = 400
      fireEvent.scroll(log)
      const jump = screen.getByRole('button', { name: /Jump to latest/ })
      await grow(' Two.')
      expect(log.scrollTop).toBe(400)
      jump.focus()
      act(() => jump.click())
      expect(log.scrollTop).toBe(1400)
      expect(screen.queryByRole('button', { name: /Jump to latest/ })).toBeNull()
      // The button is gone: the focus is on the conversation it brought to the bottom.
      expect(document.activeElement).toBe(log)
      await grow(' Three.')
      expect(log.scrollTop).toBe(1600)
      // Content that grows before the next follow leaves the view short of the bottom for a moment;
      // the scroll event it may cause is not the user leaving.
      view.height += 500
      fireEvent.scroll(log)
      expect(screen.queryByRole('button', { name: /Jump to latest/ })).toBeNull()
      await grow(' Four.')
      expect(log.scrollTop).toBe(2300)
    })()
  })

  it('stops following a move up that sent no input but left a place still in reach (a scrollbar drag)', async () => {
    const { log, grow } = scrollingTranscript(true)
    await grow(' One.')
    expect(log.scrollTop).toBe(900)
    log.scrollTop = 400
    fireEvent.scroll(log)
    expect(screen.getByRole('button', { name: /Jump to latest/ })).toBeTruthy()
    await grow(' Two.')
    expect(log.scrollTop).toBe(400)
  })

  it('speaks Simplified Chinese when asked', () => {
    render(<Transcript store={sync()} highlighter={null} locale="zh-CN" />)
    expect(screen.getByRole('log', { name: '对话' })).toBeTruthy()
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-label')?.split(',')[0])).toEqual([
      '你',
      '助手',
      '助手',
    ])
    // The kit's own text says its language, so a screen reader on an English page reads it in Chinese.
    for (const heading of screen.getAllByRole('heading')) expect(heading.getAttribute('lang')).toBe('zh-CN')
  })
})

describe('Transcript with AI SDK messages', () => {
  it('lists a reply’s sources under it, keeps data parts and hands approvals to onApproval', () => {
    const store = createChatStore({ adapters: builtInAdapters, coalesce: false })
    store.getState().ingest('aisdk', [
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Delete dist?' }] },
      {
        id: 'a',
        role: 'assistant',
        parts: [
          { type: 'text', text: 'Per the docs [1]:' },
          { type: 'source-url', sourceId: 's1', url: 'https://docs.example/rm', title: 'rm docs' },
          { type: 'data-progress', data: { done: 1 } },
          {
            type: 'tool-bash',
            toolCallId: 'c1',
            state: 'approval-requested',
            input: { command: 'rm -rf dist' },
            approval: { id: 'ap1' },
          },
        ],
      },
    ])
    const answers: unknown[] = []
    render(<Transcript store={store} onApproval={(answer) => answers.push(answer)} />)
    const reply = screen.getByRole('article', { name: /^Assistant/ })
    expect(within(reply).getByRole('navigation', { name: 'Sources' }).textContent).toContain('rm docs')
    expect(reply.querySelector('.cp-message__parts')?.textContent).not.toContain('rm docs')
    expect(within(reply).getByRole('button', { name: 'Data: progress' })).toBeTruthy()
    fireEvent.click(within(reply).getByRole('button', { name: 'Allow once' }))
    expect(answers).toMatchObject([{ approvalId: 'ap1', choice: 'once', approved: true, tool: 'bash' }])
  })
})

describe('Transcript: a link to each message', () => {
  it('offers "Copy link" on each message when the app gives its page, with the message id as the fragment', async () => {
    const writeText = vi.fn(async (_text: string) => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const store = createChatStore({ initial: structuredClone(opencodeSession.messages), coalesce: false })
    render(
      <Transcript
        store={store}
        messageLink="https://app.example/sessions/42?tab=chat#old"
        timeZone="UTC"
        highlighter={null}
      />,
    )
    const buttons = screen.getAllByRole('button', { name: 'Copy link to this message' })
    expect(buttons).toHaveLength(store.getState().messageIds.length)
    fireEvent.click(buttons[1] as HTMLElement)
    await expect.poll(() => writeText.mock.calls.length).toBe(1)
    expect(writeText.mock.calls[0]?.[0]).toBe(
      `https://app.example/sessions/42?tab=chat#${store.getState().messageIds[1]}`,
    )
  })

  it('takes a function of the message id, and offers nothing without a link', () => {
    const store = createChatStore({ initial: structuredClone(opencodeSession.messages), coalesce: false })
    const { rerender } = render(
      <Transcript
        store={store}
        messageLink={(id) => (id.endsWith('1') ? undefined : `/s/${id}`)}
        timeZone="UTC"
        highlighter={null}
      />,
    )
    expect(screen.getAllByRole('button', { name: 'Copy link to this message' }).length).toBe(
      store.getState().messageIds.filter((id) => !id.endsWith('1')).length,
    )
    rerender(<Transcript store={store} timeZone="UTC" highlighter={null} />)
    expect(screen.queryByRole('button', { name: 'Copy link to this message' })).toBeNull()
  })
})
