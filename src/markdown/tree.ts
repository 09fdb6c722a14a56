/** A markdown (mdast) node, as far as the transform below looks at it. */
interface Node {
  type: string
  value?: string
  children?: Node[]
  position?: { start: { offset?: number | undefined }; end: { offset?: number | undefined } } | undefined
}

/**
 * How deep a markdown tree is rendered. Model output can nest without end (5,000 `>` in a row,
 * emphasis marks by the thousand): every level is an element, and React, the browser and the
 * syntax tree's own passes all go one call deeper per level, past their stack.
 */
export const MAX_DEPTH = 40

// Where the content too deep goes: a block container takes it as a paragraph, an inline one as text.
const BLOCK_CONTAINERS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition'])
const INLINE_CONTAINERS = new Set([
  'paragraph',
  'heading',
  'tableCell',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
])

/**
 * A remark transform for model output, in one walk that goes as deep as the tree does (no
 * recursion): raw HTML becomes the text it is, never elements nor dropped; what is nested deeper than
 * {@link MAX_DEPTH} becomes the text it was written as, inside the deepest container kept (a list or
 * a table keeps its items and cells: the cut comes at the next container below them).
 */
export function remarkUntrusted() {
  return (tree: Node, file: { value?: unknown }) => {
    const source = typeof file.value === 'string' ? file.value : ''
    const stack: [Node, number][] = [[tree, 0]]
    for (let next = stack.pop(); next; next = stack.pop()) {
      const [node, depth] = next
      if (node.type === 'html') node.type = 'text'
      const children = node.children
      if (!children || children.length === 0) continue
      if (depth >= MAX_DEPTH && (BLOCK_CONTAINERS.has(node.type) || INLINE_CONTAINERS.has(node.type))) {
        const text: Node = { type: 'text', value: writtenAs(children, source) }
        node.children = BLOCK_CONTAINERS.has(node.type) ? [{ type: 'paragraph', children: [text] }] : [text]
        continue
      }
      for (const child of children) stack.push([child, depth + 1])
    }
  }
}

/** The source of `nodes`, from the first one's start to the last one's end; their text without positions. */
function writtenAs(nodes: readonly Node[], source: string): string {
  const start = nodes[0]?.position?.start.offset
  const end = nodes.at(-1)?.position?.end.offset
  if (start !== undefined && end !== undefined && end <= source.length) return source.slice(start, end)
  let text = ''
  const stack = [...nodes].reverse()
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.value !== undefined) text += node.value
    if (node.children) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Node)
  }
  return text
}
