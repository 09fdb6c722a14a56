import { type ComponentPropsWithoutRef, createContext, createElement, Fragment, memo, type ReactElement, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { pendingStyle, useProgressive } from '../progressive.js'
import ReactMarkdown, { type Components, type ExtraProps, type Options } from 'react-markdown'
import type { Highlighter } from '../../highlight/types.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { useRenderConfig } from '../config.js'
import { focusOnMount } from '../focus.js'
import { HeadingBaseContext, headingTag, useHeadingBase } from '../headings.js'
import { ImageGate } from '../ImageGate.js'
import { RegionHostContext, regionProps, useRegionHost, useScrollRegion } from '../useScrollRegion.js'
import type { UrlPolicy } from '../urlPolicy.js'
import {
  FENCE,
  type FenceRead,
  type ItemContent,
  itemContent,
  type ListItems,
  ListReader,
  nestedList,
  normalizeLineEndings,
  quoteText,
  readFenceAppend,
  type SplitText,
  splitAppend,
  type TableColumn,
  TableReader,
  type TableRows,
  withLineEnding,
} from '../../markdown/blocks.js'
import { CodeBlock } from './CodeBlock.js'
import { Diagram } from './Diagram.js'
import { mayUseGfm, remarkGfmParse } from '../../markdown/gfm.js'
import { Formula } from './Formula.js'
import { Groups } from '../../markdown/groups.js'
import { ShallowestHeading } from '../../markdown/headingDepth.js'
import { type MathSyntax, mathToHast, mayUseMath, readMathBlock, remarkMathDouble, remarkMathSingle, texDelimiters } from '../../markdown/math.js'
import { type ParagraphPieces, ParagraphReader } from '../../markdown/paragraph.js'
import { type AtxHeading, atxHeading, itemOfText, openFormula, type OpenFormula as OpenFormulaCut, openSpan, type OpenSpan as OpenSpanCut, plainCell, plainTail } from '../../markdown/plain.js'
import { repairInline, repairTail } from '../../markdown/repair.js'
import { type Intricacy, IntricacyReader } from '../../markdown/intricacy.js'
import { remarkUntrusted } from '../../markdown/tree.js'
import { RenderGate } from '../../markdown/renderGate.js'
import { now } from '../../markdown/tasks.js'

interface Node {
  type: string
  value?: string
  children?: Node[]
  properties?: Record<string, unknown>
  tagName?: string
}

type Plugin = NonNullable<Options['remarkPlugins']>[number]
const REMARK_PLUGINS: Plugin[] = [remarkGfmParse, remarkUntrusted]
const COMMONMARK_PLUGINS: Plugin[] = [remarkUntrusted]
// Every combination made once, so a block's plugins keep their identity from render to render.
const WITH_MATH = {
  double: { gfm: [remarkGfmParse, remarkMathDouble, remarkUntrusted], plain: [remarkMathDouble, remarkUntrusted] },
  single: { gfm: [remarkGfmParse, remarkMathSingle, remarkUntrusted], plain: [remarkMathSingle, remarkUntrusted] },
} satisfies Record<Exclude<MathSyntax, 'off'>, { gfm: Plugin[]; plain: Plugin[] }>
/** The plugins for `markdown`: GFM's and math's only when one of their marks appears (see `mayUseGfm`, `mayUseMath`). */
function pluginsFor(markdown: string, math: MathSyntax = 'off'): Plugin[] {
  const gfm = mayUseGfm(markdown)
  if (math === 'off' || !mayUseMath(markdown, math)) return gfm ? REMARK_PLUGINS : COMMONMARK_PLUGINS
  return gfm ? WITH_MATH[math].gfm : WITH_MATH[math].plain
}
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
  // Loaded on request, the image takes the focus its button had (the button is gone).
  return <img className="cp-md-image" src={decision.url} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" {...(clicked ? { tabIndex: -1, ref: focusOnMount } : {})} />
}

// Whether the block being rendered is the live tail. Read through context so the element components
// keep their identity when a block finishes, and a code block keeps its highlighted lines.
const LiveBlock = createContext(false)

