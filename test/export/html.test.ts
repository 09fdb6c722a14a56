// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import * as build from '../../src/core/build'
import type { WithParts } from '../../src/core/model/types'
import { toHTML } from '../../src/export/html'
import { tokenColorClass } from '../../src/components/shared/tokenColors'
import { builtInAdapters } from '../../src/protocols/adapters'
import { createChatStore, selectTranscript } from '../../src/store/chatStore'
import { opencodeCanonical } from '../fixtures/opencode'
import conversation from '../fixtures/toolmessage2/conversation.json'

function session(): WithParts[] {
  const store = createChatStore({
    adapters: builtInAdapters,
    initial: structuredClone(opencodeCanonical),
    coalesce: false,
  })
  store.getState().ingest('toolmessage2', structuredClone(conversation))
  return selectTranscript(store.getState())
}

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html')

describe('toHTML', () => {
  it('writes one document with the kit’s styles inlined, every message, and every fold open', async () => {
    const messages = session()
    const html = await toHTML(messages, { title: 'Rename <getUser>', highlighter: null })
    const doc = parse(html)
    expect(html.startsWith('<!doctype html>')).toBe(true)
    expect(doc.title).toBe('Rename <getUser>')
    // The stylesheet itself, its imports resolved: nothing left to fetch.
    const css = doc.querySelector('style')?.textContent ?? ''
    expect(css).toMatch(/\.cp-message__header\s*\{[^}]*display:\s*flex/)
    expect(css).not.toContain('@import')
    expect(doc.querySelectorAll('article.cp-message')).toHaveLength(messages.length)
    // Folds open: the write call's poem and the failed bash output are in the page; none says closed.
    expect(doc.body.textContent).toContain('The wind that whispers through the trees')
    expect(doc.body.textContent).toContain("Cannot find name 'getUser'")
    // (A cost line keeps its sum; its per-step table stays folded.)
    expect(
      [...doc.querySelectorAll('[aria-expanded="false"]:not(.cp-usage__toggle)')].map((element) => element.className),
    ).toEqual([])
    // The prompt, the reasoning and the reply.
    for (const text of ['Write a sample file', 'The user wants me to create a file', 'with a nature-themed poem'])
      expect(doc.body.textContent).toContain(text)
  })

  it('has no script, no event handler and no URL the policy refuses', async () => {
    const ids = (id: string) => ({ id, sessionID: 's', messageID: 'msg_a' })
    const messages: WithParts[] = [
      {
        info: build.assistantInfo({ id: 'msg_a', sessionID: 's', created: 1, completed: 2 }),
        parts: [
          build.textPart(
            ids('prt_1'),
            '<script>alert(1)</script>\n\nSee <img src=x onerror=alert(2)> [click](javascript:alert(3)) and [ok](https://example.com/a).',
          ),
          build.filePart(ids('prt_2'), { mime: 'text/html', url: 'javascript:alert(4)', filename: 'evil.html' }),
        ],
      },
    ]
    const html = await toHTML(messages, { highlighter: null })
    const doc = parse(html)
    expect(doc.querySelectorAll('script')).toHaveLength(0)
    const attributes = [...doc.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].map((attribute) => attribute.name),
    )
    expect(attributes.filter((name) => name.startsWith('on'))).toEqual([])
    const urls = [...doc.querySelectorAll('[href], [src]')].map(
      (element) => element.getAttribute('href') ?? element.getAttribute('src'),
    )
    expect(urls.filter((url) => /^\s*javascript:/i.test(url ?? ''))).toEqual([])
    expect(urls).toContain('https://example.com/a')
    // Raw HTML shows as text.
    expect(doc.body.textContent).toContain('<script>alert(1)</script>')
  })

  it('colours code by loading the fences’ languages first, and writes Chinese labels and times in a given zone', async () => {
    const ids = (id: string) => ({ id, sessionID: 's', messageID: 'msg_a' })
    const messages: WithParts[] = [
      {
        info: build.assistantInfo({
          id: 'msg_a',
          sessionID: 's',
          created: Date.UTC(2026, 0, 2, 3, 4),
          completed: Date.UTC(2026, 0, 2, 3, 5),
        }),
        parts: [build.textPart(ids('prt_1'), '```ts\nexport const answer: number = 42\n```')],
      },
    ]
    // A colour this document does not use, named before it (by another render of the process).
    const unused = tokenColorClass('#123456', '#654321')
    const doc = parse(await toHTML(messages, { locale: 'zh-CN', timeZone: 'Asia/Shanghai' }))
    expect(doc.documentElement.lang).toBe('zh-CN')
    const tokens = [...doc.querySelectorAll('.cp-code__token')]
    expect(tokens.length).toBeGreaterThan(0)
    // Each token's colour class has its rule in the document's own stylesheet, for both schemes.
    const style = doc.querySelector('style')?.textContent ?? ''
    for (const token of tokens) {
      const name = [...token.classList].find((each) => each.startsWith('cp-c-'))
      expect(name).toBeDefined()
      expect(style).toMatch(new RegExp(`\\.${name}\\{--cp-tl:#[0-9a-f]+;--cp-td:#[0-9a-f]+;\\}`, 'i'))
    }
    // Only the rules it uses.
    expect(unused).toBe('cp-c-123456-654321')
    expect(style).not.toContain(unused)
    expect(doc.body.textContent).toContain('助手')
    expect(doc.querySelector('time')?.textContent).toMatch(/11:04/)
  })

  it('skips what is not a message instead of throwing', async () => {
    const html = await toHTML([null, { info: null }, ...opencodeCanonical.slice(0, 1)] as unknown as WithParts[], {
      highlighter: null,
    })
    expect(parse(html).querySelectorAll('article')).toHaveLength(1)
  })
})
