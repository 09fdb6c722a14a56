import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Message } from '../../../src/components/MessageView/MessageView'
import * as build from '../../../src/core/build'
import type { WithParts } from '../../../src/core/model/types'
import { validateTranscript } from '../../../src/core/validator'
import { zhCN } from '../../../src/labels/labels'
import { LabelsProvider } from '../../../src/labels/LabelsContext'

const sessionID = 'ses_view'
const at = 1_780_000_000_000
const ids = (messageID: string, n: number) => ({ id: `prt_${messageID}_${n}`, sessionID, messageID })

/** A user message as opencode records it: with the agent and model that ran the turn. */
function question(): WithParts {
  const info = build.userInfo({
    id: 'msg_q',
    sessionID,
    created: at,
    agent: 'build',
    model: { providerID: 'anthropic', modelID: 'claude-sonnet-4-5' },
  })
  return { info, parts: [build.textPart(ids('msg_q', 0), 'Rename getUser.')] }
}

function reply(parts: (messageID: string) => WithParts['parts']): WithParts {
  const info = build.assistantInfo({
    id: 'msg_a',
    sessionID,
    created: at + 1000,
    completed: at + 5000,
    agent: 'build',
    modelID: 'claude-sonnet-4-5',
    cost: 0.01,
  })
  return { info, parts: parts('msg_a') }
}

describe('Message in the chat layout (the default)', () => {
  it("shows who wrote the user's message and when, not the agent and model that ran it", () => {
    const { container } = render(<Message message={question()} timeZone="UTC" />)
    const article = container.querySelector('article') as HTMLElement
    expect(article.dataset.layout).toBe('chat')
    expect(within(article).getByRole('heading').textContent).toBe('You')
    expect(container.querySelector('.cp-message__model')).toBeNull()
    expect(container.querySelector('.cp-message__agent')).toBeNull()
  })

  it('shows the agent and model on the reply, and on every message in the document layout', () => {
    const answer = reply((id) => [build.textPart(ids(id, 0), 'Done.')])
    const chat = render(<Message message={answer} timeZone="UTC" />)
    expect(chat.container.querySelector('.cp-message__model')?.textContent).toBe('claude-sonnet-4-5')
    chat.unmount()
    const documentView = render(<Message message={question()} layout="document" timeZone="UTC" />)
    expect(documentView.container.querySelector('.cp-message__model')?.textContent).toBe('claude-sonnet-4-5')
    expect(documentView.container.querySelector('.cp-message__agent')?.textContent).toBe('build')
  })

  it("puts the actions in the heading's corner, not on a line of their own", () => {
    const { container } = render(<Message message={question()} timeZone="UTC" />)
    const actions = screen.getByRole('group', { name: 'Message actions' })
    expect(actions.parentElement).toBe(container.querySelector('.cp-message__header'))
    within(actions).getByRole('button', { name: 'Copy message' })
    expect(container.querySelector('.cp-message__footer')).toBeNull()
  })

  it('keeps the actions under the message in the document layout', () => {
    const { container } = render(<Message message={question()} layout="document" timeZone="UTC" />)
    expect(screen.getByRole('group', { name: 'Message actions' }).parentElement).toBe(
      container.querySelector('.cp-message__footer'),
    )
  })
})

describe('a system prompt', () => {
  const prompt: WithParts = {
    info: build.userInfo({ id: 'msg_s', sessionID, created: at }),
    parts: [build.textPart(ids('msg_s', 0), 'You are a careful coding agent.', { synthetic: true, system: true })],
  }

  it('is valid data', () => {
    expect(validateTranscript([prompt])).toEqual([])
    expect(
      validateTranscript([{ ...prompt, parts: [{ ...prompt.parts[0], system: 'yes' } as never] }]).map(
        (issue) => issue.code,
      ),
    ).toContain('SHAPE')
  })

  it("is the system's message, flagged as its prompt, not the user's words nor the agent's", () => {
    const { container } = render(<Message message={prompt} timeZone="UTC" />)
    const article = container.querySelector('article') as HTMLElement
    expect(article.dataset.system).toBe('true')
    expect(within(article).getByRole('heading').textContent).toBe('System')
    expect(container.querySelector('.cp-flag')?.textContent).toBe('System prompt')
    expect(container.textContent).not.toContain('Added by the agent')
    // Not the user's text: nothing to copy.
    expect(screen.queryByRole('button', { name: 'Copy message' })).toBeNull()
  })

  it('says so in Chinese too', () => {
    const { container } = render(
      <LabelsProvider labels={zhCN}>
        <Message message={prompt} timeZone="UTC" />
      </LabelsProvider>,
    )
    expect(within(container.querySelector('article') as HTMLElement).getByRole('heading').textContent).toBe('系统')
    expect(container.querySelector('.cp-flag')?.textContent).toBe('系统提示词')
  })

  it('leaves a user message with a prompt and words of its own to the user', () => {
    const mixed = { ...prompt, parts: [...prompt.parts, build.textPart(ids('msg_s', 1), 'Rename getUser.')] }
    const { container } = render(<Message message={mixed} timeZone="UTC" />)
    expect(within(container.querySelector('article') as HTMLElement).getByRole('heading').textContent).toBe('You')
  })
})

