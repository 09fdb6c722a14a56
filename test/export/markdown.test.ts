import fc from 'fast-check'
import type { Code, Heading, Nodes, Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { toString } from 'mdast-util-to-string'
import { gfm } from 'micromark-extension-gfm'
import { describe, expect, it } from 'vitest'
import * as build from '../../src/core/build'
import type { WithParts } from '../../src/core/model/types'
import { closeOpenFence, fenceFor, toMarkdown } from '../../src/export/markdown'
import { fromToolMessage2 } from '../../src/protocols/toolmessage2'
import { opencodeSession } from '../fixtures/opencode'
import conversation from '../fixtures/toolmessage2/conversation.json'

const parse = (markdown: string): Root =>
  fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })

function all<T extends Nodes>(tree: Nodes, type: T['type']): T[] {
  const found: T[] = []
  const visit = (node: Nodes) => {
    if (node.type === type) found.push(node as T)
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child)
  }
  visit(tree)
  return found
}

const sessionID = 'ses_export'
const at = 1_780_000_000_000
const ids = (messageID: string, n: number) => ({ id: `prt_${messageID}_${n}`, sessionID, messageID })

function exchange(output: string, text = 'Done.'): WithParts[] {
  return [
    {
      info: build.userInfo({ id: 'msg_q', sessionID, created: at }),
      parts: [build.textPart(ids('msg_q', 0), 'Run the tests.')],
    },
    {
      info: build.assistantInfo({
        id: 'msg_a',
        sessionID,
        created: at + 1000,
        completed: at + 5000,
        modelID: 'claude-sonnet-4-5',
        cost: 0.0125,
        tokens: build.tokens({ input: 1200, output: 300 }),
      }),
      parts: [
        build.reasoningPart(ids('msg_a', 0), 'Run **vitest** first.', build.span(at + 1000, at + 2000)),
        build.toolPart(ids('msg_a', 1), {
          callID: 'c1',
          tool: 'bash',
          state: build.toolResult({ input: { command: 'npx vitest run' }, start: at + 2000, end: at + 4500, output }),
        }),
        build.textPart(ids('msg_a', 2), text),
      ],
    },
  ]
}

