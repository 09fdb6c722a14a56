// The block split held to the parser's own tree: a text streamed in random pieces, cut into blocks
// at every piece, parses block by block into the top-level nodes mdast-util-from-markdown gives
// for the whole text (GFM on, and `$$` math where the split reads it).
import fc from 'fast-check'
import type { Nodes, RootContent } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { describe, expect, it } from 'vitest'
import { gfmSyntax, gfmTree } from '../../src/markdown/gfm'
import { mathExtensions } from '../../src/markdown/math'
import { splitAppend, type SplitText, withLineEnding } from '../../src/markdown/split'
import { HTML_LINE, MATH_LINE, REPLY_LINE } from './sampleLines'

/** The top-level nodes of `markdown`, without positions (a block's start at line 1 is the split's only change). */
function nodesOf(markdown: string, math: boolean): unknown[] {
  const extensions = mathExtensions(math ? 'double' : 'off')
  const tree = fromMarkdown(markdown, {
    extensions: [gfmSyntax, ...extensions.syntax],
    mdastExtensions: [gfmTree, ...extensions.tree],
  })
  return tree.children.map(withoutPosition)
}

function withoutPosition(node: RootContent | Nodes): unknown {
  const { position: _position, ...rest } = node
  // The one difference the split allows: code left open in a list item that ends keeps the blank
  // lines before that end as its last lines, where the split leaves them to the break after it
  // (the code block shows one empty line less).
  if (rest.type === 'code') return { ...rest, value: rest.value.replace(/\n+$/, '') }
  if (!('children' in rest)) return rest
  return { ...rest, children: (rest.children as Nodes[]).map(withoutPosition) }
}

/**
 * Streams `text` in the pieces `cuts` gives (offsets into it), and checks at each one that the
 * blocks of the text so far parse, one by one, into the nodes of that text parsed whole.
 */
function expectStreamedAsWhole(text: string, cuts: number[], math: boolean): void {
  let split: SplitText | null = null
  for (const end of [...new Set([...cuts.map((cut) => cut % (text.length + 1)), text.length])].sort((a, b) => a - b)) {
    const prefix = text.slice(0, end)
    split = splitAppend(split, prefix, math)
    const blocks = [...split.finished, ...(split.live === null ? [] : [split.live])]
    // Each block is parsed as the kit renders it (withLineEnding), and so is the whole text. Blank
    // lines at the text's end are the break after its last block, not yet any block's: in a fence
    // left open they become its code when a line follows them.
    const whole = prefix.replace(/(?:\n[ \t]*)+$/, '')
    const parsed = blocks.flatMap((block) => nodesOf(withLineEnding(block), math))
    expect(parsed, JSON.stringify(prefix)).toEqual(nodesOf(withLineEnding(whole), math))
  }
}

const streamed = (lines: fc.Arbitrary<string>, math: boolean, numRuns: number) =>
  fc.assert(
    fc.property(fc.array(lines, { maxLength: 12 }), fc.array(fc.nat({ max: 400 }), { maxLength: 6 }), (drawn, cuts) =>
      expectStreamedAsWhole(drawn.join('\n'), cuts, math),
    ),
    { numRuns },
  )

describe('blocks parsed one by one', () => {
  it('give the whole text’s tree, for every prefix a stream passes through', () => {
    streamed(REPLY_LINE, false, 1_000)
  })

  it('give the whole text’s tree with HTML in it', () => {
    streamed(fc.oneof(REPLY_LINE, HTML_LINE), false, 600)
  })

  it('give the whole text’s tree with `$$` math on', () => {
    streamed(fc.oneof(REPLY_LINE, MATH_LINE), true, 600)
  })

  it('give the whole text’s tree where an earlier split did not', () => {
    for (const text of [
      // After indented code, micromark reads an item nested on an item's line that could not
      // interrupt a paragraph (`-` alone, a number other than 1) as the outer item's text.
      '    indented code\n\n- -',
      '    code\n\n- 2. x',
      // A fence line in a list after a line that may have opened code the split does not follow
      // (the fence indented four, in an item whose content is two in) may be that code's closing line.
      '-\n    ```\n  ```\n    indented code\n#tag\n  # two in',
    ])
      expectStreamedAsWhole(text, [], false)
  })

  it('fail where a cut parts what the parser reads as one node', () => {
    // A loose list cut at its blank line is two lists to the parser: the check must see that.
    const text = '- a\n\n- b'
    expect(['- a', '- b'].flatMap((block) => nodesOf(block, false))).not.toEqual(nodesOf(text, false))
    expectStreamedAsWhole(text, [3, 5], false)
  })
})