/** A fenced block: math for ```` ```math ````, a diagram for ```` ```mermaid ```` (when they are on), else code. */
function FencedBlock({
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

function StreamingCodeBlock(props: { code: string; lang: string; highlighter: Highlighter | null; math: boolean; diagrams: boolean }) {
  return <FencedBlock {...props} streaming={useContext(LiveBlock)} />
}

/** Whether an element's class list marks it as math (`language-math` with `math-inline` or `math-display`). */
const isMath = (className: unknown, kind: 'math-inline' | 'math-display') =>
  Array.isArray(className) ? className.includes(kind) : typeof className === 'string' && className.split(' ').includes(kind)

function StreamingMath({ tex, display }: { tex: string; display: boolean }) {
  return <Formula tex={tex} display={display} streaming={useContext(LiveBlock)} />
}

/** A table in a box that scrolls sideways when it is wider than the reply, and is then a focusable, named group. */
function ScrollTable({ children }: { children?: ReactNode }) {
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
  return <input type="checkbox" checked={checked} disabled readOnly aria-label={checked ? labels.todoStatus.completed : labels.todoStatus.pending} />
}

/** A Markdown heading of `depth`, as the element its place under `base` calls for; styled by its depth. */
function headingOf(base: number, depth: number) {
  const Tag = headingTag(base, depth)
  return function Heading({ node: _node, ...props }: ComponentPropsWithoutRef<'h1'> & ExtraProps) {
    return <Tag {...props} data-depth={depth} />
  }
}

function useComponents(policy: UrlPolicy, highlighter: Highlighter | null, math: boolean, diagrams: boolean): Components {
  const base = useHeadingBase()
  return useMemo<Components>(
    () => ({
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
        const lang = Array.isArray(className) ? String(className.find((name) => String(name).startsWith('language-')) ?? '').slice(9) : ''
        return <StreamingCodeBlock code={textOf(code)} lang={lang} highlighter={highlighter} math={math} diagrams={diagrams} />
      },
      code: ({ className, children }) => (math && isMath(className, 'math-inline') ? <StreamingMath tex={String(children ?? '')} display={false} /> : <code className={className}>{children}</code>),
      input: ({ type, checked }) => (type === 'checkbox' ? <TaskBox checked={checked === true} /> : null),
      table: ({ children }) => <ScrollTable>{children}</ScrollTable>,
    }),
    [policy, highlighter, math, diagrams, base],
  )
}

interface BlockProps {
  source: string
  streaming: boolean
  policy: UrlPolicy
  highlighter: Highlighter | null
  /** Which math to read (`off` when there is no math renderer). */
  math: MathSyntax
  /** Whether ```` ```mermaid ```` blocks are drawn. */
  diagrams: boolean
  /** Extra element overrides, e.g. for tests or host styling. */
  components?: Components | undefined
  /**
   * The block being written ends at a line break the text has after it (the split leaves it out,
   * and any blank line after it): its last line is complete, though no line after it has begun.
   * Read by a code block being written, which then tokenizes that line whole (when it has a line
   * of code: the break after the opening fence alone begins none).
   */
  lineEnded?: boolean | undefined
}

// A list item rendered alone parses as a list of one: that list and its item are dropped and what
// is inside the item rendered, in the list and the item element `StreamingList` renders once (so
// the item stays the same element whether its text is parsed or plain, see Parsed). The list of
// one starts where the item does, after the list's indent; a list inside the item starts later.
// `trim`: the line break the item's content starts with (1), ends with (2), is dropped: a piece
// of an item read block by block (see TightBlocks) has a line break between it and the next only.
function unwrapAt(indent: number, trim: number): Components {
  const outer = (node: ExtraProps['node']) => node?.position?.start.offset === indent
  const unwrap = (tag: 'ul' | 'ol') =>
    function Unwrapped({ node, children, ...props }: ComponentPropsWithoutRef<'ul'> & ExtraProps) {
      // Its line breaks around the item are dropped too: StreamingList puts them around the item.
      if (outer(node)) return <>{Array.isArray(children) ? children.filter((child) => child !== '\n') : children}</>
      const List = tag
      return <List {...props}>{children}</List>
    }
  function ItemContent({ node, children, ...props }: ComponentPropsWithoutRef<'li'> & ExtraProps) {
    if (!outer(node)) return <li {...props}>{children}</li>
    if (trim === 0 || !Array.isArray(children)) return <>{children}</>
    const from = trim & 1 && children[0] === '\n' ? 1 : 0
    const to = trim & 2 && children.at(-1) === '\n' ? children.length - 1 : children.length
    return <>{children.slice(from, to)}</>
  }
  return { ul: unwrap('ul'), ol: unwrap('ol'), li: ItemContent }
}
// A list is indented by up to three spaces (four make code); each with the four ways of trimming.
const UNWRAP = [0, 1, 2, 3].map((indent) => [0, 1, 2, 3].map((trim) => unwrapAt(indent, trim)))

/** Markdown in the given math syntax, with TeX's own delimiters made markdown math (see `texDelimiters`). */
const withMath = (text: string, math: MathSyntax) => (math === 'off' ? text : texDelimiters(text))

interface PieceProps {
  text: string
  math: MathSyntax
  components: Components
  /** The piece is an item of a loose list: its text is in paragraphs, as the whole list gives. */
  loose?: boolean
}

/** A remark plugin: the list a piece starts with is loose (see StreamingList). */
function remarkLooseList() {
  return (tree: { children?: { type: string; spread?: boolean | null }[] }) => {
    const list = tree.children?.[0]
    if (list?.type === 'list') list.spread = true
  }
}
const looseCache = new Map<Plugin[], Plugin[]>()
/** `plugins` and remarkLooseList after them, the same array for the same plugins. */
function withLoose(plugins: Plugin[]): Plugin[] {
  let loose = looseCache.get(plugins)
  if (!loose) looseCache.set(plugins, (loose = [...plugins, remarkLooseList]))
  return loose
}

/**
 * A piece of a block being written (a list item, a table row, a paragraph's sentence), parsed on
 * its own. Memoized: a piece whose text did not change is neither prepared nor parsed again.
 */
const Parsed = memo(function Parsed({ text, math, components, loose = false }: PieceProps) {
  const source = withMath(text, math)
  const plugins = pluginsFor(source, math)
  return (
    <ReactMarkdown remarkPlugins={loose ? withLoose(plugins) : plugins} components={components} remarkRehypeOptions={mathToHast} urlTransform={keepUrl}>
      {withLineEnding(source)}
    </ReactMarkdown>
  )
})

/**
 * A sentence or a list item's content, parsed up to the end of its last mark and the prose after
 * that shown as its text (see plainTail): while a piece grows by prose, which is most of a reply,
 * its parsed part is the same and is not parsed again.
 */
const ProseTail = memo(function ProseTail({ text, math, components, shape }: PieceProps & { shape: 'sentence' | 'item' }) {
  const { head, text: prose } = plainTail(text, shape)
  return (
    <>
      {head === '' ? null : <Parsed text={head} math={math} components={components} />}
      {prose === '' ? null : prose}
    </>
  )
})

/**
 * The inline formula the piece being written ends in, while it is open (see openFormula): after the
 * gap the parser would show before it, the formula itself, typeset as it grows (the piece's head is
 * not parsed again at each token of its TeX). Once it closes, the piece is parsed with it.
 */
function OpenFormula({ open }: { open: OpenFormulaCut | null }) {
  if (!open) return null
  return (
    <>
      {open.gap}
      {/* One formula per place: another that opens right after this one closes (in one update) starts afresh, showing nothing of this one's. */}
      <Formula key={open.head.length} tex={open.tex} display={false} streaming />
    </>
  )
}

/**
 * The span the piece being written ends in, while it is open (see openSpan): after the gap the
 * parser would show before it, its element around the text written so far (the piece's head is
 * not parsed again at each token of it). Once it closes, the piece is parsed with it.
 */
function OpenSpan({ open }: { open: OpenSpanCut | null }) {
  if (!open) return null
  const Tag = open.tag
  return (
    <>
      {open.gap}
      <Tag>{open.text}</Tag>
    </>
  )
}

/** What a piece being written shows: its text to parse, then the span or the inline formula it ends in while that is open. */
interface LiveTail {
  readonly text: string
  readonly span: OpenSpanCut | null
  readonly formula: OpenFormulaCut | null
}

/**
 * A piece (a sentence, a tight item, a table cell) as it shows: as it is when it is finished; being
 * written (`live`), the inline formula it ends in cut off while it is open (`formulas`: the app does
 * not render code itself), the rest repaired (`repair`), and the span that ends in cut off while it
 * is open (`spans`: the app renders none of the span elements itself).
 */
function liveTail(
  piece: string,
  shape: 'sentence' | 'item' | 'cell',
  live: boolean,
  { math, formulas, spans }: { math: MathSyntax; formulas: boolean; spans: boolean },
  repair = repairTail,
): LiveTail {
  if (!live) return { text: piece, span: null, formula: null }
  const formula = formulas ? openFormula(piece, math, shape === 'item' ? 'item' : 'sentence') : null
  const rest = formula ? formula.head : piece
  const repaired = repair(rest)
  const span = spans && !formula ? openSpan(rest, repaired, shape) : null
  return { text: span ? span.head : repaired, span, formula }
}

/**
 * What is inside an item of a tight list. An item that is a line of text over a tight list (see
 * nestedList) shows the line as an item alone does and the nested list as a list being written is
 * shown, item by item, so a growing nested list re-parses its last item only. Any other item is its
 * text cut at its last mark, and, while it is written, repaired, with the span or formula it ends
 * in shown as written so far. Memoized: a finished item is not read again while the list grows.
 */
interface TightItemProps {
  item: string
  live: boolean
  math: MathSyntax
  components: Components
  /** The components an item parsed alone is rendered with (the list it parses as unwrapped). */
  itemComponents: Components
  formulas: boolean
  spans: boolean
  /** No line break after the item's content: another piece of the item follows (see TightBlocks). */
  trimEnd?: boolean
}

const TightItem = memo(function TightItem({ item, live, math, components, itemComponents, formulas, spans, trimEnd = false }: TightItemProps) {
  const nested = nestedList(item, math)
  if (nested && itemOfText(nested.head)) {
    return (
      <>
        <ProseTail text={nested.head} math={math} components={itemComponents} shape="item" />
        {'\n'}
        <StreamingList list={nested.list} components={components} math={math} live={live} formulas={formulas} spans={spans} />
        {trimEnd ? null : '\n'}
      </>
    )
  }
  return <ItemText item={item} live={live} math={math} components={components} itemComponents={itemComponents} formulas={formulas} spans={spans} />
})

// An item's marker and the spaces after it, when what follows is its content (one to four spaces;
// five or more would make the content code).
const ITEM_MARKER = /^ {0,3}(?:[-+*]|\d{1,9}[.)]) {1,4}(?=\S)/
// The spaces of an item's content column at the start of its lines, by the column's width.
const CONTENT_INDENT: RegExp[] = []

