import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Part, ToolPart, WithParts } from '../../../src/core/model/types'
import { validateTranscript } from '../../../src/core/validator'
import { InvalidDataError } from '../../../src/protocols/diagnostics'
import { fromMsgFile, parseAttrs, toMsgFile } from '../../../src/protocols/msgfile'

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../fixtures', name), 'utf8')
const tools = (messages: WithParts[]) =>
  messages.flatMap((m) => m.parts.filter((p): p is ToolPart => p.type === 'tool'))

/** The ```markdown examples of a spec document, fences and all removed. */
function markdownExamples(text: string): string[] {
  return [...text.matchAll(/^```markdown\n([^]*?)^```$/gm)].map((match) => match[1] as string)
}

describe('the session fixture', () => {
  const result = fromMsgFile(fixture('msgfile/session.msg.md'), { sessionID: 'ses_msgfile' })

  it('reads user cells, one assistant message per run of output cells, and the frontmatter agents', () => {
    expect(result.diagnostics).toEqual([])
    expect(result.messages.map((m) => m.info.role)).toEqual(['user', 'assistant', 'user', 'user', 'assistant'])
    expect(result.agents).toEqual([
      {
        name: 'custom-agent',
        models: ['deepseek-v3'],
        context_window: 200000,
        max_output_tokens: 8192,
        reasoning: true,
        temperature: 0.7,
      },
    ])
    expect(result.messages[0]?.parts[0]).toMatchObject({
      type: 'text',
      text: "What is the weather in Beijing, and plot the week's temperatures?",
    })
    expect(result.messages[0]?.info.time.created).toBe(Date.parse('2025-05-30T00:00:00+08:00'))
    expect(result.file.preamble.trim()).toBe('# Weather and a plot')
    expect(validateTranscript(result.messages).filter((issue) => issue.severity === 'error')).toEqual([])
  })

  it('maps reasoning=1 to reasoning, the agent name to the message, and keeps fenced cell markers as text', () => {
    const turn = result.messages[1]
    expect(turn?.info).toMatchObject({ role: 'assistant', agent: 'custom-agent' })
    expect(turn?.parts.map((p) => p.type)).toEqual(['reasoning', 'tool', 'text', 'tool', 'tool'])
    expect(turn?.parts[2]).toMatchObject({ type: 'text', text: expect.stringContaining('# %% this is not a cell') })
  })

  it('joins a tool call and its results into one tool part; the last result decides the state', () => {
    const [weather] = tools(result.messages)
    expect(weather).toMatchObject({
      callID: '2.k3x9',
      tool: 'weather',
      state: { status: 'completed', input: { city: '北京' }, output: '北京 25°C 晴朗' },
    })
    expect(weather?.state.status === 'completed' && weather.state.metadata.results).toHaveLength(2)
    expect(weather?.state.status === 'completed' && weather.state.time.end - weather.state.time.start).toBe(500)
  })

  it('reads code outputs: stdout and stderr lines, and base64 binary output as an attachment', () => {
    const [, text, binary] = tools(result.messages)
    expect(text).toMatchObject({ tool: 'code' })
    expect(text?.state).toMatchObject({
      status: 'completed',
      input: { language: 'python', cell: '3' },
      output: 'plotted 7 points\nUserWarning: no display',
      metadata: { stdout: 'plotted 7 points', stderr: 'UserWarning: no display' },
    })
    expect(binary?.state.status === 'completed' && binary.state.attachments?.[0]).toMatchObject({
      type: 'file',
      mime: 'image/png',
      url: expect.stringMatching(/^data:image\/png;base64,iVBOR/),
    })
  })

  it('marks history="none" text ignored and turns an [error] cell into the message error', () => {
    expect(result.messages[2]?.parts[0]).toMatchObject({ type: 'text', ignored: true })
    expect(result.messages[3]?.parts[0]).not.toHaveProperty('ignored')
    expect(result.messages[4]?.info).toMatchObject({
      error: { name: 'MessageFileError', data: { message: 'Rate limit exceeded; try again in 30 s.' } },
    })
  })

  it('writes back to text that parses to the same messages (round trip)', () => {
    const written = toMsgFile(result.messages, {
      frontmatter: result.file.frontmatter?.raw,
      preamble: result.file.preamble,
    })
    const again = fromMsgFile(written, { sessionID: 'ses_msgfile' })
    expect(again.diagnostics).toEqual([])
    expect(again.messages).toEqual(result.messages)
    expect(toMsgFile(again.messages, { frontmatter: again.file.frontmatter?.raw, preamble: again.file.preamble })).toBe(
      written,
    )
  })
})

