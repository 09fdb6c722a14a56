// Text parsed in pieces as it streams: settled pieces parsed once each, the piece being written
// cut at its last mark, and the span or formula it ends in shown open.
import { type ComponentPropsWithoutRef, Fragment, memo, type ReactElement, type ReactNode } from 'react'
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown'
import { withLineEnding } from '../../markdown/split.js'
import { Formula } from './Formula.js'
import { Groups } from '../../markdown/groups.js'
import { type MathSyntax, mathToHast } from '../../markdown/math.js'
import {
  openFormula,
  type OpenFormula as OpenFormulaCut,
  openSpan,
  type OpenSpan as OpenSpanCut,
  plainTail,
} from '../../markdown/plain.js'
import { repairTail } from '../../markdown/repair.js'
import { keepUrl, pluginsFor, withLoose, withMath } from './plugins.js'

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
export const UNWRAP: readonly (readonly Components[])[] = [0, 1, 2, 3].map((indent) =>
  [0, 1, 2, 3].map((trim) => unwrapAt(indent, trim)),
)

interface PieceProps {
  text: string
  math: MathSyntax
  components: Components
  /** The piece is an item of a loose list: its text is in paragraphs, as the whole list gives. */
  loose?: boolean
}

/**
 * A piece of a block being written (a list item, a table row, a paragraph's sentence), parsed on
 * its own. Memoized: a piece whose text did not change is neither prepared nor parsed again.
 */
export const Parsed = memo(function Parsed({ text, math, components, loose = false }: PieceProps) {
  const source = withMath(text, math)
  const plugins = pluginsFor(source, math)
  return (
    <ReactMarkdown
      remarkPlugins={loose ? withLoose(plugins) : plugins}
      components={components}
      remarkRehypeOptions={mathToHast}
      urlTransform={keepUrl}
    >
      {withLineEnding(source)}
    </ReactMarkdown>
  )
})

/**
 * A sentence or a list item's content, parsed up to the end of its last mark and the prose after
 * that shown as its text (see plainTail): while a piece grows by prose, which is most of a reply,
 * its parsed part is the same and is not parsed again.
 */
export const ProseTail = memo(function ProseTail({
  text,
  math,
  components,
  shape,
}: PieceProps & { shape: 'sentence' | 'item' }) {
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
export function OpenFormula({ open }: { open: OpenFormulaCut | null }) {
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
export function OpenSpan({ open }: { open: OpenSpanCut | null }) {
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
export function liveTail(
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
export class KeptElements {
  private elements: ReactElement[] = []
  private inputs: readonly unknown[] = []
  private readonly groups = new Groups<ReactElement>(GROUP)

  /**
   * `count` elements, then `last` if there is one, in groups. The first `kept` of the last render's
   * elements still stand (what they show is the same; the caller says), unless `inputs` (compared
   * one by one) changed; `make` makes the others.
   */
  render(
    count: number,
    kept: number,
    inputs: readonly unknown[],
    make: (i: number) => ReactElement,
    last: ReactElement | null = null,
  ): ReactNode[] {
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
 * every token, where a long paragraph has hundreds).
 */
export class PiecesAndRest {
  private pieces: readonly string[] = []
  private separators: readonly string[] = []
  private readonly kept = new KeptElements()

  /**
   * The children: `shown` renders the `i`th piece, or the rest (`i`: the number of pieces), and
   * gives the same elements for the same `inputs` (compared one by one).
   */
  render(
    pieces: readonly string[],
    separators: readonly string[],
    rest: LiveTail,
    inputs: readonly unknown[],
    shown: (text: string, i: number) => ReactNode,
  ): ReactNode[] {
    // The pieces kept: all of them while the reader hands out the same arrays; after a piece settled
    // (new arrays), those before it, looked at once.
    let kept = 0
    if (pieces === this.pieces && separators === this.separators) kept = pieces.length
    else
      while (kept < pieces.length && pieces[kept] === this.pieces[kept] && separators[kept] === this.separators[kept])
        kept++
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
