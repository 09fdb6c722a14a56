// The hard shapes: replies real agents produce that break streaming renderers, each made from the
// bench reply's own prose and code (test/fixtures/streaming/reply.md) so the words are real.
import reply from '../../test/fixtures/streaming/reply.md?raw'
import messageFile from '../../test/fixtures/textcase-msg-md/REQ010.md?raw'

const lines = reply.split('\n')

/** The reply's paragraphs of prose (no headings, lists, tables, quotes or code), each as written. */
function prose(): string[] {
  const out: string[] = []
  let current: string[] = []
  let fence = false
  for (const line of lines) {
    if (/^(`{3}|~{3})/.test(line)) fence = !fence
    if (fence || /^(`{3}|~{3})/.test(line)) continue
    if (line.trim() === '') {
      if (current.length > 0) out.push(current.join('\n'))
      current = []
    } else if (/^(#|>|\||\s*[-*+] |\s*\d+\. |\s{2,})/.test(line)) {
      if (current.length > 0) out.push(current.join('\n'))
      current = []
    } else current.push(line)
  }
  if (current.length > 0) out.push(current.join('\n'))
  return out.filter((paragraph) => paragraph.length > 80)
}

/** The sentences of the reply's prose. */
function sentences(): string[] {
  return prose()
    .join(' ')
    .replace(/\n/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z`*])/)
    .filter((sentence) => sentence.length > 20)
}

/** The code lines of the reply's fenced blocks of `lang`. */
function code(lang: string): string[] {
  const out: string[] = []
  let inside = false
  for (const line of lines) {
    if (line.startsWith('```')) {
      inside = !inside && line.slice(3).trim() === lang
      continue
    }
    if (inside) out.push(line)
  }
  return out
}

/** A 200-row table, as agents write when they list files or results, streamed row by row. */
function table(): string {
  const words = sentences()
  const rows = Array.from({ length: 200 }, (_, i) => {
    const note = (words[i % words.length] ?? '').replace(/\|/g, '/').split(' ').slice(0, 8).join(' ')
    const status = ['**changed**', 'unchanged', '*new*', '~~removed~~'][i % 4]
    return `| ${i + 1} | \`src/sync/step-${String(i).padStart(3, '0')}.ts\` | ${status} | ${(i * 37) % 900} | ${note} |`
  })
  return `Here is every file the migration touches:\n\n| # | file | status | lines | note |\n|---:|---|---|---:|---|\n${rows.join('\n')}\n\nThat is all of them.\n`
}

/** One 2,000-line TypeScript block (the reply's TypeScript, over and over). */
function longCode(): string {
  const source = code('ts')
  const out = Array.from({ length: 2000 }, (_, i) => source[i % source.length] ?? '')
  return `The whole module:\n\n\`\`\`ts\n${out.join('\n')}\n\`\`\`\n`
}

/** Lists nested four deep, then loose lists whose items hold paragraphs. */
function lists(): string {
  const words = sentences()
  let w = 0
  const next = () => words[w++ % words.length] as string
  const nested: string[] = []
  for (let i = 0; i < 40; i++) {
    nested.push(`- ${next()}`)
    for (let j = 0; j < 2; j++) {
      nested.push(`  - ${next()}`)
      nested.push(`    1. ${next()}`)
      nested.push(`       - ${next()}`)
    }
  }
  const loose: string[] = []
  for (let i = 0; i < 40; i++)
    loose.push(`${i + 1}. **${next()}**\n\n   ${next()} ${next()}\n\n   - ${next()}\n   - ${next()}`)
  return `The steps, in detail:\n\n${nested.join('\n')}\n\nAnd the checks after each step:\n\n${loose.join('\n\n')}\n`
}

/**
 * Steps that hold code, as agents write instructions: a numbered list whose items each hold a
 * paragraph, a code block and a line after it (loose), then a tight list whose items each hold a
 * line and the commands under it.
 */
