// The elements a parsed block renders to: links and images under the URL policy, code, math,
// diagrams, tables that scroll, task boxes and headings at their place under the message's.
import { type ComponentPropsWithoutRef, createContext, type ReactNode, useContext, useState } from 'react'
import { type Components, type ExtraProps } from 'react-markdown'
import type { Highlighter } from '../../highlight/types.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { focusOnMount } from '../shared/focus.js'
import { headingTag, useHeadingBase } from '../shared/headings.js'
import { ImageGate } from '../shared/ImageGate.js'
import { regionProps, useScrollRegion } from '../shared/useScrollRegion.js'
import type { UrlPolicy } from '../shared/urlPolicy.js'
import { CodeBlock } from './CodeBlock.js'
import { Diagram } from './Diagram.js'
import { Formula } from './Formula.js'

interface Node {
  type: string
  value?: string
  children?: Node[]
  properties?: Record<string, unknown>
  tagName?: string
}

function textOf(node: Node | undefined): string {
  if (!node) return ''
  if (node.type === 'text') return node.value ?? ''
  return (node.children ?? []).map(textOf).join('')
}

/** The text of an inline code's children: a string, or strings in an array. */
const childText = (children: ReactNode): string =>
  typeof children === 'string' || typeof children === 'number'
    ? String(children)
    : Array.isArray(children)
      ? children.map((child: ReactNode) => childText(child)).join('')
      : ''

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
export function SafeImage({
  src,
  alt,
  policy,
}: {
  src?: string | undefined
  alt?: string | undefined
  policy: UrlPolicy
}) {
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
  // Loaded on request, the image takes the focus its button had (the button is gone).
  return (
    <img
      className="cp-md-image"
      src={decision.url}
      alt={alt ?? ''}
      loading="lazy"
      referrerPolicy="no-referrer"
      {...(clicked ? { tabIndex: -1, ref: focusOnMount } : {})}
    />
  )
}

// Whether the block being rendered is the live tail. Read through context so the element components
// keep their identity when a block finishes, and a code block keeps its highlighted lines.
export const LiveBlock = createContext(false)

/** A fenced block: math for ```` ```math ````, a diagram for ```` ```mermaid ```` (when they are on), else code. */
export function FencedBlock({
  code,
  lang,
  highlighter,
  streaming,
  math,
  diagrams,
  lineEnded = false,
}: {
  code: string
  lang: string
  highlighter: Highlighter | null
  streaming: boolean
  math: boolean
  diagrams: boolean
  lineEnded?: boolean
}) {
  const kind = lang.trim().toLowerCase()
  if (math && kind === 'math') return <Formula tex={code.replace(/\n$/, '')} display streaming={streaming} />
  // Without the line break the code ends with (as a formula's): an error's line is the source's last.
  if (diagrams && kind === 'mermaid') return <Diagram source={code.replace(/\n$/, '')} streaming={streaming} />
  return <CodeBlock code={code} lang={lang} streaming={streaming} highlighter={highlighter} lastLineEnded={lineEnded} />
}

function StreamingCodeBlock(props: {
  code: string
  lang: string
  highlighter: Highlighter | null
  math: boolean
  diagrams: boolean
}) {
  return <FencedBlock {...props} streaming={useContext(LiveBlock)} />
}

/** Whether an element's class list marks it as math (`language-math` with `math-inline` or `math-display`). */
const isMath = (className: unknown, kind: 'math-inline' | 'math-display') =>
  Array.isArray(className)
    ? className.includes(kind)
    : typeof className === 'string' && className.split(' ').includes(kind)

function StreamingMath({ tex, display }: { tex: string; display: boolean }) {
  return <Formula tex={tex} display={display} streaming={useContext(LiveBlock)} />
}