describe('the spec examples parse', () => {
  it('every ```markdown example of seed 001 (REQ010) and of REQ007', () => {
    const examples = [
      ...markdownExamples(fixture('textcase-msg-md/REQ010.md')),
      ...markdownExamples(fixture('textcase-msg-md/REQ007.md')),
    ]
    expect(examples.length).toBeGreaterThan(10)
    for (const example of examples) {
      const result = fromMsgFile(example)
      expect(
        result.diagnostics.filter((d) => d.severity === 'error' && d.code !== 'ORPHAN_TOOL_RESULT'),
        example,
      ).toEqual([])
    }
  })

  it('the REQ010 tool-call example and the REQ007 tool_call/tool_result example pair up', () => {
    const req010 = fromMsgFile(
      '# %%% 工具调用[^7.ab12]\n\n[^7.ab12]: [tool] name="tool_name"\n\n<call/>\n\n# %%% 工具调用结果[^7.ab12.1]\n\n[^7.ab12.1]: [tool] status="success" duration=0.5s\n\nok\n',
    )
    expect(tools(req010.messages)[0]).toMatchObject({
      callID: '7.ab12',
      tool: 'tool_name',
      state: { status: 'completed', output: 'ok', input: { text: '<call/>' } },
    })
    const req007 = fromMsgFile(
      `# %% 天气查询[^weather_query]\n[^weather_query]: [tool_call] tool="weather" args='{"city":"北京"}'\n\n# %%% 查询结果[^weather_result]\n[^weather_result]: [tool_result] tool="weather" status="success" duration=0.5\n\n北京 25°C 晴朗\n`,
    )
    expect(req007.diagnostics).toEqual([])
    expect(tools(req007.messages)[0]).toMatchObject({
      tool: 'weather',
      state: { status: 'completed', input: { city: '北京' }, output: '北京 25°C 晴朗' },
    })
  })

  it('reads every history spelling', () => {
    for (const [value, ignored] of [
      ['none', true],
      ['exclude', true],
      ['0', true],
      ['false', true],
      ['include', false],
      ['1', false],
      ['true', false],
      ['summary', false],
    ] as const) {
      const { messages } = fromMsgFile(`# %% [^1]\n\n[^1]: [markdown] history=${value}\n\nhello\n`)
      expect(messages[0]?.parts[0]?.type === 'text' && messages[0].parts[0].ignored === true, value).toBe(ignored)
    }
  })

  it('parses quoted, single-quoted and bare attributes in order', () => {
    expect(parseAttrs(`name="a \\"b\\"" args='{"x":1}' duration=0.5s flag=1`)).toEqual([
      ['name', 'a "b"'],
      ['args', '{"x":1}'],
      ['duration', '0.5s'],
      ['flag', '1'],
    ])
  })
})

describe('.md files with a messages section', () => {
  it('reads only the section named in the frontmatter', () => {
    const { messages, diagnostics } = fromMsgFile(fixture('msgfile/notes.md'), { kind: 'md' })
    expect(diagnostics).toEqual([])
    expect(messages.map((m) => m.parts[0]?.type === 'text' && m.parts[0].text)).toEqual([
      'Is a 5 minute TTL safe?',
      'Yes, if writes invalidate the key.',
    ])
  })

  it('defaults to a Discussion section and reports a file without one', () => {
    expect(
      fromMsgFile('# Doc\n\n## Discussion\n\n# %% [^1]\n\n[^1]: [markdown]\n\nhi\n', { kind: 'md' }).messages,
    ).toHaveLength(1)
    const missing = fromMsgFile('# Doc\n\nno messages\n', { kind: 'md' })
    expect(missing.diagnostics.map((d) => d.code)).toEqual(['NO_MESSAGE_SECTION'])
    expect(() => fromMsgFile('# Doc\n', { kind: 'md', strict: true })).toThrow(InvalidDataError)
  })
})