describe('tool calls the user answered', () => {
  const call = (id: string, status: 'approved' | 'denied') =>
    build.toolPart(ids(id, 0), {
      callID: `call_${status}`,
      tool: 'deploy',
      state:
        status === 'approved'
          ? build.toolResult({ input: { service: 'notes' }, start: at, end: at + 900, output: 'deployed' })
          : build.toolResult({
              input: { service: 'notes' },
              start: at,
              end: at,
              output: 'The user denied the call.',
              isError: true,
            }),
      approval: build.approval({ id: `apr_${status}`, status }),
    })

  it.each(['approved', 'denied'] as const)('folds once %s, like any finished call', (status) => {
    render(<Message message={reply((id) => [call(id, status)])} timeZone="UTC" />)
    expect(screen.getByRole('button', { expanded: false, name: /deploy/ })).toBeTruthy()
  })

  it('keeps a call that failed by itself open', () => {
    const failed = build.toolPart(ids('msg_a', 0), {
      callID: 'call_f',
      tool: 'deploy',
      state: build.toolResult({ input: {}, start: at, end: at, output: 'boom', isError: true }),
    })
    render(<Message message={reply(() => [failed])} timeZone="UTC" />)
    expect(screen.getByRole('button', { expanded: true, name: /deploy/ })).toBeTruthy()
  })
})

describe("the model's headings", () => {
  const titled = () => reply((id) => [build.textPart(ids(id, 0), '# Plan\n\nFirst.\n\n## Steps\n\n###### Note')])
  const levels = (container: HTMLElement) =>
    [...container.querySelectorAll('.cp-markdown :is(h1, h2, h3, h4, h5, h6)')].map(
      (heading) => `${heading.tagName} ${heading.textContent}`,
    )

  it("sit under the message's own heading: no <h1> inside a message", () => {
    const { container } = render(<Message message={titled()} timeZone="UTC" />)
    expect(container.querySelector('.cp-message__role')?.tagName).toBe('H2')
    expect(levels(container)).toEqual(['H3 Plan', 'H4 Steps', 'H6 Note'])
    // Sized by the depth the model wrote.
    expect(container.querySelector('h3')?.getAttribute('data-depth')).toBe('1')
  })

  it('start right under it whatever depth the model starts at, so no level is skipped', () => {
    const sections = reply((id) => [build.textPart(ids(id, 0), '### Findings\n\nText.\n\n#### Detail\n\n### Next')])
    const { container } = render(<Message message={sections} timeZone="UTC" />)
    expect(levels(container)).toEqual(['H3 Findings', 'H4 Detail', 'H3 Next'])
    expect(container.querySelector('h3')?.getAttribute('data-depth')).toBe('3')
  })

  it('follow the heading level the app gives the messages', () => {
    const { container } = render(<Message message={titled()} headingLevel={4} timeZone="UTC" />)
    expect(levels(container)).toEqual(['H5 Plan', 'H6 Steps', 'H6 Note'])
  })
})

describe('a line cut with an ellipsis', () => {
  it('keeps its whole text in reach: in its tooltip, and in the call once opened', () => {
    const command = `npx vitest run ${'test/components/a-very-long-path/'.repeat(8)}`
    const shell = build.toolPart(ids('msg_a', 0), {
      callID: 'call_long',
      tool: 'bash',
      state: build.toolResult({ input: { command }, start: at, end: at + 10, output: 'ok' }),
    })
    const { container } = render(<Message message={reply(() => [shell])} timeZone="UTC" />)
    const argument = container.querySelector('.cp-tool__argument') as HTMLElement
    expect(argument.textContent?.endsWith('…')).toBe(true)
    expect(argument.getAttribute('title')).toBe(command)
    screen.getByRole('button', { name: /bash/ }).click()
    return expect.poll(() => container.querySelector('.cp-tool__body')?.textContent).toContain(command)
  })
})

describe('Copy as Markdown', () => {
  it('copies the message with its tool calls, without a heading or a cost line', async () => {
    const writeText = vi.fn(async (_text: string) => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const shell = build.toolPart(ids('msg_a', 1), {
      callID: 'c1',
      tool: 'bash',
      state: build.toolResult({ input: { command: 'npm test' }, start: at, end: at + 10, output: 'PASS' }),
    })
    render(
      <Message message={reply((id) => [build.textPart(ids(id, 0), 'Ran the **tests**.'), shell])} timeZone="UTC" />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Copy as Markdown' }))
    await expect.poll(() => writeText.mock.calls.length).toBe(1)
    const copied = writeText.mock.calls[0]?.[0] as string
    expect(copied.startsWith('Ran the **tests**.')).toBe(true)
    expect(copied).toContain('```json\n{\n  "command": "npm test"\n}\n```')
    expect(copied).toContain('```\nPASS\n```')
    expect(copied).not.toContain('##')
    expect(copied).not.toContain('$0.01')
  })

  it('is not offered with copyable={false}', () => {
    render(<Message message={question()} copyable={false} timeZone="UTC" />)
    expect(screen.queryByRole('button', { name: 'Copy as Markdown' })).toBeNull()
  })
})