/**
 * What follows an item's marker as the item reads it: each line less the spaces of the content
 * column (a line indented by four more is still part of a paragraph, never code, as on its own).
 * `null` with a tab in it, which counts as several columns from where it stands.
 */
function itemText(item: string): { marker: string; text: string } | null {
  const marker = item.includes('\t') ? undefined : ITEM_MARKER.exec(item)?.[0]
  if (marker === undefined) return null
  const indent = (CONTENT_INDENT[marker.length] ??= new RegExp(`\\n {1,${marker.length}}`, 'g'))
  return { marker, text: item.slice(marker.length).replace(indent, '\n') }
}

/**
 * The text of a tight list's item, with no list inside it. A long item being written is read as a
 * paragraph is (see ParagraphReader): its settled sentences parsed once each, the first with the
 * item's marker (as the item alone parses), the others as sentences, and the sentence being written
 * cut at its last mark, so a long item re-parses the sentence being written, not everything since
 * its marker. The same elements and text as the item parsed whole; kept after it is finished. A
 * short item, one that arrives finished, and one whose text does not start as a paragraph does (a
 * task's box, say) are the item parsed alone.
 */
function ItemText({ item, live, math, components, itemComponents, formulas, spans }: Omit<TightItemProps, 'trimEnd'>) {
  const parts = itemText(item)
  const split = useMemo(() => new SplitWhileStreaming(() => paragraphRead(math)), [math])
  const [shownPieces] = useState(() => new PiecesAndRest())
  const read = parts === null ? null : split.read(parts.text, live)
  const inner = useMemo(() => ({ ...components, p: Passthrough }), [components])
  const pieces = read ? read.pieces : []
  // The item being written: all of it until a piece of it settles, then what follows the last piece.
  const rest = pieces.length === 0 ? item : (read as ParagraphPieces).tail
  const tail = liveTail(rest, pieces.length === 0 ? 'item' : 'sentence', live, { math, formulas, spans })
  // The first piece, with the marker, is what the whole item was before it settled.
  const shown = (text: string, i: number) =>
    i > 0 ? (
      <ProseTail text={text} math={math} components={inner} shape="sentence" />
    ) : (
      <ProseTail text={pieces.length === 0 ? text : (parts as { marker: string }).marker + text} math={math} components={itemComponents} shape="item" />
    )
  return <>{shownPieces.render(pieces, read ? read.separators : [], tail, [math, inner, itemComponents, parts?.marker, pieces.length === 0], shown)}</>
}

/** Elements that render as one memoized group (see KeptElements). */
const GROUP = 32

/** A group of elements; skipped while it is the same array (see Groups). No element of its own. */
const ElementGroup = memo(
  function ElementGroup({ elements }: { elements: readonly ReactElement[] }) {
    return <>{elements}</>
  },
  (before, after) => before.elements === after.elements,
)

/**
 * The elements of a growing run of children (the sentences of a paragraph, the items of a list):
 * each made once, for as long as what it shows and the `inputs` it is shown with stay, and handed
 * out in memoized groups of {@link GROUP}, so a token re-renders the last group rather than React
 * looking again at every child of a long paragraph or list (hundreds of fibers a token).
 */
class KeptElements {
  private elements: ReactElement[] = []
  private inputs: readonly unknown[] = []
  private readonly groups = new Groups<ReactElement>(GROUP)

  /**
   * `count` elements, then `last` if there is one, in groups. The first `kept` of the last render's
   * elements still stand (what they show is the same; the caller says), unless `inputs` (compared
   * one by one) changed; `make` makes the others.
   */
  render(count: number, kept: number, inputs: readonly unknown[], make: (i: number) => ReactElement, last: ReactElement | null = null): ReactNode[] {
    const same = inputs.length === this.inputs.length && inputs.every((input, i) => input === this.inputs[i])
    const keep = same ? Math.min(kept, count, this.elements.length) : 0
    const elements = keep === this.elements.length && keep === count ? this.elements : this.elements.slice(0, keep)
    for (let i = keep; i < count; i++) elements.push(make(i))
    this.elements = elements
    this.inputs = inputs
    return this.groups
      .of(count + (last === null ? 0 : 1), (i) => elements[i] ?? (last as ReactElement), keep)
      .map((group, g) => (
        // a group is its place in the run; earlier groups never move
        <ElementGroup key={g} elements={group} />
      ))
  }
}

