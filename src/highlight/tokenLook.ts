import type { CodeToken } from './types.js'

// Underline (4) and strikethrough (8) show on spaces too; italic and bold do not.
const LINED = 4 | 8
const BLANK = /^\s*$/

/** Whether two tokens show the same: colours and style. */
export const sameLook = (a: CodeToken, b: CodeToken) =>
  a.light === b.light && a.dark === b.dark && (a.fontStyle ?? 0) === (b.fontStyle ?? 0)

/** Whether `text` (spaces, tabs, line breaks) can join `token` without showing its look. */
export const joinsUnseen = (token: CodeToken, text: string) =>
  BLANK.test(text) && ((token.fontStyle ?? 0) & LINED) === 0
