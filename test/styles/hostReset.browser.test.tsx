import { act, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Transcript } from '../../src/components/Transcript'
import { builtInAdapters } from '../../src/protocols/adapters'
import { createChatStore } from '../../src/store/chatStore'
import { extensionOf } from '../../src/components/ToolPart/views'
import { readerScroll } from '../components/Transcript/mountTall'
import { defaultHighlighter } from '../../src/highlight/shiki'
import layered from '../../src/styles/chatparts.css?inline'
import unlayered from '../../src/styles/unlayered.css?inline'
// Tailwind's reset: v4 puts it in the `base` layer (`@import 'tailwindcss'`); v3 left it unlayered.
import preflight from 'tailwindcss/preflight.css?inline'
// The stylesheet create-next-app gives a new app, not in a layer.
import nextGlobals from '../fixtures/hosts/create-next-app-globals.css?inline'
import conversation from '../fixtures/toolmessage2/conversation.json'
import reply from '../fixtures/streaming/reply.md?raw'

/** Every block markdown has, after the real reply (headings, lists, a table, a quote, code). */
const extra = [
  '#### Four',
  '##### Five',
  '###### Six',
  '',
  '- [x] done',
  '- [ ] open',
  '  - nested',
  '',
  '---',
  '',
  'Some *emphasis*, ~~struck~~, a [link](https://example.com), `code` and an image: ![chart](https://example.com/chart.png)',
].join('\n')

function session() {
  const store = createChatStore({ adapters: builtInAdapters, coalesce: false })
  store.getState().ingest('toolmessage2', structuredClone(conversation))
  store.getState().ingest('aisdk', [
    { id: 'q', role: 'user', parts: [{ type: 'text', text: 'How do I sync incrementally?' }] },
    {
      id: 'a',
      role: 'assistant',
      parts: [
        { type: 'reasoning', text: 'Weigh **timestamps** against a change log.', state: 'done' },
        { type: 'text', text: `${reply}\n\n${extra}`, state: 'done' },
        { type: 'source-url', sourceId: 's1', url: 'https://example.com/sync', title: 'Sync notes' },
        { type: 'file', mediaType: 'image/png', url: 'https://example.com/chart.png', filename: 'chart.png' },
        { type: 'file', mediaType: 'application/pdf', url: 'https://example.com/plan.pdf', filename: 'plan.pdf' },
        {
          type: 'tool-deploy',
          toolCallId: 'c1',
          state: 'approval-requested',
          input: { service: 'notes' },
          approval: { id: 'ap1' },
        },
        { type: 'tool-search', toolCallId: 'c2', state: 'input-available', input: { query: 'sync' } },
      ],
    },
  ])
  return store
}

/** The properties an element sets for itself (not inherited from the page), as a reset would clear them. */
const properties = [
  'display',
  'box-sizing',
  'width',
  'padding-right',
  'margin-right',
  'margin-top',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'border-top-width',
  'border-left-width',
  'border-bottom-width',
  'border-top-style',
  'border-radius',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'list-style-type',
  'text-decoration-line',
  'vertical-align',
  'background-color',
  'color',
  'text-align',
  'cursor',
] as const

/** Each element of the kit, by its path, with the properties above. */
function snapshot(root: Element): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>()
  const walk = (element: Element, path: string) => {
    const style = getComputedStyle(element)
    out.set(path, Object.fromEntries(properties.map((name) => [name, style.getPropertyValue(name)])))
    Array.from(element.children).forEach((child, index) =>
      walk(
        child,
        `${path} > ${child.tagName.toLowerCase()}${child.className && typeof child.className === 'string' ? `.${child.className.trim().split(/\s+/)[0]}` : ''}:${index}`,
      ),
    )
  }
  walk(root, 'root')
  return out
}

const sheets: HTMLStyleElement[] = []
afterEach(() => sheets.splice(0).forEach((sheet) => sheet.remove()))

function addSheet(text: string, where: 'before' | 'after') {
  const sheet = document.createElement('style')
  sheet.textContent = text
  sheets.push(sheet)
  if (where === 'after') document.head.append(sheet)
  else document.head.prepend(sheet)
}

/** The kit's stylesheet, then the host's (or the host's, then the kit's). */
function page(kit: string, host: string, where: 'before the kit' | 'after the kit') {
  addSheet(kit, 'after')
  addSheet(host, where === 'after the kit' ? 'after' : 'before')
}

/** Tailwind v4's entry point as an app's stylesheet: the layer order, then its reset in `base`. */
const tailwind = `@layer theme, base, components, utilities;\n@layer base {\n${preflight}\n}`