/**
 * A text read in settled pieces (see ParagraphReader), each followed by its separator, then the rest
 * being written and the span or formula it ends in, so the rest and the piece it becomes are the
 * same child (same key, same place in the same group). Each settled piece's element is made once
 * (see KeptElements): a token re-renders the last group of sentences, not every sentence of a long
 * paragraph (a sentence's element, its parsed part and the separator after it, looked at again at
 * every token, where a 20 KB paragraph has hundreds).
 */
export class PiecesAndRest {
  private pieces: readonly string[] = []
  private separators: readonly string[] = []
  private readonly kept = new KeptElements()

  /**
   * The children: `shown` renders the `i`th piece, or the rest (`i`: the number of pieces), and
   * gives the same elements for the same `inputs` (compared one by one).
   */
  render(pieces: readonly string[], separators: readonly string[], rest: LiveTail, inputs: readonly unknown[], shown: (text: string, i: number) => ReactNode): ReactNode[] {
    // The pieces kept: all of them while the reader hands out the same arrays; after a piece settled
    // (new arrays), those before it, looked at once.
    let kept = 0
    if (pieces === this.pieces && separators === this.separators) kept = pieces.length
    else while (kept < pieces.length && pieces[kept] === this.pieces[kept] && separators[kept] === this.separators[kept]) kept++
    this.pieces = pieces
    this.separators = separators
    return this.kept.render(
      pieces.length,
      kept,
      inputs,
      (i) => (
        // a piece is its place in the text; earlier pieces never move
        <Fragment key={i}>
          {shown(pieces[i] as string, i)}
          {separators[i]}
        </Fragment>
      ),
      <Fragment key={pieces.length}>
        {shown(rest.text, pieces.length)}
        <OpenSpan open={rest.span} />
        <OpenFormula open={rest.formula} />
      </Fragment>,
    )
  }
}

/** What a block is rendered with (see MarkdownBlock): the blocks inside a list's items are rendered so too. */
interface BlockInputs {
  readonly policy: UrlPolicy
  readonly highlighter: Highlighter | null
  readonly math: MathSyntax
  readonly diagrams: boolean
  readonly components: Components | undefined
}
const BlockInputsContext = createContext<BlockInputs | null>(null)

/** The props of one item of a list being written (see StreamingList). */
interface ItemProps {
  item: string
  live: boolean
  math: MathSyntax
  components: Components
  /** The components an item parsed alone is rendered with, for each way of trimming it (see unwrapAt). */
  itemComponents: readonly Components[]
  formulas: boolean
  spans: boolean
}

/**
 * What is inside an item of a list being written. An item whose content is a text of its own (see
 * itemContent) is read block by block, as a text is, so a growing item re-reads its last block
 * only: the code a step of a numbered list holds grows as any code block does, not parsed again
 * with the item at each token. Any other item is read whole. Memoized: a finished item is not read
 * again while the list grows.
 */
const ListItem = memo(function ListItem({ item, loose, ...props }: ItemProps & { loose: boolean }) {
  const content = itemContent(item)
  const inputs = useContext(BlockInputsContext) as BlockInputs
  const { live, math, itemComponents } = props
  if (loose) {
    // A loose item's text is in paragraphs: the blocks inside it are a text's.
    if (content) return <InnerBlocks text={content.text} live={live} inputs={inputs} />
    return <Parsed text={live ? repairTail(item) : item} math={math} components={itemComponents[0] as Components} loose />
  }
  if (content) return <TightBlocks content={content} {...props} />
  return <TightItem item={item} {...props} itemComponents={itemComponents[0] as Components} />
})

/**
 * Blocks inside a container (a block quote, a loose list's item), read as a text's: finished blocks
 * kept, the last one read again; a line break before each and after the last, as the parser puts
 * them in the container.
 */
function InnerBlocks({ text, live, inputs }: { text: string; live: boolean; inputs: BlockInputs }) {
  const [blocks] = useState(() => new BlockElements())
  const { finished, live: last } = blocks.render(text, live, inputs.policy, inputs.highlighter, inputs.math, inputs.diagrams, inputs.components)
  // One array, so the live block keeps its place (and instance) when it finishes.
  const children = last === null ? finished : [...finished, last]
  return (
    <>
      {children.flatMap((child) => ['\n', child])}
      {'\n'}
    </>
  )
}

/** A text split into blocks as it grows (see splitAppend). */
class GrowingSplit {
  private last: SplitText | null = null
  blocks(text: string, math: MathSyntax): readonly string[] {
    const split = splitAppend(this.last, text, math !== 'off')
    this.last = split
    return split.live === null ? split.finished : [...split.finished, split.live]
  }
}

/**
 * The blocks of a tight list's item. A block of code is rendered as a text's is (with a line
 * break before and after it, as the parser puts them around it in an item); every other block as an
 * item of its own, the item's marker before it, so its paragraph is not wrapped, as in a tight
 * item, with the line breaks between the blocks the parser's: one between two blocks, one before the
 * first and after the last unless they are text. A block under the first that starts with spaces
 * would move the content column given the marker: the item is then read whole.
 */