function steps(): string {
  const words = sentences()
  let w = 0
  const next = () => words[w++ % words.length] as string
  const ts = code('ts')
  const bash = code('bash')
  const lines = (source: string[], from: number, count: number, indent: string) =>
    Array.from({ length: count }, (_, i) => `${indent}${source[(from + i) % source.length] ?? ''}`.trimEnd()).join('\n')
  const loose = Array.from(
    { length: 12 },
    (_, i) =>
      `${i + 1}. **${next()}**\n\n   ${next()}\n\n   \`\`\`ts\n${lines(ts, i * 25, 25, '   ')}\n   \`\`\`\n\n   ${next()}`,
  )
  const tight = Array.from(
    { length: 8 },
    (_, i) => `- ${next()}\n  \`\`\`bash\n${lines(bash, i * 10, 10, '  ')}\n  \`\`\``,
  )
  return `Do it in these steps:\n\n${loose.join('\n\n')}\n\nThen, on each machine:\n\n${tight.join('\n')}\n`
}

/**
 * An answer that cites its sources, as search-backed assistants write: paragraphs of the reply's
 * sentences, each sentence ended by one or two citations in brackets (`[3]`, `[2][5]`), 16 KB,
 * then the numbered sources as links.
 */
function cited(): string {
  const words = sentences()
  const paragraphs: string[] = []
  let size = 0
  for (let i = 0; size < 16_000; i++) {
    const paragraph = Array.from({ length: 6 }, (_, j) => {
      const n = i * 6 + j
      const sentence = words[n % words.length] as string
      return `${sentence} [${(n % 8) + 1}]${n % 3 === 0 ? `[${((n + 3) % 8) + 1}]` : ''}`
    }).join(' ')
    paragraphs.push(paragraph)
    size += paragraph.length + 2
  }
  const sources = Array.from(
    { length: 8 },
    (_, i) => `${i + 1}. [Incremental sync, part ${i + 1}](https://example.com/sync/${i + 1})`,
  )
  return `${paragraphs.join('\n\n')}\n\nSources:\n\n${sources.join('\n')}\n`
}

/** One paragraph of 20 KB: the reply's sentences without a blank line, its line breaks kept. */
function paragraph(): string {
  const source = prose()
  const out: string[] = []
  let size = 0
  for (let i = 0; size < 20_000; i++) {
    const next = source[i % source.length] as string
    out.push(next)
    size += next.length + 1
  }
  return `${out.join('\n')}\n`
}

/**
 * One paragraph of 12 KB in Chinese, which puts no space after its full-width stops: the Chinese
 * lines of the Message File spec (test/fixtures/textcase-msg-md/REQ010.md), with their code spans
 * and bold, less their list and heading marks, each ended with a stop, over and over.
 */
