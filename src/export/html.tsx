/**
 * `chatparts/html`: a transcript as one self-contained HTML page, rendered by the kit's own components
 * (React on the server side, no DOM needed) with the stylesheet inlined.
 */
import { fromMarkdown } from 'mdast-util-from-markdown'
import { renderToStaticMarkup } from 'react-dom/server'
import { ChatpartsProvider } from '../components/shared/config.js'
import { tokenColorCss } from '../components/shared/tokenColors.js'
import { OpenAllContext } from '../components/Find/reveal.js'
import { preloadMarkdown } from '../components/Markdown/Markdown.js'
import type { MessageLayout } from '../components/MessageView/MessageView.js'
import { Message } from '../components/MessageView/MessageView.js'
import type { UrlPolicy } from '../components/shared/urlPolicy.js'
import type { WithParts } from '../core/model/types.js'
import { createShikiHighlighter } from '../highlight/shiki.js'
import type { Highlighter } from '../highlight/types.js'
import type { Labels, Locale } from '../labels/labels.js'
import { LabelsProvider } from '../labels/LabelsContext.js'
import { cachedHighlight, madeAt, rememberHighlight } from '../markdown/highlightQueue.js'
import type { MathRenderer } from '../math/types.js'
import styles from '../styles/unlayered.css?inline'

/** Options of {@link toHTML}. */
export interface ToHTMLOptions {
  /** The document's title (default: "Conversation"). */
  title?: string | undefined
  /** The time zone of message times (default: UTC, so the document reads the same wherever it is made). */
  timeZone?: string | undefined
  /** The locale of message times (default: the labels' language). */
  timeLocale?: string | undefined
  /** The labels: `zh-CN`, or labels of your own (default: English). */
  locale?: Locale | undefined
  labels?: Partial<Labels> | undefined
  /** `chat` (default) or `document`. */
  layout?: MessageLayout | undefined
  /** Code is coloured by the default highlighter, each fence's language loaded first; `null` leaves it plain. */
  highlighter?: Highlighter | null | undefined
  /** Formulas typeset with this renderer (`chatparts/math`'s, for KaTeX); without one they show as written. */
  math?: MathRenderer | null | undefined
  /** The URL policy of links, images and files (default: the kit's). */
  urlPolicy?: UrlPolicy | undefined
  /** Dark colours (default: light). */
  dark?: boolean | undefined
}

// A page with no script: what would need one is left out or shown open.
const STATIC_CSS = `
body { margin: 0; background: #fff; }
body.cp-dark { background: #16181d; }
.cp-export { max-width: 860px; margin: 0 auto; padding: 24px 16px; }
.cp-export .cp-copy, .cp-export .cp-message__actions, .cp-export .cp-longtext__toggle,
.cp-export .cp-icon[data-icon^='chevron'] { display: none !important; }
.cp-export .cp-longtext__pre, .cp-export .cp-diff, .cp-export .cp-code__pre { max-height: none; }
`

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** Every fenced code block with a language in the messages' text and reasoning. */
function codeBlocks(messages: readonly WithParts[]): Array<{ lang: string; code: string }> {
  const blocks: Array<{ lang: string; code: string }> = []
  const visit = (node: { type: string; lang?: string | null; value?: string; children?: unknown[] }) => {
    if (node.type === 'code' && node.lang && typeof node.value === 'string')
      blocks.push({ lang: node.lang, code: node.value })
    for (const child of node.children ?? []) visit(child as typeof node)
  }
  for (const message of messages) {
    for (const part of message?.parts ?? []) {
      if (
        (part?.type !== 'text' && part?.type !== 'reasoning') ||
        typeof part.text !== 'string' ||
        !/`{3}|~{3}/.test(part.text)
      )
        continue
      visit(fromMarkdown(part.text))
    }
  }
  return blocks
}

/**
 * Colours every code block ahead of the render: on the page, finished code gets its tokens from a
 * queue after mounting, which a static render never reaches; tokens kept for the same code are used
 * at once.
 */
async function highlightAhead(highlighter: Highlighter, messages: readonly WithParts[]): Promise<void> {
  const blocks = codeBlocks(messages)
  const langs = new Set(
    blocks.map((block) => highlighter.resolve(block.lang)).filter((lang): lang is string => lang !== null),
  )
  // The document follows its reader's scheme: code carries the colours of both.
  await Promise.all([highlighter.showScheme?.('light'), highlighter.showScheme?.('dark')])
  await Promise.all([...langs].map((lang) => highlighter.load(lang).catch(() => false)))
  const version = highlighter.version?.() ?? 0
  for (const { lang, code } of blocks) {
    const canonical = highlighter.resolve(lang)
    if (canonical === null || !highlighter.ready(canonical)) continue
    const kept = cachedHighlight(highlighter, canonical, code)
    if (kept && madeAt(kept, version)) continue
    const result = highlighter.tokenize(code, canonical)
    if (result) rememberHighlight(highlighter, canonical, code, { lines: result.lines, state: result.state, version })
  }
}

const isMessage = (value: unknown): value is WithParts =>
  typeof value === 'object' && value !== null && 'info' in value && Boolean(value.info)

/**
 * The messages as one self-contained HTML document: rendered by the kit's own components, with its
 * stylesheet inlined and no script. Every fold is open (calls, reasoning, long output), controls
 * that need a script are left out, and every URL has passed the URL policy, as on the page. Code
 * is coloured: the languages of its fences are loaded before the document is made, hence async.
 */
export async function toHTML(messages: readonly WithParts[], options: ToHTMLOptions = {}): Promise<string> {
  const list = Array.isArray(messages) ? (messages as readonly unknown[]).filter(isMessage) : []
  let highlighter = options.highlighter
  if (highlighter === undefined) highlighter = createShikiHighlighter()
  if (highlighter) await highlightAhead(highlighter, list)
  // A static render cannot wait for the lazily loaded engine.
  await preloadMarkdown()
  const lang = options.locale === 'zh-CN' ? 'zh-CN' : (options.labels?.lang ?? 'en')
  const body = renderToStaticMarkup(
    <LabelsProvider
      {...(options.locale ? { locale: options.locale } : {})}
      {...(options.labels ? { labels: options.labels } : {})}
    >
      <ChatpartsProvider
        highlighter={highlighter}
        math={options.math ?? null}
        {...(options.urlPolicy ? { urlPolicy: options.urlPolicy } : {})}
      >
        <OpenAllContext value={true}>
          {list.map((message) => (
            <Message
              key={message.info.id}
              message={message}
              timeZone={options.timeZone ?? 'UTC'}
              timeLocale={options.timeLocale ?? lang}
              layout={options.layout}
              copyable={false}
            />
          ))}
        </OpenAllContext>
      </ChatpartsProvider>
    </LabelsProvider>,
  )
  const title = escapeHtml(options.title ?? 'Conversation')
  const theme = options.dark ? ' class="cp-dark"' : ''
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="chatparts">
<title>${title}</title>
<style>${styles}${STATIC_CSS}${tokenColorCss(body)}</style>
</head>
<body${theme}>
<main class="cp-export">
${body}
</main>
</body>
</html>
`
}
