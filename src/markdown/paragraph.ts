import type { Nodes } from 'mdast'
import { fromMarkdown, type Options as ParseOptions } from 'mdast-util-from-markdown'
import { ownString } from '../core/text.js'
import { extendsText } from './../core/text.js'
import { gfmSyntax, gfmTree } from './gfm.js'
import { convertsAlone, type MathSyntax, mathExtensions, texDelimiters } from './math.js'

/** A paragraph being written, cut into sentences that later text cannot change, and the rest. */
export interface ParagraphPieces {
  /**
   * Pieces that are settled (none while the paragraph is short), each followed in the text by its
   * separator in `separators`: a space or a line break, or nothing after a full-width sentence end.
   */
  readonly pieces: readonly string[]
  readonly separators: readonly string[]
  /** The rest of the paragraph, still growing. */
  readonly tail: string
}

// A piece is settled once the rest runs past this many characters: at its last sentence, so what
// stays in the rest is the sentence being written.
const SEAL_AFTER = 240
// A paragraph starts with a letter, a code span, a parenthesis or quote (full-width ones too), or
// emphasis followed by a word (not a digit, which may number a list; not a bracket, which may define
// a reference).
const PARAGRAPH_START = /^(?:\p{L}|`(?!``)|["'(“‘「『（]|\*\*?[\p{L}`]|__?\p{L})/u
// After the first line, a line that could start another block (a heading, quote, HTML, list item,
// thematic break, fence, math block, footnote definition; TeX's `\(` too, which, converted to `$$`
// first on its line, opens a math block when its formula runs over lines) or turn the paragraph
// into a heading (a setext underline) or a table (any pipe, or the delimiter row of a table of one
// column, which needs none: dashes with a colon at an end) ends the reading in pieces: the block is
// then parsed whole. A `#` alone on its line is an empty heading. So does a blank line with text
// after it: the paragraph has ended (the block splitter keeps what follows a list's last lines with
// them; indented code, say).
const OTHER_BLOCK =
  /\n[ \t]*\n[ \t]*\S|\n {0,3}(?:#{1,6}(?:[ \t\n]|$)|[><]|[-+*][ \t]|[-*_](?:[ \t]*[-*_]){2,}[ \t]*(?:\n|$)|[=-]+[ \t]*(?:\n|$)|`{3,}|~{3,}|\d{1,9}[.)](?:[ \t]|$)|\$\$|\\[[(]|\[\^)|\n[ \t]*(?::-+:?|-+:)[ \t]*(?:\n|$)|\|/
// Marks that could pair with text after them, or that need more than one piece to mean anything:
// TeX's delimiters the piece leaves unpaired (those it pairs are formulas once converted, see
// settled), pipes (a table). A backslash escape or hard break is read within its piece; a `<` and
// a `$` are checked where they are left as text (see safeText).
const NEVER_IN_A_PIECE = /\||\\[()[\]]/
// Where a piece may end: a sentence end (Latin, or Hindi's danda, Arabic's question mark, Urdu's
// full stop) and the quotes or brackets that close with it, then a space or a line break, then a
// letter; or a full-width one and its closing quotes (Chinese and Japanese write no space after
// them), then a letter.
const SENTENCE_END = /[.!?।؟۔]["'”’)\]]*[ \n](?=\p{L})|[。！？][」』”’）]*(?=\p{L})/gu
// What starts a URL that GFM links as it is written (`www.example.com`, `https://…`).
const URL_START = /www\.|:\/\//i

/**
 * Whether a URL written as text may run to the end of `piece`: one starts after its last space, tab
 * or line break. GFM's URL goes on up to one of those, past a full-width stop and into the text
 * after it, so a piece that no space ends cannot end there. (An email address stops at the stop.)
 */
function urlReachesEnd(piece: string): boolean {
  let from = piece.length
  while (from > 0 && !' \t\n\r'.includes(piece[from - 1] as string)) from--
  return URL_START.test(piece.slice(from))
}
/** The extensions a piece is read with: GFM's, and the math of the syntax the paragraph is rendered with. */
const parseOptions = new Map<MathSyntax, ParseOptions>(
  (['off', 'double', 'single'] as const).map((math) => {
    const extensions = mathExtensions(math)
    return [math, { extensions: [gfmSyntax, ...extensions.syntax], mdastExtensions: [gfmTree, ...extensions.tree] }]
  }),
)

/**
 * Whether a piece parsed on its own is one paragraph that text after it cannot change: no
 * delimiter left unmatched that could open emphasis, strikethrough, code, a formula (in `math`,
 * the syntax it is rendered with) or a link with a later one. Matched delimiters became nodes;
 * what is left as text is checked by its neighbours.
 */
export function settled(piece: string, math: MathSyntax = 'single'): boolean {
  if (!PARAGRAPH_START.test(piece)) return false
  // Read as it is rendered: TeX's delimiters as `$$` (each `\(` paired with the first `\)` after
  // it, as in the whole text when the piece pairs them all), formulas as formulas. A delimiter left
  // unpaired in the piece may pair with one after it.
  const source = math === 'off' ? piece : texDelimiters(piece)
  if (NEVER_IN_A_PIECE.test(source)) return false
  // TeX's delimiters are read around code, and by lines, before the parse (see texDelimiters): a
  // backtick that the parse reads inside a formula, or as a run of another length, may open code
  // there with one written later; `\[` first on a line may close after the piece.
  if (math !== 'off' && !convertsAlone(piece)) return false
  const root = fromMarkdown(source, parseOptions.get(math) as ParseOptions)
  if (root.children.length !== 1 || root.children[0]?.type !== 'paragraph') return false
  const brackets = { open: 0 }
  // A walk without recursion (emphasis marks by the thousand nest as deep), in the order of the
  // text: brackets are counted from the first to the last.
  const stack: Nodes[] = [root]
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'text' && !safeText(node.value, math, brackets, around(source, node))) return false
    if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes)
  }
  return brackets.open === 0
}