function TightBlocks({ content, live, math, components, itemComponents, formulas, spans }: Omit<ItemProps, 'item'> & { content: ItemContent }) {
  const inputs = useContext(BlockInputsContext) as BlockInputs
  const [split] = useState(() => new GrowingSplit())
  const blocks = split.blocks(content.text, math)
  const code = blocks.map((block) => FENCE.test(block))
  const item = (block: string) => content.marker + block.replaceAll('\n', `\n${' '.repeat(content.marker.length)}`)
  if (blocks.some((block, i) => i > 0 && !code[i] && block.startsWith(' '))) {
    return <TightItem item={item(content.text)} live={live} math={math} components={components} itemComponents={itemComponents[0] as Components} formulas={formulas} spans={spans} />
  }
  const last = blocks.length - 1
  return (
    <>
      {blocks.map((block, i) => {
        const streaming = live && i === last
        // One line break between two blocks; one before the first and after the last block of code.
        return (
          <Fragment key={i}>
            {i > 0 || code[i] ? '\n' : null}
            {code[i] ? (
              <MarkdownBlock
                source={block}
                streaming={streaming}
                policy={inputs.policy}
                highlighter={inputs.highlighter}
                math={inputs.math}
                diagrams={inputs.diagrams}
                components={inputs.components}
              />
            ) : (
              <TightItem
                item={item(block)}
                live={streaming}
                math={math}
                components={components}
                itemComponents={itemComponents[(i > 0 ? 1 : 0) | (i < last ? 2 : 0)] as Components}
                formulas={formulas}
                spans={spans}
                trimEnd={i < last}
              />
            )}
            {code[i] && i === last ? '\n' : null}
          </Fragment>
        )
      })}
    </>
  )
}

/**
 * The items of a list being written, each item's element made once for as long as its text and
 * whether it is being written stay (see KeptElements): a token re-renders the last group of items,
 * not every item of a long list.
 */
export class ListElements {
  private items: readonly string[] = []
  private last = -1
  private readonly kept = new KeptElements()

  render(items: readonly string[], last: number, inputs: readonly unknown[], item: (text: string, i: number, live: boolean) => ReactElement): ReactNode[] {
    let kept = 0
    while (kept < items.length && items[kept] === this.items[kept] && (kept === last) === (kept === this.last)) kept++
    this.items = items
    this.last = last
    return this.kept.render(items.length, kept, inputs, (i) => item(items[i] as string, i, i === last))
  }
}

/**
 * The live block when it is a list: the list element is rendered here and each item parsed on its
 * own, so a growing list re-parses only its last item. The same elements as the list parsed
 * whole; kept after the list is finished, so its items are not made again.
 */
function StreamingList({ list, components, math, live, formulas, spans }: { list: ListItems; components: Components; math: MathSyntax; live: boolean; formulas: boolean; spans: boolean }) {
  const first = list.items[0] ?? ''
  const indent = first.length - first.trimStart().length
  const itemComponents = useMemo(() => (UNWRAP[indent] ?? []).map((unwrap) => ({ ...components, ...unwrap })), [components, indent])
  const [shown] = useState(() => new ListElements())
  const items = shown.render(list.items, live ? list.items.length - 1 : -1, [list.loose, math, components, itemComponents, formulas, spans], (item, i, isLive) => (
    // an item is its place in the list; earlier items never move
    <Fragment key={i}>
      {'\n'}
      <li>
        <ListItem item={item} loose={list.loose} live={isLive} math={math} components={components} itemComponents={itemComponents} formulas={formulas} spans={spans} />
      </li>
    </Fragment>
  ))
  // A line break before each item and one after the last, so the list is the same DOM as the list
  // parsed whole.
  return list.ordered ? (
    <ol start={list.start === 1 ? undefined : list.start}>
      {items}
      {'\n'}
    </ol>
  ) : (
    <ul>
      {items}
      {'\n'}
    </ul>
  )
}

// A table cell rendered alone parses as a table of one header cell: the table, its head, its row
// and its header cell are dropped, and the cell's content goes into the cell `TableCell` renders.
const Passthrough = ({ children }: { children?: ReactNode }) => <>{children}</>
const TABLE_HOST_PARTS = ['table', 'thead', 'tbody', 'tr', 'th', 'td'] as const

/**
 * A table being written: its head parsed on its own, then row by row and cell by cell, so a
 * growing table parses only the cell being written, and a cell of plain text not at all. The
 * same elements as the table parsed whole; kept after the table is finished, so its rows are not
 * made again.
 */
function StreamingTable({ table, components, math, formulas, spans }: { table: TableRows; components: Components; math: MathSyntax; formulas: boolean; spans: boolean }) {
  const head = useMemo(() => ({ ...components, table: Passthrough, thead: Passthrough }), [components])
  // The cell being written, in the last row: it is repaired, and may end in a formula or a span being written.
  const open = useContext(LiveBlock) ? table.open : -1
  const last = Math.ceil(table.rows.length / ROWS) - 1
  const cell = useMemo(() => ({ ...head, tr: Passthrough, th: Passthrough }), [head])
  const [groups] = useState(() => new Groups<readonly string[]>(ROWS))
  return (
    <ScrollTable>
      <thead>
        <Parsed text={table.head} math={math} components={head} />
      </thead>
      {table.rows.length > 0 && (
        <tbody>
          {groups
            .of(table.rows.length, (i) => table.rows[i] as readonly string[])
            .map((rows, g) => (
              // a group is its place in the table; earlier groups never move
              <RowGroup key={g} rows={rows} columns={table.columns} math={math} components={cell} formulas={formulas} spans={spans} open={g === last ? open : -1} />
            ))}
        </tbody>
      )}
    </ScrollTable>
  )
}

/** Rows a table renders as one memoized group: a growing table re-renders its last group only. */
const ROWS = 32

interface RowProps {
  columns: readonly TableColumn[]
  math: MathSyntax
  components: Components
  formulas: boolean
  spans: boolean
}

const RowGroup = memo(function RowGroup({ rows, open, ...props }: RowProps & { rows: readonly (readonly string[])[]; open: number }) {
  return rows.map((cells, i) => (
    // a row is its place in the group; earlier rows never move
    <TableRow key={i} cells={cells} open={i === rows.length - 1 ? open : -1} {...props} />
  ))
})

const TableRow = memo(function TableRow({ cells, columns, open, ...props }: RowProps & { cells: readonly string[]; open: number }) {
  return (
    <tr>
      {cells.map((text, i) => {
        const column = columns[i] as TableColumn
        return (
          // a cell is its column
          <td key={i} style={column.align ? { textAlign: column.align } : undefined}>
            <TableCell text={text} delimiter={column.delimiter} live={i === open} {...props} />
          </td>
        )
      })}
    </tr>
  )
})

/**
 * A cell's content: its text as it is when the parser would show it as that text (see
 * plainCell), else the cell parsed alone as a one-cell table under its column's delimiter, which
 * reads it as the cell of the whole table is read (inline only, trimmed, `\|` a pipe). The cell
 * being written (`live`) is repaired first; ending in an inline formula or a span being written, it
 * shows what is before that, then the formula or the span as written so far.
 */
