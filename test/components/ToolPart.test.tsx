import { act, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ToolPart } from '../../src/components/ToolPart/ToolPart'
import type { ToolViewProps } from '../../src/components/shared/config'
import type { FilePart, ToolPart as ToolPartData, ToolState } from '../../src/core/model/types'
import { fromToolMessage2 } from '../../src/protocols/toolmessage2'
import conversation from '../fixtures/toolmessage2/conversation.json'
import { opencodeCanonical, viaOpencode } from '../fixtures/opencode'
import { fakeHighlighter, loadedHighlighter, withConfig } from './helpers'

const write = opencodeCanonical[1]?.parts.find((part): part is ToolPartData => part.type === 'tool') as ToolPartData

const neovate = fromToolMessage2(structuredClone(conversation))
  .messages.flatMap((message) => message.parts)
  .filter((part): part is ToolPartData => part.type === 'tool')
const byCall = (callID: string) => neovate.find((part) => part.callID === callID) as ToolPartData
const withState = (state: ToolState, tool = write.tool): ToolPartData => ({ ...write, tool, state })
const time = { start: 1_000, end: 3_500 }

describe('ToolPart states', () => {
  it('shows each state as a badge with text and icon, exposed as data-state', () => {
    const states: [ToolState, string][] = [
      [{ status: 'pending', input: {}, raw: '{"filePath": "/tmp/a' }, 'Pending'],
      [{ status: 'running', input: { filePath: '/tmp/a.md' }, time: { start: 1_000 } }, 'Running'],
      [{ status: 'completed', input: {}, output: 'ok', title: 'a.md', metadata: {}, time }, 'Done'],
      [{ status: 'error', input: {}, error: 'EACCES: permission denied', time }, 'Failed'],
    ]
    for (const [state, badge] of states) {
      const { container, unmount } = render(<ToolPart part={withState(state, 'custom_tool')} />, {
        wrapper: withConfig(),
      })
      const root = container.querySelector('[data-part="tool"]') as HTMLElement
      expect(root.dataset.state).toBe(state.status)
      const shown = container.querySelector('.cp-badge') as HTMLElement
      expect(shown.textContent).toContain(badge)
      // An icon beside the text, hidden from assistive technology: the text says it.
      expect(shown.querySelector('svg[aria-hidden="true"]')?.getAttribute('data-icon')).toBeTruthy()
      unmount()
    }
  })

  it('shows the raw arguments of a pending call, and a running one without a duration', () => {
    render(<ToolPart open part={withState({ status: 'pending', input: {}, raw: '{"filePath": "/tmp/a' })} />, {
      wrapper: withConfig(),
    })
    expect(screen.getByText('{"filePath": "/tmp/a')).toBeTruthy()
    expect(document.querySelector('.cp-tool__duration')).toBeNull()
  })

  it('shows the error text of a failed tool and its duration from time', () => {
    render(
      <ToolPart
        open
        part={withState(
          { status: 'error', input: { command: 'ls /root' }, error: 'EACCES: permission denied', time },
          'custom_tool',
        )}
      />,
      { wrapper: withConfig() },
    )
    expect(screen.getByText('EACCES: permission denied')).toBeTruthy()
    expect(screen.getByText('2.5 s')).toBeTruthy()
  })

  it('folds long output behind a button and marks truncation', () => {
    const output = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n')
    render(
      <ToolPart
        open
        part={withState(
          { status: 'completed', input: { q: 1 }, output, title: 'search', metadata: {}, truncated: true, time },
          'search',
        )}
      />,
      { wrapper: withConfig() },
    )
    const region = screen.getByLabelText('Output')
    expect(region.textContent).toContain('line 12')
    expect(region.textContent).not.toContain('line 13')
    const toggle = screen.getByRole('button', { name: /Show all · 28 more lines/ })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    act(() => toggle.click())
    expect(region.textContent).toContain('line 40')
    expect(screen.getByText('Output truncated by the tool')).toBeTruthy()
  })

  it('renders attachments of a completed tool as files', () => {
    const file: FilePart = {
      id: 'prt_f',
      sessionID: write.sessionID,
      messageID: write.messageID,
      type: 'file',
      mime: 'application/pdf',
      filename: 'report.pdf',
      url: 'https://example.com/report.pdf',
    }
    render(
      <ToolPart
        open
        part={withState(
          { status: 'completed', input: {}, output: 'done', title: 'export', metadata: {}, time, attachments: [file] },
          'export',
        )}
      />,
      { wrapper: withConfig() },
    )
    expect(
      within(screen.getByRole('group', { name: 'Attachments' })).getByRole('link', { name: 'report.pdf' }),
    ).toBeTruthy()
  })
})