/**
 * The characters of `piece` just before and after a text node: what its first and last characters
 * are next to (the start and end of the piece read as spaces). Between a text and an element, the
 * element's mark (`**` of strong text next to a `*` left as text, say).
 */
function around(piece: string, node: Nodes): { before: string; after: string } {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  return {
    before: start === undefined ? '*' : start === 0 ? ' ' : (piece[start - 1] as string),
    after: end === undefined ? '*' : end >= piece.length ? ' ' : (piece[end] as string),
  }
}

const SPACE = /\s/u
const WORD = /[\p{L}\p{N}]/u

/**
 * Text left by the parser that cannot open anything: backticks never, `*` and `~` only between
 * spaces, `_` between spaces or inside a word, `<` unless what follows could start a tag or an
 * autolink (a tag the piece closes is HTML, not text), `$` as the math syntax reads it (any, `$$`
 * only, or none: a `$` in code is no math). A bracket is text that cannot open a link once a later
 * one in the piece closes it (`brackets.open` counts those still open, over the piece's texts in
 * order; escaped ones never reach here) and no `(` follows a closing one: `[1]` or `[a][b]` left
 * as text stay text, where `[a](<b` or `[a` could become a link with what is written next. A
 * reference definition that would make them links keeps the whole text one block (see
 * hasDefinition), read without pieces. `edges`: what the text's first and last characters are next
 * to in the piece (see around).
 */
function safeText(
  text: string,
  math: MathSyntax,
  brackets: { open: number },
  edges: { before: string; after: string },
): boolean {
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string
    if (char === '$' && (math === 'single' || (math === 'double' && (text[i + 1] === '$' || text[i - 1] === '$'))))
      return false
    if (char === '`') return false
    if (char === '[') brackets.open++
    else if (char === ']') {
      if ((text[i + 1] ?? edges.after) === '(') return false
      if (brackets.open > 0) brackets.open--
    }
    if (char === '<' && /[A-Za-z/!?]/.test(text[i + 1] ?? '')) return false
    if (char !== '*' && char !== '_' && char !== '~') continue
    const before = text[i - 1] ?? edges.before
    const after = text[i + 1] ?? edges.after
    if (SPACE.test(before) && SPACE.test(after)) continue
    if (char === '_' && WORD.test(before) && WORD.test(after)) continue
    return false
  }
  return true
}

/**
 * Reads a growing block that is one paragraph into settled pieces and a growing rest, so a long
 * paragraph being written re-parses its rest only, not everything from its start. Pieces end at a
 * sentence (`.`, `!`, `?`, `।`, `؟` or `۔` and the quotes or brackets after it, then one space or
 * line break, then a letter; or `。`, `！` or `？` and its closing quotes right before a letter, with
 * no URL written as text running through it) and are settled only when text after them cannot
 * change them (see {@link settled}); rendered one after the other with their separators, they are
 * the same elements and text as the paragraph parsed whole. `null` while the block is not, or is no
 * longer, such a paragraph: it is then parsed whole. A rest that does not settle at a sentence (a
 * delimiter that may pair later) is tried again at a later one.
 */
export class ParagraphReader {
  /** `math`: the math syntax the paragraph is rendered with (a `$` that is no math cannot pair). */
  constructor(private readonly math: MathSyntax = 'single') {}
  private block = ''
  private pieces: string[] = []
  private separators: string[] = []
  private end = 0
  private whole = false
  /** Where the rest may next be tried (after a sentence that did not settle). */
  private tried = -1

  read(block: string): ParagraphPieces | null {
    if (!(block.length >= this.block.length && extendsText(block, this.block))) {
      this.pieces = []
      this.separators = []
      this.end = 0
      this.whole = false
      this.tried = -1
    }
    this.block = block
    if (this.whole) return null
    if (OTHER_BLOCK.test(block.slice(this.end)) || !PARAGRAPH_START.test(block)) {
      // Once it had pieces, a block that is no longer a paragraph of pieces stays whole.
      if (this.pieces.length > 0) this.whole = true
      return null
    }
    if (block.length - this.end > SEAL_AFTER) this.seal(block)
    // Each piece its own string, not a slice of the block (see ownString): pieces are kept, and the
    // rest is kept too, by the memoized elements that show it, once it settles as it was.
    return { pieces: this.pieces, separators: this.separators, tail: ownString(block.slice(this.end)) }
  }

  /**
   * Settles the rest up to its last sentence, if text after it cannot change it. A rest that did
   * not settle is tried again once it has grown by half (so a delimiter left open early in a very
   * long paragraph costs a few parses, not one per sentence).
   */
  private seal(block: string) {
    const sentence = new RegExp(SENTENCE_END)
    sentence.lastIndex = Math.max(this.end, this.tried)
    let cut = -1
    let gap = 0
    for (let match = sentence.exec(block); match; match = sentence.exec(block)) {
      // The space or line break after a sentence is the separator; a full-width stop has none.
      gap = /[ \n]$/.test(match[0]) ? 1 : 0
      cut = match.index + match[0].length - gap
    }
    if (cut < 0 || cut < this.tried) return
    const piece = block.slice(this.end, cut)
    if (!settled(piece, this.math) || (gap === 0 && urlReachesEnd(piece))) {
      this.tried = cut + Math.max(SEAL_AFTER, piece.length >> 1)
      return
    }
    this.tried = -1
    this.pieces = [...this.pieces, ownString(piece)]
    this.separators = [...this.separators, block.slice(cut, cut + gap)]
    this.end = cut + gap
  }
}
