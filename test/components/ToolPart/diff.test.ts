import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diffCounts, diffLines, foldContext, parseUnifiedDiff } from '../../../src/components/ToolPart/diff'

describe('diffLines', () => {
  it('marks added, removed and unchanged lines', () => {
    const lines = diffLines('a\nb\nc\n', 'a\nB\nc\nd\n')
    expect(lines.map((line) => `${line.kind[0]}${line.text}`)).toEqual(['ca', 'rb', 'aB', 'cc', 'ad'])
    expect(diffCounts(lines)).toEqual({ added: 2, removed: 1 })
  })

  it('rebuilds both sides from the diff, for any texts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('x', 'y', 'z', ''), { maxLength: 20 }),
        fc.array(fc.constantFrom('x', 'y', 'z', ''), { maxLength: 20 }),
        (a, b) => {
          const lines = diffLines(a.join('\n'), b.join('\n'))
          const before = lines.filter((line) => line.kind !== 'add').map((line) => line.text)
          const after = lines.filter((line) => line.kind !== 'remove').map((line) => line.text)
          expect(before.join('\n')).toBe(a.join('\n').replace(/\n$/, ''))
          expect(after.join('\n')).toBe(b.join('\n').replace(/\n$/, ''))
        },
      ),
    )
  })

  it('folds long unchanged runs and keeps three lines around each change', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n')
    const after = before.replace('line 10', 'line ten')
    const folded = foldContext(diffLines(before, after))
    expect(folded[0]).toEqual({ kind: 'skip', text: '', count: 7 })
    expect(folded.filter((line) => line.kind === 'context')).toHaveLength(6)
    expect(folded.at(-1)).toEqual({ kind: 'skip', text: '', count: 6 })
  })
})

describe('parseUnifiedDiff', () => {
  it('reads the hunks of a unified diff and drops the file headers', () => {
    const patch =
      'Index: a.ts\n===\n--- a.ts\n+++ a.ts\n@@ -1,2 +1,2 @@\n keep\n-old\n+new\n@@ -9 +9 @@\n-x\n\\ No newline at end of file\n'
    const lines = parseUnifiedDiff(patch)
    expect(lines.map((line) => line.kind)).toEqual(['context', 'remove', 'add', 'skip', 'remove'])
    expect(diffCounts(lines)).toEqual({ added: 1, removed: 2 })
  })

  it('numbers each line in the old and the new file from its hunk header', () => {
    const lines = parseUnifiedDiff('@@ -12,3 +12,3 @@\n keep\n-old\n+new\n@@ -40 +40,2 @@\n+added\n same\n')
    expect(lines.map((line) => [line.kind, line.oldLine, line.newLine])).toEqual([
      ['context', 12, 12],
      ['remove', 13, undefined],
      ['add', undefined, 13],
      ['skip', undefined, undefined],
      ['add', undefined, 40],
      ['context', 40, 41],
    ])
  })
})

describe('line numbers of a computed diff', () => {
  it('follow both files through removals and additions', () => {
    const lines = diffLines('a\nb\nc\nd', 'a\nB\nc\nd\ne')
    expect(lines.map((line) => `${line.kind[0]}${line.oldLine ?? '-'}/${line.newLine ?? '-'}`)).toEqual([
      'c1/1',
      'r2/-',
      'a-/2',
      'c3/3',
      'c4/4',
      'a-/5',
    ])
  })
})