describe('built-in tool views', () => {
  it('truncation the converter read from opencode metadata is marked; views never read metadata themselves', () => {
    const state: ToolState = {
      status: 'completed',
      input: { q: 1 },
      output: 'partial',
      title: 'search',
      metadata: { truncated: true },
      time,
    }
    const { unmount } = render(<ToolPart open part={withState(state, 'search')} />, { wrapper: withConfig() })
    expect(screen.queryByText('Output truncated by the tool')).toBeNull()
    unmount()
    render(<ToolPart open part={viaOpencode(withState(state, 'search'))} />, { wrapper: withConfig() })
    expect(screen.getByText('Output truncated by the tool')).toBeTruthy()
  })

  it('picks the view by display kind, whatever the tool is called', () => {
    const display = { kind: 'shell' as const, command: 'make', exitCode: 0, output: 'built' }
    render(
      <ToolPart
        open
        part={withState(
          { status: 'completed', input: {}, output: 'built', title: 'make', metadata: {}, display, time },
          'my_runner',
        )}
      />,
      { wrapper: withConfig() },
    )
    expect(screen.getByText('make', { selector: 'code' })).toBeTruthy()
    expect(screen.getByText('exit 0')).toBeTruthy()
  })

  it('shows a sub-agent task with its agent, prompt and markdown result', () => {
    const display = {
      kind: 'task' as const,
      agent: 'explore',
      description: 'Find the config',
      prompt: 'Look for vitest.config.ts',
      result: 'Found **two** files.',
      sessionID: 'ses_child',
    }
    render(
      <ToolPart
        open
        part={withState(
          {
            status: 'completed',
            input: {},
            output: 'Found **two** files.',
            title: 'Find the config',
            metadata: {},
            display,
            time,
          },
          'task',
        )}
      />,
      {
        wrapper: withConfig(),
      },
    )
    expect(screen.getByText('explore')).toBeTruthy()
    expect(screen.getByText('ses_child')).toBeTruthy()
    expect(screen.getByText('two', { selector: 'strong' })).toBeTruthy()
    // The prompt is shown as the text it is, not as JSON.
    expect(screen.getByLabelText('Input').textContent).toContain('Look for vitest.config.ts')
    expect(screen.getByLabelText('Input').textContent).not.toContain('"prompt"')
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('links a sub-agent task to its own session when the app says where sessions live, through the URL policy', () => {
    const display = { kind: 'task' as const, agent: 'explore', sessionID: 'ses_child' }
    const part = withState(
      { status: 'completed', input: {}, output: '', title: 'task', metadata: {}, display, time },
      'task',
    )
    const { unmount } = render(<ToolPart open part={part} />, {
      wrapper: withConfig({ sessionLink: (id) => `/sessions/${id}` }),
    })
    expect(screen.getByRole('link', { name: 'ses_child' }).getAttribute('href')).toBe('/sessions/ses_child')
    unmount()
    render(<ToolPart open part={part} />, { wrapper: withConfig({ sessionLink: () => 'javascript:alert(1)' }) })
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('shows the real opencode write as a new file diff with its counts', () => {
    render(<ToolPart open part={write} />, { wrapper: withConfig() })
    expect(screen.getByText('TEST_EDITS.md', { selector: '.cp-tool__title' })).toBeTruthy()
    expect(screen.getByText('/home/eki/Projects/opencode-local-share/TEST_EDITS.md')).toBeTruthy()
    expect(screen.getByText('new file')).toBeTruthy()
    expect(screen.getByText('+11')).toBeTruthy()
    expect(document.querySelectorAll('.cp-diff__line[data-kind="add"]')).toHaveLength(11)
  })

  it('shows an opencode edit from its before and after', () => {
    const state: ToolState = {
      status: 'completed',
      input: { filePath: 'src/a.ts', oldString: 'let a = 1', newString: 'const a = 1' },
      output: '',
      title: 'src/a.ts',
      metadata: {
        filediff: {
          file: 'src/a.ts',
          before: 'x\nlet a = 1\ny\n',
          after: 'x\nconst a = 1\ny\n',
          additions: 1,
          deletions: 1,
        },
      },
      time,
    }
    render(<ToolPart open part={viaOpencode(withState(state, 'edit'))} />, { wrapper: withConfig() })
    expect([...document.querySelectorAll('.cp-diff__line')].map((line) => (line as HTMLElement).dataset.kind)).toEqual([
      'context',
      'remove',
      'add',
      'context',
    ])
    expect(screen.getByText('−1')).toBeTruthy()
  })

  it('shows the neovate diff_viewer edit, its contents taken from the input', () => {
    render(<ToolPart open part={byCall('toolu_03_edit')} />, { wrapper: withConfig() })
    expect(screen.getByText('src/api.ts')).toBeTruthy()
    // Each row: old and new line number, sign, text.
    const lines = [...document.querySelectorAll('.cp-diff__line')].map((line) =>
      [...line.children].map((cell) => cell.textContent).concat(line.lastChild?.previousSibling?.textContent ?? ''),
    )
    expect(lines).toEqual([
      ['1', '', '−', 'getUser('],
      ['', '1', '+', 'fetchUser('],
    ])
  })

  it('shows an opencode shell command with its output and exit status', () => {
    const state: ToolState = {
      status: 'completed',
      input: { command: 'npm test', description: 'Run tests' },
      output: '2 passed',
      title: 'Run tests',
      metadata: { output: '2 passed', exit: 1 },
      time,
    }
    render(<ToolPart open part={viaOpencode(withState(state, 'bash'))} />, { wrapper: withConfig() })
    expect(screen.getByText('npm test')).toBeTruthy()
    expect(screen.getByText('exit 1')).toBeTruthy()
    expect(screen.getByText('2 passed')).toBeTruthy()
  })

  it('shows a failed neovate bash call as a failure with its message', () => {
    render(<ToolPart open part={byCall('toolu_04_bash')} />, { wrapper: withConfig() })
    expect(document.querySelector('[data-part="tool"]')?.getAttribute('data-state')).toBe('error')
    expect(screen.getByText(/Cannot find name 'getUser'/)).toBeTruthy()
  })

  it("shows a todo list with each item's state, from neovate and from opencode", () => {
    const { unmount } = render(<ToolPart open part={byCall('toolu_02_todo')} />, { wrapper: withConfig() })
    const items = within(screen.getByRole('list', { name: 'Todos' })).getAllByRole('listitem')
    expect(items.map((item) => item.dataset.state)).toEqual(['in_progress', 'pending'])
    expect(items[0]?.textContent).toContain('in progress')
    unmount()
    const todos = [{ content: 'Write tests', status: 'completed', priority: 'high', id: '1' }]
    render(
      <ToolPart
        open
        part={viaOpencode(
          withState(
            { status: 'completed', input: { todos }, output: '', title: '1 todos', metadata: { todos }, time },
            'todowrite',
          ),
        )}
      />,
      { wrapper: withConfig() },
    )
    expect(screen.getByRole('listitem').dataset.state).toBe('completed')
  })

  it('shows a file read as its path and an excerpt', () => {
    render(<ToolPart open part={byCall('toolu_01_read')} />, { wrapper: withConfig() })
    expect(screen.getByText('src/api.ts')).toBeTruthy()
    expect(screen.getByText('3 lines')).toBeTruthy()
    expect(screen.getByLabelText('Output').textContent).toContain('export async function getUser')
  })

  it('shows an unknown tool with the generic view, as a success, never as a failure', () => {
    const grep = neovate.find((part) => part.tool === 'grep') as ToolPartData
    render(<ToolPart open part={grep} />, { wrapper: withConfig() })
    expect(document.querySelector('[data-part="tool"]')?.getAttribute('data-state')).toBe('completed')
    expect(screen.getByText('Done')).toBeTruthy()
    expect(screen.getByLabelText('Output').textContent).toContain('src/routes.ts:12')
  })

  it('colours a diff by its file’s language, each side as its own file', async () => {
    const fake = fakeHighlighter()
    const display = {
      kind: 'diff' as const,
      file: 'src/api.ts',
      before: 'const a = 1\nkeep()',
      after: 'const b = 2\nkeep()',
    }
    render(
      <ToolPart
        open
        part={withState(
          { status: 'completed', input: {}, output: '', title: 'edit', metadata: {}, display, time },
          'edit',
        )}
      />,
      {
        wrapper: withConfig({ highlighter: fake.highlighter }),
      },
    )
    expect(document.querySelector('.cp-diff .cp-code__token')).toBeNull()
    await act(async () => fake.release())
    const rows = () =>
      [...document.querySelectorAll('.cp-diff__line')].map((line) => [
        line.getAttribute('data-kind'),
        [...line.querySelectorAll('.cp-code__token')].map((token) => token.textContent).join('|'),
      ])
    await waitFor(() =>
      expect(rows()).toEqual([
        ['remove', 'const| |a| |=| |1'],
        ['add', 'const| |b| |=| |2'],
        ['context', 'keep()'],
      ]),
    )
    // The old side and the new side were each tokenized as one text.
    expect(fake.calls).toEqual(['const b = 2\nkeep()', 'const a = 1\nkeep()'])
  })

  it('tokenizes a diff after mounting, not while mounting: a file written whole can be thousands of lines', async () => {
    const fake = await loadedHighlighter()
    const after = Array.from({ length: 1000 }, (_, i) => `export const line${i} = ${i}`).join('\n')
    const display = { kind: 'diff' as const, file: 'src/big.ts', before: '', after, created: true }
    render(
      <ToolPart
        open
        part={withState(
          { status: 'completed', input: {}, output: '', title: 'write', metadata: {}, display, time },
          'write',
        )}
      />,
      {
        wrapper: withConfig({ highlighter: fake.highlighter }),
      },
    )
    // The grammar is ready, yet the mount tokenized nothing: its rows show plain first.
    expect(fake.calls).toEqual([])
    expect(document.querySelectorAll('.cp-diff__line[data-kind="add"]').length).toBeGreaterThan(0)
    expect(document.querySelector('.cp-diff .cp-code__token')).toBeNull()
    // Named by the language it is highlighted in, as a code block is.
    expect(document.querySelector('.cp-diff')?.getAttribute('data-lang')).toBe('typescript')
    await waitFor(() =>
      expect(document.querySelector('.cp-diff__line[data-kind="add"] .cp-code__token')).not.toBeNull(),
    )
    // In calls of a few lines each (the queue's slices), the new side only: the old one is empty.
    expect(fake.calls.length).toBeGreaterThan(1)
    expect(fake.calls.join('')).toBe(after)
  })

  it('shows a flat input as key/value rows, and a nested one as JSON', () => {
    const state = (input: Record<string, unknown>): ToolState => ({
      status: 'completed',
      input,
      output: 'ok',
      title: 'search',
      metadata: {},
      time,
    })
    const { unmount } = render(
      <ToolPart open part={withState(state({ pattern: 'getUser', path: 'src', limit: 5, regex: false }), 'search')} />,
      { wrapper: withConfig() },
    )
    const rows = [...document.querySelectorAll('.cp-kv__row')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ])
    expect(rows).toEqual([
      ['pattern', 'getUser'],
      ['path', 'src'],
      ['limit', '5'],
      ['regex', 'false'],
    ])
    unmount()
    render(<ToolPart open part={withState(state({ query: { text: 'a', limit: 2 } }), 'search')} />, {
      wrapper: withConfig(),
    })
    expect(document.querySelector('.cp-kv')).toBeNull()
    expect(screen.getByLabelText('Input').textContent).toContain('"limit": 2')
  })

  it("uses the host's view for a tool name over the built-in one", () => {
    const MyBash = ({ part }: ToolViewProps) => <p>custom view of {String(part.state.input.command)}</p>
    const state: ToolState = {
      status: 'completed',
      input: { command: 'ls' },
      output: '',
      title: 'ls',
      metadata: {},
      time,
    }
    render(<ToolPart open part={withState(state, 'bash')} />, { wrapper: withConfig({ tools: { bash: MyBash } }) })
    expect(screen.getByText('custom view of ls')).toBeTruthy()
    expect(screen.queryByText('$')).toBeNull()
  })
})

describe('empty results', () => {
  it('says "No output" for a tool that completed without text, and keeps the input', () => {
    render(
      <ToolPart
        open
        part={{
          ...write,
          tool: 'mkdir',
          state: { status: 'completed', input: { path: 'a/b' }, output: '', title: 'mkdir', metadata: {}, time },
        }}
      />,
      { wrapper: withConfig() },
    )
    expect(screen.getByText('No output')).toBeTruthy()
    expect(screen.getByLabelText('Input').textContent).toContain('a/b')
  })
})
