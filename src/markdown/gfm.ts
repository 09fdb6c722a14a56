import { gfmFromMarkdown } from 'mdast-util-gfm'
import { gfm } from 'micromark-extension-gfm'

// GitHub Flavored Markdown's syntax and tree extensions, made once. remark-gfm makes them again at
// every parse, and react-markdown parses with a new processor at every render: for the short live
// block of a streaming reply that set-up cost more than the parse itself.
/** GFM's syntax extension for micromark, made once (for parsers other than react-markdown's too). */
export const gfmSyntax = gfm()
/** GFM's tree extension for mdast-util-from-markdown, made once. */
export const gfmTree = gfmFromMarkdown()

interface ParserData {
  micromarkExtensions?: unknown[]
  fromMarkdownExtensions?: unknown[]
}

/** A remark plugin: GFM (tables, task lists, strikethrough, autolinks, footnotes) for parsing. */
export function remarkGfmParse(this: { data(): unknown }) {
  // The processor's data, typed here by what this plugin touches (unified types it per plugin set).
  const data = this.data() as ParserData
  data.micromarkExtensions ??= []
  data.micromarkExtensions.push(gfmSyntax)
  data.fromMarkdownExtensions ??= []
  data.fromMarkdownExtensions.push(gfmTree)
}

// What each GFM construct needs to appear: `|` (tables), `~` (strikethrough), `[ ]`/`[x]` (task
// lists), `[^` (footnotes), and for autolink literals `www.`, a `http(s)://`, `mailto:`/`xmpp:` or
// an `@` (emails). A table of one column needs no pipe: a line under its header that is dashes
// with a colon at one end or both (`:-`, `-:`, `:-:`) makes one (without a colon, the line is a
// heading's underline or a thematic break, as in CommonMark).
const GFM_TRIGGER = /[|~@]|\[[ xX^]|www\.|https?:\/\/|mailto:|xmpp:|^[ \t]*(?::-+:?|-+:)[ \t]*$/im

/**
 * Whether markdown may use GitHub's extensions. Without any of their marks, CommonMark alone gives
 * the same tree, in well under half the time: autolink literals alone look at every character.
 */
export function mayUseGfm(markdown: string): boolean {
  return GFM_TRIGGER.test(markdown)
}