/** The session in a host element that fixes what a page passes down (font, size, line height), every fold opened. */
async function mount() {
  const view = render(
    <div style={{ font: '16px/1.5 sans-serif', width: 800 }}>
      <Transcript
        store={session()}
        layout="chat"
        virtualize={false}
        timeZone="UTC"
        timeLocale="en-US"
        style={{ height: 600 }}
        onApproval={() => {}}
      />
    </div>,
  )
  // Finished replies are formatted over a few tasks: the styles are compared once they all are.
  await expect.poll(() => view.container.querySelector('.cp-markdown--pending')).toBeNull()
  for (let pass = 0; pass < 4; pass++) {
    const folded = view.container.querySelectorAll<HTMLButtonElement>('button[aria-expanded="false"]')
    if (!folded.length) break
    act(() => folded.forEach((button) => button.click()))
    await expect.poll(() => view.container.querySelector('.cp-markdown--pending')).toBeNull()
  }
  // And once every code line is highlighted (a highlighted line takes the theme's foreground):
  // every language the code blocks name and the diffs' files imply loaded, the lines of each
  // block and diff whose grammar is ready.
  const highlighter = defaultHighlighter()
  // A line's own text: a diff line's numbers and sign are not code.
  const code = (line: Element) =>
    [...line.childNodes]
      .filter((node) => !(node instanceof Element && node.matches('.cp-diff__num, .cp-diff__sign')))
      .map((node) => node.textContent)
      .join('')
  const blocks = [...view.container.querySelectorAll('.cp-code')].map((block) => ({
    language: block.getAttribute('data-lang') ?? '',
    // A group of finished lines is marked highlighted as a whole.
    lines: () => [...block.querySelectorAll('.cp-code__chunk, .cp-code__line')],
  }))
  const diffs = [...view.container.querySelectorAll('.cp-diff')].map((diff) => ({
    language: extensionOf(diff.parentElement?.querySelector('.cp-diff__file')?.textContent ?? undefined),
    lines: () => [...diff.querySelectorAll('.cp-diff__line:not([data-kind="skip"])')],
  }))
  const coloured = [...blocks, ...diffs]
  await Promise.all(coloured.map(({ language }) => highlighter.load(language)))
  const plainLines = () =>
    coloured
      .filter(({ language }) => highlighter.ready(language))
      .flatMap(({ lines }) =>
        lines().filter((line) => !line.hasAttribute('data-highlighted') && code(line).trim() !== ''),
      )
  expect(blocks.length).toBeGreaterThan(0)
  expect(diffs.filter(({ language }) => highlighter.ready(language)).length).toBeGreaterThan(0)
  await expect.poll(() => plainLines()).toEqual([])
  // The same place in every render: whether the view still followed the bottom as the folds
  // opened depends on timing, and with it whether "jump to latest" shows. Scrolled to the top, it
  // does, and its styles are compared too.
  const scroller = view.container.querySelector('.cp-transcript__scroller') as HTMLElement
  readerScroll(scroller, 0)
  await expect.poll(() => view.container.querySelector('.cp-transcript__jump')).not.toBeNull()
  // Finished text is laid out once the browser finds it on screen (content-visibility): until then a
  // bubble sized by its text has no width. Compared once every text in view is laid out.
  const visible = scroller.getBoundingClientRect()
  const unlaid = () =>
    [...view.container.querySelectorAll('.cp-text')].filter((text) => {
      const box = text.getBoundingClientRect()
      return box.bottom > visible.top && box.top < visible.bottom && box.width === 0
    }).length
  await expect.poll(unlaid).toBe(0)
  return view
}

/** Each host, with the stylesheet of the kit it takes: the layered one, or the unlayered one. */
const hosts = {
  'Tailwind v4 (its reset in the base layer)': { host: tailwind, kit: layered },
  'Tailwind v3 (its reset unlayered)': { host: preflight, kit: unlayered },
  'create-next-app (its stylesheet unlayered)': { host: nextGlobals, kit: unlayered },
}

describe.each(Object.entries(hosts))('a host page with %s', (_, { host, kit }) => {
  it('has the reset in force on the page itself (the test would prove nothing otherwise)', () => {
    page(kit, host, 'after the kit')
    const paragraph = document.body.appendChild(document.createElement('p'))
    expect(getComputedStyle(paragraph).marginTop).toBe('0px')
    paragraph.remove()
  })

  it.each(['before the kit', 'after the kit'] as const)(
    'changes nothing the kit styles, with the host imported %s',
    async (where) => {
      // What the kit looks like on a page of its own, with the layered stylesheet.
      addSheet(layered, 'after')
      const plain = await mount()
      const expected = snapshot(plain.container.firstElementChild?.firstElementChild as Element)
      plain.unmount()
      sheets.splice(0).forEach((sheet) => sheet.remove())
      expect(expected.size).toBeGreaterThan(300)

      page(kit, host, where)
      const reset = await mount()
      const actual = snapshot(reset.container.firstElementChild?.firstElementChild as Element)
      const differences: string[] = []
      for (const [path, style] of expected) {
        const other = actual.get(path)
        if (!other) differences.push(`${path}: missing`)
        else
          for (const name of properties) {
            // The reset's `border: 0 solid` on every element shows nothing where no width is set.
            if (name === 'border-top-style' && other['border-top-width'] === '0px') continue
            if (style[name] !== other[name]) differences.push(`${path} ${name}: ${style[name]} → ${other[name]}`)
          }
      }
      expect(differences).toEqual([])
    },
  )
})