function chinese(): string {
  const out: string[] = []
  for (const line of messageFile.split('\n')) {
    const text = line.replace(/^\s*(?:#+|[-*]|\d+\.)\s+/, '').trim()
    if (!/\p{Script=Han}/u.test(text) || /^[#|>`]/.test(text) || /^\d+\.|^[-*] /.test(text)) continue
    out.push(/[。！？：]$/u.test(text) ? text.replace(/：$/u, '。') : `${text}。`)
  }
  let paragraph = ''
  for (let i = 0; paragraph.length < 12_000; i++) paragraph += out[i % out.length]
  return `${paragraph}\n`
}

/**
 * A quote of 16 KB, as a reply quotes an earlier message or a document: the reply's paragraphs
 * under `>`, a blank `>` line between them, and a short list in every fourth.
 */
function quote(): string {
  const source = prose()
  const out: string[] = []
  let size = 0
  for (let i = 0; size < 16_000; i++) {
    const paragraph = (source[i % source.length] as string).split('\n').map((line) => `> ${line}`)
    if (i % 4 === 3) paragraph.push('>', '> - the first point of it', '> - the second, with `code`')
    const block = `${i > 0 ? '>\n' : ''}${paragraph.join('\n')}`
    out.push(block)
    size += block.length + 1
  }
  return `${out.join('\n')}\n`
}

/** The source of a mermaid sequence diagram of a sync, its client numbered `i` (a source of its own for each `i`). */
export const sequenceDiagram = (i: number) =>
  `sequenceDiagram\n  participant C as Client ${i}\n  participant S as Server\n  C->>S: GET /sync?since=cursor\n  S-->>C: changes and next cursor\n  C->>C: apply in order\n  C->>S: GET /sync?since=next\n  S-->>C: nothing left`

/** Display and inline formulas between paragraphs, and three diagrams. */
function mathAndDiagrams(): string {
  const words = sentences()
  const formulas = [
    '\\text{cost}(n) = \\sum_{i=1}^{n} \\frac{c_i}{2^{i}} \\le 2\\,\\max_i c_i',
    'v_{k+1} = v_k + 1, \\quad \\forall k \\in \\mathbb{N}',
    'P(\\text{skip}) = 1 - \\prod_{j=1}^{m} \\left(1 - \\frac{\\delta_j}{T}\\right)',
    '\\begin{aligned} T_{\\text{sync}} &= T_{\\text{page}} \\cdot \\left\\lceil \\frac{N}{p} \\right\\rceil \\\\ &\\approx 40\\,\\text{ms} \\cdot 12 \\end{aligned}',
  ]
  const diagram = (i: number) => `\`\`\`mermaid\n${sequenceDiagram(i)}\n\`\`\``
  const out: string[] = []
  for (let i = 0; i < 24; i++) {
    out.push(
      `${words[i % words.length]} With \\(n = ${i + 2}\\) pages, each bounded by \\(c_i \\le ${i + 1}\\), the bound below holds:`,
    )
    out.push(`$$\n${formulas[i % formulas.length]}\n$$`)
    if (i % 8 === 7) out.push(diagram(i))
  }
  return `${out.join('\n\n')}\n`
}

/**
 * One paragraph of 8 KB whose sentences each hold inline formulas, as a derivation is written: the
 * reply's sentences, each followed by one with a formula in TeX's delimiters and one in dollars.
 */
function mathParagraph(): string {
  const words = sentences()
  const out: string[] = []
  for (let i = 0; out.join(' ').length < 8_000; i++) {
    out.push(`${words[i % words.length]} Here \\(c_{${i}} \\le ${i + 1}\\) and $$v_{${i + 1}} = v_{${i}} + 1$$ hold.`)
  }
  return `${out.join(' ')}\n`
}

/** A reply of 100 KB: the bench reply seven times over, as one long answer of several parts. */
const longParts = Array.from({ length: 7 }, (_, i) => reply.replace(/^## (.*)$/m, `## $1, part ${i + 1}`))

/** The name of the long reply, whose goal is flatness alone (see the driver). */
export const LONG = 'a 100 KB reply'
/**
 * The token where the long reply's first part ends: its last 200 tokens are the same text as the
 * reply's last 200, written 100 KB earlier (tokens are 4 characters; the parts are joined by a line break).
 */
export const LONG_FIRST_PART_TOKENS = Math.ceil(((longParts[0] as string).length + 1) / 4)

/**
 * A long flat list, as an agent sums up what it touched: 400 items, a path in a code span and what
 * changed in it (a list grows at its last item; every item before it stays).
 */
function longList(): string {
  const words = sentences()
  const dirs = ['src/components', 'src/core', 'src/protocols/aisdk', 'test/components', 'bench/streaming']
  const items = Array.from(
    { length: 400 },
    (_, i) => `- \`${dirs[i % dirs.length]}/file${i}.ts\`: ${(words[i % words.length] as string).slice(0, 60).trim()}`,
  )
  return `Files changed:\n\n${items.join('\n')}\n`
}

/** The shapes, by name. */
export const SHAPES: Record<string, string> = {
  'table, 200 rows': table(),
  'code, 2,000 lines': longCode(),
  'nested and loose lists': lists(),
  'a list of 400 files': longList(),
  'steps that hold code': steps(),
  'one 20 KB paragraph': paragraph(),
  'an answer citing sources': cited(),
  'a Chinese paragraph': chinese(),
  'a 16 KB quote': quote(),
  'math and diagrams': mathAndDiagrams(),
  'a paragraph of formulas': mathParagraph(),
  [LONG]: longParts.join('\n'),
  ...hostile(),
}

/**
 * Hostile shapes, run only when asked for (`BENCH_SHAPE=hostile`): markup no reply writes on
 * purpose, that no reader of blocks in pieces can cut and that the parser reads whole, in time that
 * grows with the block, at every token. 8 KB each.
 */
function hostile(): Record<string, string> {
  const size = 8_000
  const repeat = (piece: string) => piece.repeat(Math.floor(size / piece.length))
  return {
    'hostile: a line of cells': repeat('| a '),
    'hostile: formulas on a line': repeat('$$a '),
    'hostile: lines opening math': repeat('\\[x\n'),
  }
}