/** A table in a box that scrolls sideways when it is wider than the reply, and is then a focusable, named group. */
export function ScrollTable({ children }: { children?: ReactNode }) {
  const labels = useLabels()
  const [scrollRef, scrollable] = useScrollRegion<HTMLDivElement>(useContext(LiveBlock))
  return (
    <div className="cp-table-wrap" ref={scrollRef} {...regionProps(scrollable, labels.table)}>
      <table>{children}</table>
    </div>
  )
}

/** A GFM task-list box: read-only, named by its state so it is not an unlabelled control. */
function TaskBox({ checked }: { checked: boolean }) {
  const labels = useLabels()
  return (
    <input
      type="checkbox"
      checked={checked}
      disabled
      readOnly
      aria-label={checked ? labels.todoStatus.completed : labels.todoStatus.pending}
    />
  )
}

/** A Markdown heading of `depth`, as the element its place under `base` calls for; styled by its depth. */
function headingOf(base: number, depth: number) {
  const Tag = headingTag(base, depth)
  return function Heading({ node: _node, ...props }: ComponentPropsWithoutRef<'h1'> & ExtraProps) {
    return <Tag {...props} data-depth={depth} />
  }
}

/** The elements Markdown renders through (see useComponents). */
function makeComponents(
  policy: UrlPolicy,
  highlighter: Highlighter | null,
  math: boolean,
  diagrams: boolean,
  base: number,
): Components {
  return {
    h1: headingOf(base, 1),
    h2: headingOf(base, 2),
    h3: headingOf(base, 3),
    h4: headingOf(base, 4),
    h5: headingOf(base, 5),
    h6: headingOf(base, 6),
    a: ({ href, children }) => (
      <SafeLink href={href} policy={policy}>
        {children}
      </SafeLink>
    ),
    img: ({ src, alt }) => <SafeImage src={typeof src === 'string' ? src : undefined} alt={alt} policy={policy} />,
    pre: ({ node }: ComponentPropsWithoutRef<'pre'> & ExtraProps) => {
      const code = (node?.children?.[0] ?? undefined) as Node | undefined
      const className = code?.properties?.className
      if (math && isMath(className, 'math-display')) return <StreamingMath tex={textOf(code)} display />
      const lang = Array.isArray(className)
        ? String(className.find((name) => String(name).startsWith('language-')) ?? '').slice(9)
        : ''
      return (
        <StreamingCodeBlock code={textOf(code)} lang={lang} highlighter={highlighter} math={math} diagrams={diagrams} />
      )
    },
    code: ({ className, children }) =>
      math && isMath(className, 'math-inline') ? (
        <StreamingMath tex={childText(children)} display={false} />
      ) : (
        <code className={className}>{children}</code>
      ),
    input: ({ type, checked }) => (type === 'checkbox' ? <TaskBox checked={checked === true} /> : null),
    table: ({ children }) => <ScrollTable>{children}</ScrollTable>,
  }
}

/** Stands for "no highlighter" as a key of a WeakMap. */
const NO_HIGHLIGHTER = {}

/** The element map of each set of settings, made once (see useComponents). */
const made = new WeakMap<UrlPolicy, WeakMap<object, Map<string, Components>>>()

/**
 * The elements Markdown renders through, for the settings given: one map shared by every block of
 * every text with the same settings, rather than functions of its own in each block.
 */
export function useComponents(
  policy: UrlPolicy,
  highlighter: Highlighter | null,
  math: boolean,
  diagrams: boolean,
): Components {
  const base = useHeadingBase()
  let byHighlighter = made.get(policy)
  if (!byHighlighter) made.set(policy, (byHighlighter = new WeakMap()))
  let bySettings = byHighlighter.get(highlighter ?? NO_HIGHLIGHTER)
  if (!bySettings) byHighlighter.set(highlighter ?? NO_HIGHLIGHTER, (bySettings = new Map<string, Components>()))
  const key = `${base} ${math} ${diagrams}`
  let components = bySettings.get(key)
  if (!components) bySettings.set(key, (components = makeComponents(policy, highlighter, math, diagrams, base)))
  return components
}