const TableCell = memo(function TableCell({ text, delimiter, math, components, live, formulas, spans }: { text: string; delimiter: string; live: boolean } & Omit<RowProps, 'columns'>) {
  // (The spaces before a cell's text are not its own: the cell being written is read without them.)
  const tail = liveTail(live ? text.trimStart() : text, 'cell', live, { math, formulas, spans }, repairInline)
  const cell = tail.text
  const plain = plainCell(cell)
  return (
    <>
      {(tail.formula || tail.span) && cell === '' ? null : (plain ?? <Parsed text={`| ${cell} |\n| ${delimiter} |`} math={math} components={components} />)}
      <OpenSpan open={tail.span} />
      <OpenFormula open={tail.formula} />
    </>
  )
})

/**
 * A paragraph being written: its settled sentences parsed once each, the sentence being written
 * parsed at every token (see ParagraphReader). The same elements and text as the paragraph parsed
 * whole; kept after it is finished. The rest takes the place (the key) its piece will have, so
 * when it settles its elements stay where they are.
 */
function StreamingParagraph({
  paragraph,
  components,
  math,
  live,
  formulas,
  spans,
}: {
  paragraph: ParagraphPieces
  components: Components
  math: MathSyntax
  live: boolean
  formulas: boolean
  spans: boolean
}) {
  const inner = useMemo(() => ({ ...components, p: Passthrough }), [components])
  const [shownPieces] = useState(() => new PiecesAndRest())
  const tail = liveTail(paragraph.tail, 'sentence', live, { math, formulas, spans })
  return (
    <p>
      {shownPieces.render(paragraph.pieces, paragraph.separators, tail, [math, inner], (text) => (
        <ProseTail text={text} math={math} components={inner} shape="sentence" />
      ))}
    </p>
  )
}

/**
 * A heading being written: its content shown as a sentence is (parsed up to its last mark, a span
 * being written as its element), not the heading parsed at every token. The same elements as the
 * heading parsed whole; kept after it is finished.
 */
function StreamingHeading({ heading, components, math, live, spans }: { heading: AtxHeading; components: Components; math: MathSyntax; live: boolean; spans: boolean }) {
  const inner = useMemo(() => ({ ...components, p: Passthrough }), [components])
  // (A heading's inline formula being written is parsed with it.)
  const tail = liveTail(heading.content, 'sentence', live, { math, formulas: false, spans })
  return createElement(
    headingTag(useHeadingBase(), heading.depth),
    { 'data-depth': heading.depth },
    <ProseTail text={tail.text} math={math} components={inner} shape="sentence" />,
    <OpenSpan open={tail.span} />,
  )
}

/**
 * Reads a block in pieces (rows, items, sentences) while it streams, and after it is finished if it
 * was read so then: the block keeps the elements it streamed with rather than being made again at
 * its last token. A block that arrives finished is parsed whole, so its reader is made on first
 * need (`make`): never, for most blocks of an opened session (a reader, its arrays and a closure
 * fewer each, for the collector to mark while the session is open).
 */
class SplitWhileStreaming<T> {
  private split: ((block: string, streaming: boolean) => T | null) | null = null
  private streamed = false
  constructor(
    private readonly make: () => (block: string, streaming: boolean) => T | null,
    /** A finished block this long or longer is read in pieces too. */
    private readonly finishedFrom = Number.POSITIVE_INFINITY,
  ) {}
  read(block: string, streaming: boolean): T | null {
    if (!streaming && !this.streamed && block.length < this.finishedFrom) return null
    this.split ??= this.make()
    const pieces = this.split(block, streaming)
    this.streamed = pieces !== null
    return pieces
  }
}

/** A block's splitters, kept between its renders; the list's and paragraph's made again for another math syntax. */
class BlockSplits {
  readonly tables = new SplitWhileStreaming(tableRead)
  readonly quotes = new SplitWhileStreaming(() => quoteText, SPLIT_LIST_FROM)
  readonly headings = new SplitWhileStreaming(() => atxHeading)
  private byMath: {
    math: MathSyntax
    lists: SplitWhileStreaming<ReturnType<ListReader['read']>>
    paragraphs: SplitWhileStreaming<ReturnType<ParagraphReader['read']>>
  } | null = null
  /** The list and paragraph splitters for `math` (new ones when it changed: a `$` may read otherwise). */
  forMath(math: MathSyntax) {
    if (this.byMath?.math !== math) {
      this.byMath = {
        math,
        lists: new SplitWhileStreaming(() => listRead(math), SPLIT_LIST_FROM),
        paragraphs: new SplitWhileStreaming(() => paragraphRead(math)),
      }
    }
    return this.byMath
  }
}

/**
 * A finished list this long (characters) is read item by item too. micromark's time on a list whose
 * items nest grows with the square of its length (each time nested items close it splices the events
 * read so far): 29 KB of three-level items took 1.9 s parsed whole and 0.4 s item by item. Under
 * this, one parse of the whole list is the cheaper (an item's parse has a cost of its own). A
 * finished quote this long is read block by block inside, for the lists it may hold.
 */
export const SPLIT_LIST_FROM = 12_000

/**
 * The live block when it is a block quote: the quote element is rendered here and the text inside
 * it block by block, as a text is, so a growing quote re-parses only its last block inside. The
 * same elements as the quote parsed whole (a line break before each block and after the last);
 * kept after the quote is finished, so its blocks are not made again.
 */
function StreamingQuote({ text, live, inputs }: { text: string; live: boolean; inputs: BlockInputs }) {
  return (
    <blockquote>
      <InnerBlocks text={text} live={live} inputs={inputs} />
    </blockquote>
  )
}

// The cell being written is repaired where it is shown (see TableCell).
const tableRead = () => {
  const reader = new TableReader()
  return (block: string) => reader.read(block)
}
const listRead = (math: MathSyntax) => {
  const reader = new ListReader()
  return (block: string) => reader.read(block, math)
}
// Up to three spaces before a paragraph's first line are no part of it: the parser drops them.
const PARAGRAPH_INDENT = /^ {1,3}(?! )/
const paragraphRead = (math: MathSyntax) => {
  const reader = new ParagraphReader(math)
  // (A paragraph indented so, as a reply writes one under an item `10.` whose lines are indented
  // three, is read as it shows: without them.)
  return (block: string) => reader.read(block.slice(PARAGRAPH_INDENT.exec(block)?.[0].length ?? 0))
}

