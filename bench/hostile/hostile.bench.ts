// Markup that costs a markdown parser more than linear time, rendered by the kit's `Markdown` and by
// react-markdown with the same GFM plugin (the parser alone, unguarded), each against a reply of
// prose of the same length rendered in the same run. Server rendering in Node (production React):
// what is measured is the parse and the elements, not the browser's layout.
// Run: node bench/run.mjs hostile   (BENCH_SIZE=<characters>, default 10000)
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import ReactMarkdown from 'react-markdown'
import { Markdown, preloadMarkdown } from '../../src/components/Markdown/Markdown'
import { remarkGfmParse } from '../../src/markdown/gfm'

// renderToString cannot wait for the lazily loaded engine: load it first.
await preloadMarkdown()

const size = Number(process.env.BENCH_SIZE ?? 10_000)
const R = (piece: string, length: number) => piece.repeat(Math.max(1, Math.floor(length / piece.length)))

const prose = (length: number) => () => {
  let text = ''
  for (let i = 0; text.length < length; i++)
    text += `Sentence ${i} of plain prose, as a reply writes it, with a [link](https://example.com/${i}).\n`
  return text
}
const nestedList = () => {
  let text = ''
  for (let i = 0; text.length < size; i++) text += `${'  '.repeat(i)}- item ${i}\n`
  return text
}
const shapes: [string, () => string][] = [
  ['prose (baseline)', prose(size)],
  ['nested brackets', () => R('[', size / 2) + 'x' + R(']', size / 2)],
  ['list markers on one line', () => R('- ', size) + 'x'],
  ['a list nested by indent', nestedList],
  ['long runs of underscores', () => R('_', size / 2) + 'w' + R('_', size / 2)],
  ['stars and underscores', () => R('*_', size)],
  ['emphasis over lines', () => R('*_\n', size)],
  ['underlined headings', () => R('a\n=\n', size)],
  ['lines opening a formula', () => R('\\[x\n', size)],
  ['list marks, then a fence mark', () => `${R('- ', size)}\`\`\`\n\\(x\\)`],
  ['spaces, then a fence mark', () => `x${R(' ', size)}~~~ \\(x\\)`],
  ['a run of backticks, then TeX', () => `\\(x\\) ${R('`', size / 2)}${R('x', size / 2)}`],
]
// Lists replies do write, long: parsed whole, micromark's time grows with the square of their
// length; the kit reads a finished list this long item by item (SPLIT_LIST_FROM).
const long = 3 * size
const lists: [string, () => string][] = [
  ['prose (baseline)', prose(long)],
  ['items nested three deep', () => R('- a top item with some words\n  - a nested item\n    - deeper item\n', long)],
  ['items of two levels a line', () => R('- - two levels\n', long)],
  ['a flat list in bold', () => R('- an item of the list, with **bold** words\n', long)],
]

/** The best of three runs in ms (one when a run takes over a second), or the error it threw. */
function time(render: () => unknown): number | Error {
  let best = Infinity
  for (let round = 0; round < 3; round++) {
    const start = performance.now()
    try {
      render()
    } catch (error) {
      return error as Error
    }
    best = Math.min(best, performance.now() - start)
    if (best > 1_000) break
  }
  return best
}

const kit = (text: string) => () => renderToString(createElement(Markdown, { text, math: 'double' } as never))
const parser = (text: string) => () =>
  renderToString(createElement(ReactMarkdown, { remarkPlugins: [remarkGfmParse] }, text))

const cell = (ms: number | Error, base: number) =>
  (typeof ms === 'number' ? `${ms.toFixed(0)} ms ${(ms / base).toFixed(2)}x` : `throws ${ms.name}`).padStart(22)

/** Measures every shape, prose first: its times are the baseline of the others. */
function table(title: string, length: number, rows: [string, () => string][]) {
  const measured = rows.map(([name, make]) => {
    const text = make()
    return { name, parser: time(parser(text)), kit: time(kit(text)) }
  })
  const baseline = measured[0] as unknown as { parser: number; kit: number }
  console.log(
    `\n${title}, ${length.toLocaleString('en')} characters a shape; ms, and x the same renderer on prose of that length`,
  )
  console.log(`${'shape'.padEnd(28)}${'react-markdown'.padStart(22)}${'chatparts'.padStart(22)}`)
  for (const row of measured)
    console.log(`${row.name.padEnd(28)}${cell(row.parser, baseline.parser)}${cell(row.kit, baseline.kit)}`)
}

// Warm both up on prose.
time(kit(prose(size)()))
time(parser(prose(size)()))
table('hostile markup', size, shapes)
table('long lists', long, lists)
