// A list being written: its items kept once finished, the last one read again at each token.
import { Fragment, memo, type ReactElement, type ReactNode, useContext, useMemo, useState } from 'react'
import { type Components } from 'react-markdown'
import { FENCE } from '../../markdown/lines.js'
import { type ItemContent, itemContent, type ListItems, nestedList } from '../../markdown/list.js'
import { splitAppend, type SplitText } from '../../markdown/split.js'
import { type MathSyntax } from '../../markdown/math.js'
import { type ParagraphPieces } from '../../markdown/paragraph.js'
import { itemOfText } from '../../markdown/plain.js'
import { repairTail } from '../../markdown/repair.js'
import { Passthrough } from './Table.js'
import { type BlockInputs, BlockInputsContext } from './inputs.js'
import { KeptElements, Parsed, PiecesAndRest, ProseTail, UNWRAP, liveTail } from './pieces.js'
import { SplitWhileStreaming, paragraphRead } from './readers.js'

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

const TightItem = memo(function TightItem({
  item,
  live,
  math,
  components,
  itemComponents,
  formulas,
  spans,
  trimEnd = false,
}: TightItemProps) {
  const nested = nestedList(item, math)
  if (nested && itemOfText(nested.head)) {
    return (
      <>
        <ProseTail text={nested.head} math={math} components={itemComponents} shape="item" />
        {'\n'}
        <StreamingList
          list={nested.list}
          components={components}
          math={math}
          live={live}
          formulas={formulas}
          spans={spans}
        />
        {trimEnd ? null : '\n'}
      </>
    )
  }
  return (
    <ItemText
      item={item}
      live={live}
      math={math}
      components={components}
      itemComponents={itemComponents}
      formulas={formulas}
      spans={spans}
    />
  )
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
      <ProseTail
        text={pieces.length === 0 ? text : (parts as { marker: string }).marker + text}
        math={math}
        components={itemComponents}
        shape="item"
      />
    )
  return (
    <>
      {shownPieces.render(
        pieces,
        read ? read.separators : [],
        tail,
        [math, inner, itemComponents, parts?.marker, pieces.length === 0],
        shown,
      )}
    </>
  )
}

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
    if (content) return <inputs.InnerBlocks text={content.text} live={live} inputs={inputs} />
    return (
      <Parsed text={live ? repairTail(item) : item} math={math} components={itemComponents[0] as Components} loose />
    )
  }
  if (content) return <TightBlocks content={content} {...props} />
  return <TightItem item={item} {...props} itemComponents={itemComponents[0] as Components} />
})

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
function TightBlocks({
  content,
  live,
  math,
  components,
  itemComponents,
  formulas,
  spans,
}: Omit<ItemProps, 'item'> & { content: ItemContent }) {
  const inputs = useContext(BlockInputsContext) as BlockInputs
  const [split] = useState(() => new GrowingSplit())
  const blocks = split.blocks(content.text, math)
  const code = blocks.map((block) => FENCE.test(block))
  const item = (block: string) => content.marker + block.replaceAll('\n', `\n${' '.repeat(content.marker.length)}`)
  if (blocks.some((block, i) => i > 0 && !code[i] && block.startsWith(' '))) {
    return (
      <TightItem
        item={item(content.text)}
        live={live}
        math={math}
        components={components}
        itemComponents={itemComponents[0] as Components}
        formulas={formulas}
        spans={spans}
      />
    )
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
              <inputs.Block
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

  render(
    items: readonly string[],
    last: number,
    inputs: readonly unknown[],
    item: (text: string, i: number, live: boolean) => ReactElement,
  ): ReactNode[] {
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
export function StreamingList({
  list,
  components,
  math,
  live,
  formulas,
  spans,
}: {
  list: ListItems
  components: Components
  math: MathSyntax
  live: boolean
  formulas: boolean
  spans: boolean
}) {
  const first = list.items[0] ?? ''
  const indent = first.length - first.trimStart().length
  const itemComponents = useMemo(
    () => (UNWRAP[indent] ?? []).map((unwrap) => ({ ...components, ...unwrap })),
    [components, indent],
  )
  const [shown] = useState(() => new ListElements())
  const items = shown.render(
    list.items,
    live ? list.items.length - 1 : -1,
    [list.loose, math, components, itemComponents, formulas, spans],
    (item, i, isLive) => (
      // an item is its place in the list; earlier items never move
      <Fragment key={i}>
        {'\n'}
        <li>
          <ListItem
            item={item}
            loose={list.loose}
            live={isLive}
            math={math}
            components={components}
            itemComponents={itemComponents}
            formulas={formulas}
            spans={spans}
          />
        </li>
      </Fragment>
    ),
  )
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
