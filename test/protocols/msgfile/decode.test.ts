import { describe, expect, it } from 'vitest'
import { parseAttrs, readCellLine, readFootnote, readTyped, trailingRef } from '../../../src/protocols/msgfile/decode'
import { forStrings } from '../../support/property'

// The readers of a cell's heading and metadata lines replaced patterns that took quadratic or cubic
// time on a line of thousands of spaces or tabs: the same answers on any line of the characters
// that matter (each against the pattern it replaced), and an answer on such a line.
describe('the lines of a message file, read in one pass', () => {
  it("a cell's heading: level, kind and title", () => {
    const before = /^(#{1,5}) (%%%?)(?:[ \t]+(.*?))?[ \t]*$/
    forStrings(/^#{0,3} ?%{0,4}[ \t%x\u2028]{0,12}$/, (line) => {
      const match = before.exec(line)
      expect(readCellLine(line)).toEqual(match ? { hashes: match[1], marks: match[2], title: match[3] ?? '' } : null)
    })
    expect(readCellLine(`# %% ${' \t'.repeat(30_000)}x\u2028`)).toBeNull()
    expect(readCellLine(`## %%% Result ${' '.repeat(30_000)}`)).toEqual({ hashes: '##', marks: '%%%', title: 'Result' })
  })

  it('the footnote a heading ends with', () => {
    const before = /\[\^([^\]\s]+)\]\s*$/
    forStrings(/^[[\]^ \tx]{0,16}$/, (heading) => {
      const match = before.exec(heading)
      expect(trailingRef(heading)).toEqual(match ? { index: match.index, id: match[1] } : null)
    })
    expect(trailingRef('[^x'.repeat(30_000))).toBeNull()
    expect(trailingRef('Title [^a1] ')).toEqual({ index: 6, id: 'a1' })
  })

  it('a metadata line and its type', () => {
    const footnote = /^\[\^([^\]\s]+)\]:\s*(.*)$/
    forStrings(/^\[?\^?[x\]: \t\u2028]{0,14}$/, (line) => {
      const match = footnote.exec(line)
      expect(readFootnote(line)).toEqual(match ? { id: match[1], text: match[2] } : null)
    })
    const typed = /^\[([^\]]*)\](?:\(([^)]*)\))?\s*(.*)$/
    forStrings(/^\[?[x\]() \t=\u2028]{0,14}$/, (meta) => {
      const match = typed.exec(meta)
      expect(readTyped(meta)).toEqual(match ? { type: match[1], target: match[2], rest: match[3] } : null)
    })
    expect(readFootnote(`[^a]:${'\t'.repeat(30_000)}x\u2028`)).toBeNull()
    expect(readTyped(`[t]${'\t'.repeat(30_000)}x\u2028`)).toBeNull()
  })

  it('attributes', () => {
    const before = (text: string) =>
      [...text.matchAll(/([A-Za-z_][\w.-]*)=(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+))/g)].map((match) => [
        match[1],
        match[2] !== undefined ? match[2].replace(/\\(["\\])/g, '$1') : (match[3] ?? match[4] ?? ''),
      ])
    forStrings(/^[a1_.\-="'\\ x]{0,20}$/, (text) => {
      expect(parseAttrs(text)).toEqual(before(text))
    })
    expect(parseAttrs(`${'A'.repeat(60_000)}- k=v`)).toEqual([['k', 'v']])
  })
})