describe('toMarkdown', () => {
  it('writes a heading per message, its text, reasoning, tool input and output, and the costs', () => {
    const markdown = toMarkdown(exchange('PASS 412 tests'), { title: 'Test run' })
    const tree = parse(markdown)
    const headings = all<Heading>(tree, 'heading').map((heading) => `${heading.depth} ${toString(heading)}`)
    expect(headings).toEqual([
      '1 Test run',
      '2 You — 2026-05-28 20:26 UTC',
      '2 Assistant (claude-sonnet-4-5) — 2026-05-28 20:26 UTC',
    ])
    const code = all<Code>(tree, 'code')
    expect(code.map((node) => node.value)).toEqual([
      JSON.stringify({ command: 'npx vitest run' }, null, 2),
      'PASS 412 tests',
    ])
    expect(code[0]?.lang).toBe('json')
    expect(markdown).toContain('## Assistant (claude-sonnet-4-5) — 2026-05-28 20:26 UTC')
    expect(markdown).toContain('> Run **vitest** first.')
    expect(markdown).toContain('completed, 2.5 s')
    expect(markdown).toContain('_$0.0125 · 1.5k tokens_')
    expect(markdown).toContain('**Session total:** $0.0125 · 1.5k tokens')
  })

  it('folds reasoning in <details>, or leaves it out, when asked', () => {
    expect(toMarkdown(exchange('ok'), { reasoning: 'details' })).toContain(
      '<details>\n<summary>Reasoning</summary>\n\nRun **vitest** first.\n\n</details>',
    )
    expect(toMarkdown(exchange('ok'), { reasoning: 'omit' })).not.toContain('vitest** first')
    expect(toMarkdown(exchange('ok'), { usage: false })).not.toContain('tokens')
  })

  it('keeps any tool output exactly, whatever backticks or fences it holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('`', '~', 'a', ' ', '\n', '#', '>', '|', '-') }), (output) => {
        const code = all<Code>(parse(toMarkdown(exchange(output))), 'code')
        expect(code[1]?.value).toBe(output.replace(/\n$/, ''))
      }),
    )
  })

  it('closes a code fence the model left open, so the next message stays a message', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('```', '````ts', '~~~', '```python'),
        fc.string({ unit: fc.constantFrom('`', 'x', '\n', ' ') }),
        (fence, body) => {
          const messages = [...exchange('ok', `Here:\n\n${fence}\n${body}`), ...exchange('later')]
          const headings = all<Heading>(parse(toMarkdown(messages)), 'heading')
          expect(headings).toHaveLength(4)
        },
      ),
    )
    expect(closeOpenFence('```ts\nconst a = 1')).toBe('```ts\nconst a = 1\n```')
    expect(closeOpenFence('```ts\nconst a = 1\n```')).toBe('```ts\nconst a = 1\n```')
    expect(fenceFor('a ```` b')).toBe('`````')
  })

  it('writes names from the data as text, whatever marks they hold', () => {
    const messages: WithParts[] = [
      {
        info: build.assistantInfo({ id: 'msg_n', sessionID, created: at, modelID: 'a*b_[c](d)<e>#' }),
        parts: [
          build.filePart(ids('msg_n', 0), {
            url: 'https://example.com/x',
            filename: '**bold** [x](javascript:1) <b>',
            mime: 'text/plain',
          }),
        ],
      },
    ]
    const tree = parse(toMarkdown(messages, { usage: false }))
    expect(toString(all<Heading>(tree, 'heading')[0] as Heading)).toBe(
      'Assistant (a*b_[c](d)<e>#) — 2026-05-28 20:26 UTC',
    )
    expect(all<{ type: 'link'; url: string } & Nodes>(tree, 'link').map((node) => [node.url, toString(node)])).toEqual([
      ['https://example.com/x', '**bold** [x](javascript:1) <b>'],
    ])
    expect(all(tree, 'strong' as never)).toEqual([])
    expect(all(tree, 'html' as never)).toEqual([])
  })

  it('links files and sources only through safe protocols', () => {
    const messages: WithParts[] = [
      {
        info: build.userInfo({ id: 'msg_f', sessionID, created: at }),
        parts: [
          build.filePart(ids('msg_f', 0), {
            url: 'https://example.com/plan.pdf',
            filename: 'plan.pdf',
            mime: 'application/pdf',
          }),
          build.filePart(ids('msg_f', 1), { url: 'javascript:alert(1)', filename: 'evil.html', mime: 'text/html' }),
          build.filePart(ids('msg_f', 2), {
            url: 'data:image/png;base64,AAAA',
            filename: 'shot.png',
            mime: 'image/png',
          }),
        ],
      },
    ]
    const tree = parse(toMarkdown(messages))
    expect(all<{ type: 'link'; url: string } & Nodes>(tree, 'link').map((node) => node.url)).toEqual([
      'https://example.com/plan.pdf',
    ])
    expect(toMarkdown(messages)).not.toContain('base64')
  })

  it('writes a real session whole: every message, every tool call', () => {
    const { messages } = fromToolMessage2(structuredClone(conversation))
    const all_ = [...structuredClone(opencodeSession.messages), ...messages]
    const tree = parse(toMarkdown(all_))
    expect(all<Heading>(tree, 'heading').filter((heading) => heading.depth === 2)).toHaveLength(all_.length)
    const tools = all_.flatMap((message) => message.parts).filter((part) => part.type === 'tool')
    expect(tools.length).toBeGreaterThan(3)
    // An input and an output or error block for each finished call.
    expect(all<Code>(tree, 'code').filter((node) => node.lang === 'json').length).toBeGreaterThanOrEqual(tools.length)
  })
})