/** The last fence read in a block, so the block, grown, is read from its last line (see readFenceAppend). */
class FenceReader {
  private last: FenceRead | null = null
  read(block: string, streaming: boolean) {
    this.last = readFenceAppend(this.last, block, streaming)
    return this.last.fence
  }
}

/**
 * A block whose markup is too intricate to parse in time (see `LIMITS` in intricacy.ts), as it was
 * written, under a note that says so: every character on the page, none of it read as markup.
 */
function Unformatted({ source, intricacy }: { source: string; intricacy: Intricacy }) {
  const labels = useLabels()
  return (
    <div className="cp-md-unformatted" data-intricacy={intricacy}>
      <p className="cp-md-unformatted__note">{labels.unformatted}</p>
      <p className="cp-md-unformatted__text">{source}</p>
    </div>
  )
}

/** Rendered after a block's elements: the end of their render, for the block's gate (see RenderGate). */
function RenderEnd({ gate }: { gate: RenderGate<ReactNode> }) {
  gate.ended(now())
  return null
}

/** One top-level block; memoized, so a finished block does not re-render while the tail grows. */
const MarkdownBlock = memo(function MarkdownBlock({ source, streaming, policy, highlighter, math, diagrams, components, lineEnded = false }: BlockProps) {
  const base = useComponents(policy, highlighter, math !== 'off', diagrams)
  const merged = useMemo(() => (components ? { ...base, ...components } : base), [base, components])
  // A finished block past the task's budget shows its source for a moment (see useProgressive).
  const pending = useRef<HTMLDivElement>(null)
  const [fences] = useState(() => new FenceReader())
  const formulas = !components?.code
  // A span being written is shown as its element unless the app renders that element itself.
  const spans = !components?.strong && !components?.em && !components?.del && !components?.code
  // Tables, lists, quotes, headings and paragraphs read in pieces while they stream (made on first
  // need); a list or paragraph read for another math syntax starts again (a `$$` line may end a
  // list or not, a `$` may read otherwise).
  const [splits] = useState(() => new BlockSplits())
  const { tables, quotes, headings } = splits
  const { lists, paragraphs } = splits.forMath(math)
  const [intricacies] = useState(() => new IntricacyReader())
  // What the blocks inside a list's items are rendered with.
  const inputs = useMemo<BlockInputs>(() => ({ policy, highlighter, math, diagrams, components }), [policy, highlighter, math, diagrams, components])
  const full = useProgressive(!streaming, pending, flushSync)
  // A block that costs more than a frame at every token renders at most a quarter of the time, the
  // text written since its last render shown as written after it (see RenderGate).
  const [gate] = useState(() => new RenderGate<ReactNode>())
  const [, wake] = useState(0)
  const began = now()
  const held = full ? gate.held(source, streaming, began) : null
  useEffect(() => {
    if (held === null) return
    const timer = setTimeout(() => wake((n) => n + 1), gate.wait(now()))
    return () => clearTimeout(timer)
  }, [gate, held])
  if (!full) {
    return (
      <div className="cp-markdown--pending" ref={pending} style={pendingStyle(source)}>
        {source}
      </div>
    )
  }
  return (
    <>
      {held === null ? gate.render(source, began, render) : gate.value}
      {held === null ? <RenderEnd gate={gate} /> : <p className="cp-md-held">{held}</p>}
    </>
  )

  function render(): ReactNode {
    // A block that is one fenced code block needs no markdown parse: the growing code goes straight
    // to the code block, whose highlighted lines are kept. Unless the host renders code itself.
    const fence = components?.pre || components?.code ? null : fences.read(source, streaming)
    // The code as the parser's path gives it (its text and a line break): a closed fence's last blank
    // line is a line of the code; an open one's trailing line break already stands for that break.
    if (fence) {
      const code = fence.closed && fence.code !== '' ? `${fence.code}\n` : fence.code
      return (
        <FencedBlock code={code} lang={fence.lang} streaming={streaming && !fence.closed} highlighter={highlighter} math={math !== 'off'} diagrams={diagrams} lineEnded={lineEnded && code !== ''} />
      )
    }
    // The same for a block that is one `$$` formula: the TeX goes straight to the formula.
    const formula = math === 'off' || components?.pre || components?.code ? null : readMathBlock(source, streaming)
    if (formula) return <Formula tex={formula.tex} display streaming={streaming && !formula.closed} />
    // Markup past what the parser reads in linear time is not parsed at all.
    const intricacy = intricacies.read(source)
    if (intricacy) return <Unformatted source={source} intricacy={intricacy} />
    const heading = headings.read(source, streaming)
    if (heading && !components?.[`h${heading.depth}`]) {
      return (
        <LiveBlock.Provider value={streaming}>
          <StreamingHeading heading={heading} components={merged} math={math} live={streaming} spans={spans} />
        </LiveBlock.Provider>
      )
    }
    const table = TABLE_HOST_PARTS.some((name) => components?.[name]) ? null : tables.read(source, streaming)
    if (table) {
      return (
        <LiveBlock.Provider value={streaming}>
          <StreamingTable table={table} components={merged} math={math} formulas={formulas} spans={spans} />
        </LiveBlock.Provider>
      )
    }
    const list = components?.ul || components?.ol || components?.li ? null : lists.read(source, streaming)
    if (list) {
      return (
        <LiveBlock.Provider value={streaming}>
          <BlockInputsContext.Provider value={inputs}>
            <StreamingList list={list} components={merged} math={math} live={streaming} formulas={formulas} spans={spans} />
          </BlockInputsContext.Provider>
        </LiveBlock.Provider>
      )
    }
    const quote = components?.blockquote ? null : quotes.read(source, streaming)
    if (quote !== null) return <StreamingQuote text={quote} live={streaming} inputs={inputs} />
    const paragraph = components?.p ? null : paragraphs.read(source, streaming)
    if (paragraph) {
      return (
        <LiveBlock.Provider value={streaming}>
          <StreamingParagraph paragraph={paragraph} components={merged} math={math} live={streaming} formulas={formulas} spans={spans} />
        </LiveBlock.Provider>
      )
    }
    const repaired = streaming ? repairTail(source) : source
    const markdown = withMath(repaired, math)
    return (
      <LiveBlock.Provider value={streaming}>
        <ReactMarkdown remarkPlugins={pluginsFor(markdown, math)} components={merged} remarkRehypeOptions={mathToHast} urlTransform={keepUrl}>
          {withLineEnding(markdown)}
        </ReactMarkdown>
      </LiveBlock.Provider>
    )
  }
})

