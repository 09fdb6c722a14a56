// The readers of the live block: each kind read again from where it was as the block grows.
import { type FenceRead, readFenceAppend } from '../../markdown/fence.js'
import { ListReader } from '../../markdown/list.js'
import { quoteText } from '../../markdown/quote.js'
import { TableReader } from '../../markdown/table.js'
import { type MathSyntax } from '../../markdown/math.js'
import { IntricacyReader } from '../../markdown/intricacy.js'
import { ParagraphReader } from '../../markdown/paragraph.js'
import { type AtxHeading, atxHeading } from '../../markdown/plain.js'

/**
 * Reads a block in pieces (rows, items, sentences) while it streams, and after it is finished if it
 * was read so then: the block keeps the elements it streamed with rather than being made again at
 * its last token. A block that arrives finished is parsed whole, so its reader is made on first
 * need (`make`): never, for most blocks of an opened session (a reader, its arrays and a closure
 * fewer each, for the collector to mark while the session is open).
 */
export class SplitWhileStreaming<T> {
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

/**
 * A block's readers, kept between its renders. Tables, lists, quotes, headings and paragraphs are
 * read in pieces while they stream (each splitter made on first need: none for a block that
 * arrives finished and short, as most blocks of an opened session do); a list or paragraph read for
 * another math syntax starts again (a `$$` line may end a list or not, a `$` may read otherwise).
 */
export class BlockReaders {
  readonly fences = new FenceReader()
  readonly intricacies = new IntricacyReader()
  private tables: SplitWhileStreaming<ReturnType<TableReader['read']>> | null = null
  private quotes: SplitWhileStreaming<string> | null = null
  private headings: SplitWhileStreaming<AtxHeading> | null = null
  private lists: SplitWhileStreaming<ReturnType<ListReader['read']>> | null = null
  private paragraphs: SplitWhileStreaming<ReturnType<ParagraphReader['read']>> | null = null
  /** The math syntax the list and paragraph splitters read for. */
  private math: MathSyntax | null = null

  table(block: string, streaming: boolean) {
    if (!this.tables && unsplit(block, streaming)) return null
    return (this.tables ??= new SplitWhileStreaming(tableRead)).read(block, streaming)
  }

  quote(block: string, streaming: boolean) {
    if (!this.quotes && unsplit(block, streaming, SPLIT_LIST_FROM)) return null
    return (this.quotes ??= new SplitWhileStreaming(() => quoteText, SPLIT_LIST_FROM)).read(block, streaming)
  }

  heading(block: string, streaming: boolean) {
    if (!this.headings && unsplit(block, streaming)) return null
    return (this.headings ??= new SplitWhileStreaming(() => atxHeading)).read(block, streaming)
  }

  list(block: string, streaming: boolean, math: MathSyntax) {
    this.forMath(math)
    if (!this.lists && unsplit(block, streaming, SPLIT_LIST_FROM)) return null
    return (this.lists ??= new SplitWhileStreaming(() => listRead(math), SPLIT_LIST_FROM)).read(block, streaming)
  }

  paragraph(block: string, streaming: boolean, math: MathSyntax) {
    this.forMath(math)
    if (!this.paragraphs && unsplit(block, streaming)) return null
    return (this.paragraphs ??= new SplitWhileStreaming(() => paragraphRead(math))).read(block, streaming)
  }

  private forMath(math: MathSyntax) {
    if (this.math === math) return
    this.math = math
    this.lists = null
    this.paragraphs = null
  }
}

/** A block that needs no splitter yet: finished, shorter than `finishedFrom` (see SplitWhileStreaming). */
const unsplit = (block: string, streaming: boolean, finishedFrom = Number.POSITIVE_INFINITY) =>
  !streaming && block.length < finishedFrom

/**
 * A finished list this long (characters) is read item by item too: micromark's time on a list whose
 * items nest grows with the square of its length (each time nested items close, it splices the
 * events read so far). Under this, one parse of the whole list is the cheaper (an item's parse has
 * a cost of its own). A finished quote this long is read block by block inside, for its lists.
 * The figures behind the length are in bench/README.md ("Figures behind limits in the code").
 */
export const SPLIT_LIST_FROM = 12_000

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

export const paragraphRead = (math: MathSyntax) => {
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
