// Fenced code read without a Markdown parse: its language, its lines, whether it is closed.
import { extendsText, LINE_BREAK, ownString } from '../core/text.js'
import { CLOSE, closesFence, FENCE } from './lines.js'

/** A block that is one fenced code block, as its language and code. */
export interface Fence {
  lang: string
  code: string
  /** The closing fence has arrived. */
  closed: boolean
}

/**
 * Reads a block that is exactly one fenced code block (opened, maybe closed, nothing after it), so
 * it can be rendered without a markdown parse. `null` for anything else. While `streaming`, a last
 * line that could be the closing fence being typed (`` ` `` or ``` `` ```) is held back.
 */
export function readFence(block: string, streaming = false): Fence | null {
  const newline = block.indexOf('\n')
  const first = newline < 0 ? block : block.slice(0, newline)
  const open = FENCE.exec(first)
  // A line break inside the line (`\r`, U+2028, U+2029) makes it no fence line.
  if (!open || LINE_BREAK.test(first)) return null
  const marker = open[1] as string
  const indent = open[0].length - marker.length
  const info = first.slice(open[0].length).trim()
  // Backticks in a backtick fence's info string make it inline code; escapes and entities need the parser.
  if ((marker[0] === '`' && info.includes('`')) || /[\\&]/.test(info)) return null
  const body = fencedLines(block, newline, indent, marker, streaming)
  if (!body) return null
  return { lang: info.split(/\s+/)[0] ?? '', code: body.lines.join('\n'), closed: body.closed }
}

/**
 * The lines inside a block opened by a fence line (its first line, ending at `newline`, indented by
 * `indent`, its fence `marker`): up to a closing line of the same character, as many or more, with
 * the opening indent taken off each. While `streaming`, a last line that could be the closing fence
 * being typed is held back. `null` when text follows the closing line (the parser reads that).
 * Shared by code fences and `$$` formulas, which close alike.
 */
export function fencedLines(
  block: string,
  newline: number,
  indent: number,
  marker: string,
  streaming: boolean,
): { lines: string[]; closed: boolean } | null {
  const lines = newline < 0 ? [] : block.slice(newline + 1).split('\n')
  const char = marker[0] as string
  let end = lines.length
  let closed = false
  for (let i = 0; i < lines.length; i++) {
    if (closesFence(lines[i] as string, marker)) {
      end = i
      closed = true
      break
    }
  }
  // Anything after the closing fence (no blank line between) needs the parser.
  if (closed && lines.slice(end + 1).some((line) => line.trim() !== '')) return null
  let content = lines.slice(0, end)
  if (
    !closed &&
    streaming &&
    content.length > 0 &&
    new RegExp(`^ {0,3}\\${char}{1,${marker.length}}$`).test(content.at(-1) as string)
  )
    content = content.slice(0, -1)
  if (indent > 0) content = content.map((line) => line.replace(new RegExp(`^ {0,${indent}}`), ''))
  return { lines: content, closed }
}

/** A fence read from a block, kept so that the same block, grown, is read again from its last line. */
export interface FenceRead {
  readonly block: string
  readonly streaming: boolean
  readonly fence: Fence | null
  /** Where the code starts in the block, when the fence is open and unindented (else -1: read it whole). */
  readonly contentStart: number
}

/**
 * {@link readFence}, for a block that grows: while the fence is open, text appended to it is code
 * until a closing line, so only the lines from the previous block's last one on are looked at and
 * the code is a slice of the block. The same result as `readFence(block, streaming)`.
 */
export function readFenceAppend(previous: FenceRead | null, block: string, streaming: boolean): FenceRead {
  if (previous && previous.block === block && previous.streaming === streaming) return previous
  const fence = previous?.fence
  if (
    !previous ||
    !fence ||
    fence.closed ||
    previous.contentStart < 0 ||
    previous.streaming !== streaming ||
    !extendsText(block, previous.block)
  )
    return readWhole(block, streaming)
  const { contentStart } = previous
  const marker = /^(`{3,}|~{3,})/.exec(block)?.[1] ?? ''
  let line = Math.max(contentStart, previous.block.lastIndexOf('\n') + 1)
  while (line <= block.length) {
    let end = block.indexOf('\n', line)
    if (end < 0) end = block.length
    const close = CLOSE.exec(block.slice(line, end))
    // A closing line, or anything after it, is read whole (once).
    if (close && close[1]?.[0] === marker[0] && (close[1]?.length ?? 0) >= marker.length)
      return readWhole(block, streaming)
    line = end + 1
  }
  const lastLine = block.lastIndexOf('\n') + 1
  let codeEnd = block.length
  if (
    streaming &&
    lastLine >= contentStart &&
    new RegExp(`^ {0,3}\\${marker[0]}{1,${marker.length}}$`).test(block.slice(lastLine))
  )
    codeEnd = Math.max(contentStart, lastLine - 1)
  return {
    block,
    streaming,
    contentStart,
    fence: { lang: fence.lang, code: block.slice(contentStart, codeEnd), closed: false },
  }
}

function readWhole(block: string, streaming: boolean): FenceRead {
  const fence = readFence(block, streaming)
  const newline = block.indexOf('\n')
  const unindented = /^(`{3,}|~{3,})/.test(block)
  return {
    block,
    streaming,
    fence,
    contentStart: fence && !fence.closed && unindented && newline >= 0 ? newline + 1 : -1,
  }
}

/**
 * A text cut into lines as it grows: only the text from the last line on is cut again, and lines
 * before it stay the same strings in the same array (appended to in place; a text that does not
 * extend the last one gets a new array).
 */
export class GrowingLines {
  private text = ''
  private list: string[] = ['']
  /** How many lines at the start of the last `lines` are those of the call before it. */
  unchanged = 1

  lines(text: string): readonly string[] {
    this.unchanged = this.list.length
    if (text === this.text) return this.list
    if (text.length > this.text.length && extendsText(text, this.text)) {
      const lastStart = this.text.length - (this.list.at(-1) as string).length
      this.list.pop()
      this.unchanged = this.list.length
      // Lines are kept as the text grows (and by the memoized elements that show them): each its
      // own string, not a slice of this text (see ownString). The one being written is copied at
      // every call, as it is read at every call.
      for (const line of text.slice(lastStart).split('\n')) this.list.push(ownString(line))
    } else {
      this.list = text.split('\n')
      this.unchanged = 0
    }
    this.text = text
    return this.list
  }
}