describe('diagnostics and properties', () => {
  it('reports a cell without metadata and a result without a call, keeping both', () => {
    const { messages, diagnostics } = fromMsgFile(
      '# %% [^1]\n\nhi\n\n# %%% [^9.x.1]\n\n[^9.x.1]: [tool] status="success"\n\nlost\n',
    )
    expect(diagnostics.map((d) => d.code)).toEqual(['MISSING_METADATA', 'ORPHAN_TOOL_RESULT'])
    expect(tools(messages)[0]).toMatchObject({ metadata: { orphan: true }, state: { output: 'lost' } })
  })

  it('leaves no empty message where a result cell came before its call', () => {
    // The result moves to its call when the call comes: the message its cell opened holds nothing.
    const text = [
      '# %%% [^2.ab.1]',
      '[^2.ab.1]: [tool] status="failed" duration=1s',
      '# %% [^1]',
      '# %%% 工具调用[^2.ab]',
      '[^2.ab]: [tool] name="t"',
    ].join('\n')
    const first = fromMsgFile(text, { sessionID: 's' })
    expect(first.messages.map((m) => [m.info.role, m.parts.map((p) => p.type)])).toEqual([
      ['user', ['text']],
      ['assistant', ['tool']],
    ])
    expect(first.diagnostics.map((d) => d.code)).toContain('RESULT_BEFORE_CALL')
    expect(
      fromMsgFile(toMsgFile(first.messages), { sessionID: 's' }).messages.map((m) => m.parts.map((p) => p.type)),
    ).toEqual([['text'], ['tool']])
  })

  it('parse → serialize → parse is stable for arbitrary files', () => {
    const line = fc.oneof(
      fc.constantFrom(
        '# %% [^1]',
        '## %%% [^2]',
        '# %%% 工具调用[^2.ab]',
        '# %%% [^2.ab.1]',
        '[^1]: [markdown] history="none"',
        '[^2]: [agent] reasoning=1',
        '[^2.ab]: [tool] name="t"',
        '[^2.ab.1]: [tool] status="failed" duration=1s',
        '```',
        'stdout> x',
        '\\# %% escaped',
        '',
      ),
      fc.string({ maxLength: 20 }),
    )
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const text = lines.join('\n')
        const first = fromMsgFile(text, { sessionID: 's' })
        const written = toMsgFile(first.messages)
        const second = fromMsgFile(written, { sessionID: 's' })
        expect(toMsgFile(second.messages)).toBe(written)
        expect(second.messages.map((m) => m.parts.map((p) => p.type))).toEqual(
          first.messages.map((m) => m.parts.map((p) => p.type)),
        )
      }),
      { numRuns: 300 },
    )
  })

  it('writes messages from another protocol as cells that read back to the same content', () => {
    const { messages } = fromMsgFile(fixture('msgfile/session.msg.md'), { sessionID: 's' })
    const stripped = messages.map((m) => ({
      ...m,
      parts: m.parts.map((p) => ('metadata' in p ? (({ metadata: _metadata, ...rest }) => rest)(p) : p) as Part),
    }))
    const back = fromMsgFile(toMsgFile(stripped), { sessionID: 's' })
    const texts = (list: WithParts[]) =>
      list.flatMap((m) => m.parts.flatMap((p) => (p.type === 'text' || p.type === 'reasoning' ? [p.text] : [])))
    expect(texts(back.messages)).toEqual(texts(messages))
  })
})
