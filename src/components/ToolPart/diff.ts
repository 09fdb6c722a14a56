/** One line of a unified diff. */
export interface DiffLine {
  kind: 'context' | 'add' | 'remove' | 'skip'
  text: string
  /** For `skip`: how many unchanged lines are folded away. */
  count?: number
  /** The line's number in the old file (context and removed lines). */
  oldLine?: number
  /** The line's number in the new file (context and added lines). */
  newLine?: number
}

/** Numbers the lines from `oldStart` and `newStart`: context lines in both files, removals in the old, additions in the new. */
function numbered(lines: DiffLine[], oldStart = 1, newStart = 1): DiffLine[] {
  let oldLine = oldStart
  let newLine = newStart
  for (const line of lines) {
    if (line.kind === 'context' || line.kind === 'remove') line.oldLine = oldLine++
    if (line.kind === 'context' || line.kind === 'add') line.newLine = newLine++
  }
  return lines
}

const splitLines = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'))

/** Largest diff computed exactly (old × new lines); beyond it the change shows as a rewrite. */
const MAX_CELLS = 4_000_000

/** The line diff of `before` → `after` (longest common subsequence after trimming the shared ends). */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before)
  const b = splitLines(after)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const head: DiffLine[] = a.slice(0, start).map((text) => ({ kind: 'context', text }))
  const tail: DiffLine[] = a.slice(endA).map((text) => ({ kind: 'context', text }))
  const midA = a.slice(start, endA)
  const midB = b.slice(start, endB)
  if (midA.length * midB.length > MAX_CELLS) {
    return numbered([
      ...head,
      ...midA.map((text): DiffLine => ({ kind: 'remove', text })),
      ...midB.map((text): DiffLine => ({ kind: 'add', text })),
      ...tail,
    ])
  }
  // lengths[i][j]: LCS of midA[i..] and midB[j..], in one flat array.
  const width = midB.length + 1
  const lengths = new Uint32Array((midA.length + 1) * width)
  for (let i = midA.length - 1; i >= 0; i--) {
    for (let j = midB.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        midA[i] === midB[j]
          ? (lengths[(i + 1) * width + j + 1] as number) + 1
          : Math.max(lengths[(i + 1) * width + j] as number, lengths[i * width + j + 1] as number)
    }
  }
  const middle: DiffLine[] = []
  let i = 0
  let j = 0
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
      middle.push({ kind: 'context', text: midA[i] as string })
      i++
      j++
    } else if (
      i < midA.length &&
      (j === midB.length || (lengths[(i + 1) * width + j] as number) >= (lengths[i * width + j + 1] as number))
    ) {
      // Removals before additions, as unified diffs show them.
      middle.push({ kind: 'remove', text: midA[i] as string })
      i++
    } else {
      middle.push({ kind: 'add', text: midB[j] as string })
      j++
    }
  }
  return numbered([...head, ...middle, ...tail])
}

/** The lines of a unified diff text (`@@` hunks; file headers dropped; hunk gaps folded). */
export function parseUnifiedDiff(patch: string): DiffLine[] {
  const out: DiffLine[] = []
  // Each hunk's lines are numbered from its header (`@@ -12,4 +12,5 @@`); without one, from 1.
  let oldLine = 1
  let newLine = 1
  for (const line of patch.replace(/\n$/, '').split('\n')) {
    if (/^(Index:|===|diff |--- |\+\+\+ )/.test(line)) continue
    if (line.startsWith('@@')) {
      if (out.length > 0) out.push({ kind: 'skip', text: line, count: 0 })
      const hunk = /^@@ -(\d+)(?:,\d+)? \+(\d+)/.exec(line)
      if (hunk) {
        oldLine = Number(hunk[1])
        newLine = Number(hunk[2])
      }
      continue
    }
    if (line.startsWith('+')) out.push({ kind: 'add', text: line.slice(1), newLine: newLine++ })
    else if (line.startsWith('-')) out.push({ kind: 'remove', text: line.slice(1), oldLine: oldLine++ })
    else if (line.startsWith('\\')) continue
    else out.push({ kind: 'context', text: line.slice(1), oldLine: oldLine++, newLine: newLine++ })
  }
  return out
}

/** Folds runs of unchanged lines longer than `context * 2` into one `skip` line. */
export function foldContext(lines: readonly DiffLine[], context = 3): DiffLine[] {
  const changed = lines.map((line) => line.kind !== 'context')
  const keep = lines.map((_, i) => {
    for (let d = -context; d <= context; d++) if (changed[i + d]) return true
    return false
  })
  const out: DiffLine[] = []
  let skipped = 0
  lines.forEach((line, i) => {
    if (keep[i] || line.kind !== 'context') {
      if (skipped > 0) out.push({ kind: 'skip', text: '', count: skipped })
      skipped = 0
      out.push(line)
    } else skipped++
  })
  if (skipped > 0) out.push({ kind: 'skip', text: '', count: skipped })
  return out
}

/** Lines added and removed. */
export function diffCounts(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0
  let removed = 0
  for (const line of lines) {
    if (line.kind === 'add') added++
    else if (line.kind === 'remove') removed++
  }
  return { added, removed }
}

/** The lines of a diff display: from its patch, or from the text before and after. */
export function displayDiffLines(display: {
  patch?: string | undefined
  before?: string | undefined
  after?: string | undefined
}): DiffLine[] {
  if (display.patch !== undefined) return parseUnifiedDiff(display.patch)
  return diffLines(display.before ?? '', display.after ?? '')
}
