// One top-level block: read as the first kind that takes it (a fence, a formula, a heading, a
// table, a list, a quote, a paragraph) and rendered by that kind's renderer, else parsed whole.
import {
  createElement,
  createRef,
  memo,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react'
import { flushSync } from 'react-dom'
import { pendingStyle, useProgressive } from '../shared/progressive.js'
import { HydratedContext } from '../shared/useHydrated.js'
import ReactMarkdown, { type Components } from 'react-markdown'
import type { Highlighter } from '../../highlight/types.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { headingTag, useHeadingBase } from '../shared/headings.js'
import type { UrlPolicy } from '../shared/urlPolicy.js'
import { type Fence } from '../../markdown/fence.js'
import { type ListItems } from '../../markdown/list.js'
import { normalizeLineEndings, splitAppend, type SplitText, withLineEnding } from '../../markdown/split.js'
import { type TableRows } from '../../markdown/table.js'
import { Formula } from './Formula.js'
import { type MathBlock, type MathSyntax, mathToHast, readMathBlock } from '../../markdown/math.js'
import { type ParagraphPieces } from '../../markdown/paragraph.js'
import { type AtxHeading } from '../../markdown/plain.js'
import { repairTail } from '../../markdown/repair.js'
import type { Intricacy } from '../../markdown/intricacy.js'
import { RenderGate } from '../../markdown/renderGate.js'
import { now } from '../../markdown/tasks.js'
import { StreamingList } from './List.js'
import { Passthrough, StreamingTable, TABLE_HOST_PARTS } from './Table.js'
import { FencedBlock, LiveBlock, useComponents } from './elements.js'
import { type BlockInputs, BlockInputsContext, type BlockProps } from './inputs.js'
import { OpenSpan, PiecesAndRest, ProseTail, liveTail } from './pieces.js'
import { keepUrl, pluginsFor, withMath } from './plugins.js'
import { BlockReaders } from './readers.js'

/**
 * Blocks inside a container (a block quote, a loose list's item), read as a text's: finished blocks
 * kept, the last one read again; a line break before each and after the last, as the parser puts
 * them in the container.
 */
function InnerBlocks({ text, live, inputs }: { text: string; live: boolean; inputs: BlockInputs }) {
  const [blocks] = useState(() => new BlockElements())
  const { finished, live: last } = blocks.render(
    text,
    live,
    inputs.policy,
    inputs.highlighter,
    inputs.math,
    inputs.diagrams,
    inputs.components,
  )
  // One array, so the live block keeps its place (and instance) when it finishes.
  const children = last === null ? finished : [...finished, last]
  return (
    <>
      {children.flatMap((child) => ['\n', child])}
      {'\n'}
    </>
  )
}

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
function StreamingHeading({
  heading,
  components,
  math,
  live,
  spans,
}: {
  heading: AtxHeading
  components: Components
  math: MathSyntax
  live: boolean
  spans: boolean
}) {
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

/** What a block's kinds read it and render it with. */
interface BlockContext {
  readonly source: string
  readonly streaming: boolean
  readonly lineEnded: boolean
  readonly highlighter: Highlighter | null
  readonly math: MathSyntax
  readonly diagrams: boolean
  /** The app's own elements: a kind whose elements the app renders itself is left to the parser. */
  readonly host: Components | undefined
  /** The kit's elements with the app's over them. */
  readonly components: Components
  /** Whether formulas and spans being written are shown as they will be (not when the app renders them). */
  readonly formulas: boolean
  readonly spans: boolean
  readonly inputs: BlockInputs
  readonly readers: BlockReaders
}

/** One kind of block: its reader, which takes the block (`null`: not this kind), and its renderer. */
interface BlockKind<T> {
  read(context: BlockContext): T | null
  render(block: T, context: BlockContext): ReactNode
}
const kind = <T,>(blockKind: BlockKind<T>) => blockKind as BlockKind<unknown>

const live = (streaming: boolean, children: ReactNode) => (
  <LiveBlock.Provider value={streaming}>{children}</LiveBlock.Provider>
)

/** The kinds a block is read as, in order: the first that takes it renders it. */
const KINDS: readonly BlockKind<unknown>[] = [
  // One fenced code block needs no markdown parse: the growing code goes straight to the code
  // block, whose highlighted lines are kept.
  kind<Fence>({
    read: ({ host, readers, source, streaming }) =>
      host?.pre || host?.code ? null : readers.fences.read(source, streaming),
    render: (fence, { streaming, highlighter, math, diagrams, lineEnded }) => {
      // The code as the parser's path gives it (its text and a line break): a closed fence's last
      // blank line is a line of the code; an open one's trailing line break already stands for it.
      const code = fence.closed && fence.code !== '' ? `${fence.code}\n` : fence.code
      return (
        <FencedBlock
          code={code}
          lang={fence.lang}
          streaming={streaming && !fence.closed}
          highlighter={highlighter}
          math={math !== 'off'}
          diagrams={diagrams}
          lineEnded={lineEnded && code !== ''}
        />
      )
    },
  }),
  // The same for one `$$` formula: the TeX goes straight to the formula.
  kind<MathBlock>({
    read: ({ math, host, source, streaming }) =>
      math === 'off' || host?.pre || host?.code ? null : readMathBlock(source, streaming),
    render: (formula, { streaming }) => <Formula tex={formula.tex} display streaming={streaming && !formula.closed} />,
  }),
  // Markup past what the parser reads in linear time is not parsed at all.
  kind<Intricacy>({
    read: ({ readers, source }) => readers.intricacies.read(source),
    render: (intricacy, { source }) => <Unformatted source={source} intricacy={intricacy} />,
  }),
  kind<AtxHeading>({
    read: ({ readers, source, streaming, host }) => {
      const heading = readers.heading(source, streaming)
      return heading && !host?.[`h${heading.depth}`] ? heading : null
    },
    render: (heading, { components, math, streaming, spans }) =>
      live(
        streaming,
        <StreamingHeading heading={heading} components={components} math={math} live={streaming} spans={spans} />,
      ),
  }),
  kind<TableRows>({
    read: ({ readers, source, streaming, host }) =>
      TABLE_HOST_PARTS.some((name) => host?.[name]) ? null : readers.table(source, streaming),
    render: (table, { components, math, streaming, formulas, spans }) =>
      live(
        streaming,
        <StreamingTable table={table} components={components} math={math} formulas={formulas} spans={spans} />,
      ),
  }),
  kind<ListItems>({
    read: ({ readers, source, streaming, host, math }) =>
      host?.ul || host?.ol || host?.li ? null : readers.list(source, streaming, math),
    render: (list, { components, math, streaming, formulas, spans, inputs }) =>
      live(
        streaming,
        <BlockInputsContext.Provider value={inputs}>
          <StreamingList
            list={list}
            components={components}
            math={math}
            live={streaming}
            formulas={formulas}
            spans={spans}
          />
        </BlockInputsContext.Provider>,
      ),
  }),
  kind<string>({
    read: ({ readers, source, streaming, host }) => (host?.blockquote ? null : readers.quote(source, streaming)),
    render: (quote, { streaming, inputs }) => <StreamingQuote text={quote} live={streaming} inputs={inputs} />,
  }),
  kind<ParagraphPieces>({
    read: ({ readers, source, streaming, host, math }) => (host?.p ? null : readers.paragraph(source, streaming, math)),
    render: (paragraph, { components, math, streaming, formulas, spans }) =>
      live(
        streaming,
        <StreamingParagraph
          paragraph={paragraph}
          components={components}
          math={math}
          live={streaming}
          formulas={formulas}
          spans={spans}
        />,
      ),
  }),
]

/** A block no kind takes: parsed whole, its unfinished syntax repaired while it streams. */
function parsedWhole({ source, streaming, math, components }: BlockContext): ReactNode {
  const markdown = withMath(streaming ? repairTail(source) : source, math)
  return live(
    streaming,
    <ReactMarkdown
      remarkPlugins={pluginsFor(markdown, math)}
      components={components}
      remarkRehypeOptions={mathToHast}
      urlTransform={keepUrl}
    >
      {withLineEnding(markdown)}
    </ReactMarkdown>,
  )
}

/**
 * What a block keeps between its renders, in one object: a page of finished replies holds
 * thousands of blocks, and each hook is a few objects of its own for as long as the block is shown.
 */
class BlockState {
  /** The block's readers (see BlockReaders). */
  readonly readers = new BlockReaders()
  /** A block that costs more than a frame at every token renders at most a quarter of the time (see RenderGate). */
  readonly gate = new RenderGate<ReactNode>()
  /** A finished block past the task's budget shows its source for a moment (see useProgressive). */
  readonly pending = createRef<HTMLDivElement>()
  private base: Components | null = null
  private own: Components | undefined = undefined
  private mergedValue: Components | null = null
  private inputsValue: BlockInputs | null = null

  /** The kit's elements with the app's over them, the same object while neither changes. */
  merged(base: Components, components: Components | undefined): Components {
    if (this.mergedValue === null || this.base !== base || this.own !== components) {
      this.base = base
      this.own = components
      this.mergedValue = components ? { ...base, ...components } : base
    }
    return this.mergedValue
  }

  /** What the blocks inside a list's items are rendered with, the same object while nothing in it changes. */
  inputs(
    policy: UrlPolicy,
    highlighter: Highlighter | null,
    math: MathSyntax,
    diagrams: boolean,
    components: Components | undefined,
  ) {
    const last = this.inputsValue
    if (
      last?.policy !== policy ||
      last.highlighter !== highlighter ||
      last.math !== math ||
      last.diagrams !== diagrams ||
      last.components !== components
    )
      this.inputsValue = { policy, highlighter, math, diagrams, components, Block: MarkdownBlock, InnerBlocks }
    return this.inputsValue as BlockInputs
  }
}

/** One top-level block; memoized, so a finished block does not re-render while the tail grows. */
const MarkdownBlock = memo(function MarkdownBlock({
  source,
  streaming,
  policy,
  highlighter,
  math,
  diagrams,
  components,
  lineEnded = false,
}: BlockProps) {
  const base = useComponents(policy, highlighter, math !== 'off', diagrams)
  // The block's state, and a count that a held block bumps to render again.
  const [{ state }, setState] = useState(() => ({ state: new BlockState(), renders: 0 }))
  const { readers, gate, pending } = state
  const merged = state.merged(base, components)
  const formulas = !components?.code
  // A span being written is shown as its element unless the app renders that element itself.
  const spans = !components?.strong && !components?.em && !components?.del && !components?.code
  const inputs = state.inputs(policy, highlighter, math, diagrams, components)
  const full = useProgressive(!streaming, pending, flushSync, useContext(HydratedContext))
  // A block that costs more than a frame at every token renders at most a quarter of the time, the
  // text written since its last render shown as written after it (see RenderGate).
  const began = now()
  const held = full ? gate.held(source, streaming, began) : null
  useEffect(() => {
    if (held === null) return
    const timer = setTimeout(
      () => setState((last) => ({ state: last.state, renders: last.renders + 1 })),
      gate.wait(now()),
    )
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
      {held === null ? gate.render(source, began, render, streaming) : gate.value}
      {/* Only a block being written is held, so only its renders are timed. */}
      {held !== null ? <p className="cp-md-held">{held}</p> : streaming ? <RenderEnd gate={gate} /> : null}
    </>
  )

  function render(): ReactNode {
    const context: BlockContext = {
      source,
      streaming,
      lineEnded,
      highlighter,
      math,
      diagrams,
      host: components,
      components: merged,
      formulas,
      spans,
      inputs,
      readers,
    }
    for (const kind of KINDS) {
      const block = kind.read(context)
      if (block !== null) return kind.render(block, context)
    }
    return parsedWhole(context)
  }
})

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
export class BlockElements {
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

  render(
    text: string,
    streaming: boolean,
    policy: UrlPolicy,
    highlighter: Highlighter | null,
    math: MathSyntax,
    diagrams: boolean,
    components: Components | undefined,
  ): RenderedBlocks {
    // With math on, `$$` lines fence display math: a formula's blank lines are the formula's.
    const split = splitAppend(this.split, text, math !== 'off')
    const sameInputs =
      this.policy === policy &&
      this.highlighter === highlighter &&
      this.math === math &&
      this.diagrams === diagrams &&
      this.components === components
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
            <MarkdownBlock
              key={i}
              source={source}
              streaming={false}
              policy={policy}
              highlighter={highlighter}
              math={math}
              diagrams={diagrams}
              components={components}
            />
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
