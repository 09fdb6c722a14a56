import type { CodeToken } from './types.js'

// Underline (4) and strikethrough (8) show on spaces too; italic and bold do not.
const LINED = 4 | 8
const BLANK = /^\s*$/

/** Whether two tokens show the same: colours and style. */
const sameLook = (a: CodeToken, b: CodeToken) =>
  a.light === b.light && a.dark === b.dark && (a.fontStyle ?? 0) === (b.fontStyle ?? 0)

/** Whether `text` (spaces, tabs, line breaks) can join `token` without showing its look. */
const joinsUnseen = (token: CodeToken, text: string) => BLANK.test(text) && ((token.fontStyle ?? 0) & LINED) === 0

/**
 * Tokens with neighbours that look the same made one: the grammar cuts a line at every scope (`x`,
 * ` `, `=`, ` ` are four tokens of one colour), and each token is an element on the page. Tokens of
 * the same colours and style are joined, and spaces and line breaks, whose colour does not show,
 * join the token before them (or after, at the start) unless they are underlined or struck through.
 * Every character keeps the colour it shows. Given a line, or several lines' tokens in a row.
 */
export function mergeTokens(line: readonly CodeToken[]): CodeToken[] {
  const out: CodeToken[] = []
  // Spaces at the start of the line, waiting for a token to join.
  let leading = null as CodeToken | null
  for (const token of line) {
    const last = out.at(-1)
    const blank = joinsUnseen(token, token.content)
    if (blank && !last) {
      leading = leading ? { ...leading, content: leading.content + token.content } : token
      continue
    }
    if (last && ((blank && joinsUnseen(last, token.content)) || sameLook(last, token))) {
      out[out.length - 1] = { ...last, content: last.content + token.content }
      continue
    }
    if (leading && joinsUnseen(token, leading.content)) out.push({ ...token, content: leading.content + token.content })
    else out.push(...(leading ? [leading] : []), token)
    leading = null
  }
  if (leading) out.push(leading)
  return out
}
