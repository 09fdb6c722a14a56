import { type ComponentPropsWithoutRef, createContext, memo, type ReactNode, useContext, useMemo, useState } from 'react'
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import type { Highlighter } from '../../highlight/types.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { useRenderConfig } from '../config.js'
import { ImageGate } from '../ImageGate.js'
import type { UrlPolicy } from '../urlPolicy.js'
import { splitBlocks } from './blocks.js'
import { CodeBlock } from './CodeBlock.js'
import { repairTail } from './repair.js'

interface Node {
  type: string
  value?: string
  children?: Node[]
  properties?: Record<string, unknown>
  tagName?: string
}

/** Raw HTML in model output is shown as the text it is, never parsed into elements nor dropped. */
function remarkHtmlAsText() {
  const visit = (node: Node) => {
    if (node.type === 'html') node.type = 'text'
    node.children?.forEach(visit)
  }
  return (tree: Node) => visit(tree)
}

const REMARK_PLUGINS = [remarkGfm, remarkHtmlAsText]
// Links and images are checked by the components below, which know what to show instead.
const keepUrl = (url: string) => url

function textOf(node: Node | undefined): string {
  if (!node) return ''
  if (node.type === 'text') return node.value ?? ''
  return (node.children ?? []).map(textOf).join('')
}

function SafeLink({ href, children, policy }: { href?: string | undefined; children?: ReactNode; policy: UrlPolicy }) {
  const labels = useLabels()
  const url = href === undefined ? null : policy.link(href)
  if (url === null) {
    return (
      <span className="cp-link-blocked" title={labels.blockedUrl}>
        {children}
      </span>
    )
  }
  if (url.startsWith('#')) return <a href={url}>{children}</a>
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  )
}

/** An image from model output: loaded, behind a click, or blocked, as the URL policy says. */
export function SafeImage({ src, alt, policy }: { src?: string | undefined; alt?: string | undefined; policy: UrlPolicy }) {
  const labels = useLabels()
  const [clicked, setClicked] = useState(false)
  const decision = policy.image(src ?? '')
  if (decision.action === 'block' || !src) {
    return (
      <span className="cp-image-blocked" title={labels.blockedUrl}>
        [{alt || labels.blockedUrl}]
      </span>
    )
  }
  if (decision.action === 'click' && !clicked) {
    return <ImageGate host={decision.host} alt={alt} onOpen={() => setClicked(true)} />
  }
  return <img className="cp-md-image" src={decision.url} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" />
}

// Whether the block being rendered is the live tail. Read through context so the element components
// keep their identity when a block finishes, and a code block keeps its highlighted lines.
const LiveBlock = createContext(false)

function StreamingCodeBlock(props: { code: string; lang: string; highlighter: Highlighter | null }) {
  return <CodeBlock {...props} streaming={useContext(LiveBlock)} />
}

/** A GFM task-list box: read-only, named by its state so it is not an unlabelled control. */
function TaskBox({ checked }: { checked: boolean }) {
  const labels = useLabels()
  return <input type="checkbox" checked={checked} disabled readOnly aria-label={checked ? labels.todoStatus.completed : labels.todoStatus.pending} />
}

function useComponents(policy: UrlPolicy, highlighter: Highlighter | null): Components {
  return useMemo<Components>(
    () => ({
      a: ({ href, children }) => (
        <SafeLink href={href} policy={policy}>
          {children}
        </SafeLink>
      ),
      img: ({ src, alt }) => <SafeImage src={typeof src === 'string' ? src : undefined} alt={alt} policy={policy} />,
      pre: ({ node }: ComponentPropsWithoutRef<'pre'> & ExtraProps) => {
        const code = (node?.children?.[0] ?? undefined) as Node | undefined
        const className = code?.properties?.className
        const lang = Array.isArray(className) ? String(className.find((name) => String(name).startsWith('language-')) ?? '').slice(9) : ''
        return <StreamingCodeBlock code={textOf(code)} lang={lang} highlighter={highlighter} />
      },
      input: ({ type, checked }) => (type === 'checkbox' ? <TaskBox checked={checked === true} /> : null),
      table: ({ children }) => (
        <div className="cp-table-wrap">
          <table>{children}</table>
        </div>
      ),
    }),
    [policy, highlighter],
  )
}

interface BlockProps {
  source: string
  streaming: boolean
  policy: UrlPolicy
  highlighter: Highlighter | null
  /** Extra element overrides, e.g. for tests or host styling. */
  components?: Components | undefined
}

/** One top-level block; memoized, so a finished block does not re-render while the tail grows. */
const MarkdownBlock = memo(function MarkdownBlock({ source, streaming, policy, highlighter, components }: BlockProps) {
  const base = useComponents(policy, highlighter)
  const merged = useMemo(() => (components ? { ...base, ...components } : base), [base, components])
  return (
    <LiveBlock.Provider value={streaming}>
      <ReactMarkdown remarkPlugins={REMARK_PLUGINS} components={merged} urlTransform={keepUrl}>
        {source}
      </ReactMarkdown>
    </LiveBlock.Provider>
  )
})

/** Props of {@link Markdown}. */
export interface MarkdownProps {
  text: string
  /** The text is still growing: its last block is rendered in its final shape (see `repairTail`). */
  streaming?: boolean
  /** Element overrides passed to react-markdown, over the kit's own. */
  components?: Components
}

/**
 * Markdown (GFM) rendered block by block. Raw HTML shows as text; links and images follow the URL
 * policy; code blocks are highlighted.
 */
export function Markdown({ text, streaming = false, components }: MarkdownProps) {
  const { urlPolicy, highlighter } = useRenderConfig()
  const blocks = useMemo(() => splitBlocks(text), [text])
  return (
    <div className="cp-markdown">
      {blocks.map((block, i) => {
        const live = streaming && i === blocks.length - 1
        return (
          <MarkdownBlock
            // biome-ignore lint/suspicious/noArrayIndexKey: a block is its place in the text; earlier blocks never move
            key={i}
            source={live ? repairTail(block) : block}
            streaming={live}
            policy={urlPolicy}
            highlighter={highlighter}
            components={components}
          />
        )
      })}
    </div>
  )
}