/** Props of {@link Markdown}. */
export interface MarkdownProps {
  text: string
  /** The text is still growing: its last block is rendered in its final shape (see `repairTail`). */
  streaming?: boolean
  /** Element overrides passed to react-markdown, over the kit's own. */
  components?: Components
}

/** A text's blocks as elements: the finished blocks' (the same array while none changes) and the live block's. */
interface RenderedBlocks {
  readonly finished: readonly ReactElement<BlockProps>[]
  readonly live: ReactElement<BlockProps> | null
}

/**
 * The elements of a growing text's blocks. Each finished block's element is made once and kept for
 * as long as its source and the render inputs stay the same, so React skips it without comparing
 * props; only the last block is split and parsed again. A memo: the same input gives the same
 * elements, so it may be asked while rendering.
 */
class BlockElements {
  private split: SplitText | null = null
  /** Elements of the finished blocks, made once each, for the inputs below. */
  private elements: ReactElement<BlockProps>[] = []
  private policy: UrlPolicy | null = null
  private highlighter: Highlighter | null = null
  private math: MathSyntax = 'off'
  private diagrams = false
  private components: Components | undefined = undefined
  /** How many elements at the start of the last render's are those of the render before it. */
  unchanged = 0

  render(text: string, streaming: boolean, policy: UrlPolicy, highlighter: Highlighter | null, math: MathSyntax, diagrams: boolean, components: Components | undefined): RenderedBlocks {
    // With math on, `$$` lines fence display math: a formula's blank lines are the formula's.
    const split = splitAppend(this.split, text, math !== 'off')
    const sameInputs = this.policy === policy && this.highlighter === highlighter && this.math === math && this.diagrams === diagrams && this.components === components
    // The finished blocks' elements stay; the live block's is new at every render.
    this.unchanged = this.elements.length
    if (!sameInputs || split.finished !== this.split?.finished) {
      const before = this.elements
      // Keep the elements of blocks that did not change; make the others.
      const elements: ReactElement<BlockProps>[] = []
      for (const [i, block] of split.finished.entries()) {
        const source = normalizeLineEndings(block)
        const previous = sameInputs ? this.elements[i] : undefined
        elements.push(
          previous?.props.source === source ? (
            previous
          ) : (
            <MarkdownBlock key={i} source={source} streaming={false} policy={policy} highlighter={highlighter} math={math} diagrams={diagrams} components={components} />
          ),
        )
      }
      this.elements = elements
      let unchanged = 0
      while (unchanged < elements.length && elements[unchanged] === before[unchanged]) unchanged++
      this.unchanged = unchanged
      this.policy = policy
      this.highlighter = highlighter
      this.math = math
      this.diagrams = diagrams
      this.components = components
    }
    this.split = split
    // Keyed by position after the finished ones, so the live block keeps its instance (and its code
    // block's highlighted lines) when it finishes and moves among them. Not one array of both: a
    // copy of the finished elements at every token is a copy of hundreds in a long reply.
    if (split.live === null) return { finished: this.elements, live: null }
    return {
      finished: this.elements,
      live: (
        <MarkdownBlock
          key={split.finished.length}
          source={normalizeLineEndings(split.live)}
          streaming={streaming}
          lineEnded={streaming && split.liveStart >= 0 && split.liveStart + split.live.length < text.length}
          policy={policy}
          highlighter={highlighter}
          math={math}
          diagrams={diagrams}
          components={components}
        />
      ),
    }
  }
}

/**
 * Markdown (GFM) rendered block by block. Raw HTML shows as text; links and images follow the URL
 * policy; code blocks are highlighted.
 *
 * While the text grows, only its last block is split and parsed again: finished blocks keep their
 * elements (React skips them without comparing props), so the work per token follows the size of
 * the last block, not of the text.
 */
export function Markdown({ text, streaming = false, components }: MarkdownProps) {
  const { urlPolicy, highlighter, math, inlineDollarMath, diagrams } = useRenderConfig()
  const [blocks] = useState(() => new BlockElements())
  const [groups] = useState(() => new Groups<ReactElement<BlockProps>>(BLOCKS))
  const mathSyntax: MathSyntax = math === null ? 'off' : inlineDollarMath ? 'single' : 'double'
  const { finished, live } = blocks.render(text, streaming, urlPolicy, highlighter, mathSyntax, diagrams !== null, components)
  // The code blocks, tables and formulas of the text are measured when it resizes (see RegionHost).
  const [regions, attachRegions] = useRegionHost()
  // Under a message's heading, the text's shallowest heading comes right below it (see headings.ts).
  const [headings] = useState(() => new ShallowestHeading())
  const base = useHeadingBase()
  const shallowest = base > 0 ? headings.read(text) : 0
  return (
    <div className="cp-markdown" ref={attachRegions}>
      <HeadingBaseContext.Provider value={shallowest > 0 ? base - shallowest + 1 : base}>
        <RegionHostContext.Provider value={regions}>
          {groups
            .of(finished.length + (live === null ? 0 : 1), (i) => finished[i] ?? (live as ReactElement<BlockProps>), blocks.unchanged)
            .map((group, g) => (
              // a group is its place in the text; earlier groups never move
              <BlockGroup key={g} blocks={group} />
            ))}
        </RegionHostContext.Provider>
      </HeadingBaseContext.Provider>
    </div>
  )
}

/** Blocks a text renders as one memoized group: a growing text re-renders and lays out its last group only. */
const BLOCKS = 32

// A group is a box of its own (margins collapse through it as if it were not there): when the last
// block grows, the browser lays out the last group and places the others as they were, and React
// skips them, rather than going over every block of a long reply at every token.
// Compared by its one prop: React's own comparison lists the props' keys, an array for each group
// of a long reply at every token.
const BlockGroup = memo(
  function BlockGroup({ blocks }: { blocks: readonly ReactElement<BlockProps>[] }) {
    return <div className="cp-markdown__group">{blocks}</div>
  },
  (before, after) => before.blocks === after.blocks,
)
