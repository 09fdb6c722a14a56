import { findAll, type FindMatch, type FindOptions } from '../../find/search.js'

/** What the page's marks are drawn from. */
export interface FindMarks {
  query: string
  options: FindOptions
  matches: readonly FindMatch[]
  current: number
}

/** The most occurrences marked on the page at once (the current one always is): each mark is a range the browser keeps. */
const MAX_MARKS = 5_000

/** The names of the two highlights in `CSS.highlights`, styled by `::highlight(…)` in the stylesheet. */
export const HIGHLIGHT_ALL = 'cp-find'
export const HIGHLIGHT_CURRENT = 'cp-find-current'

interface HighlightRegistry {
  set(name: string, highlight: unknown): void
  delete(name: string): void
}
type HighlightConstructor = new (...ranges: Range[]) => unknown

function registry(): { highlights: HighlightRegistry; Highlight: HighlightConstructor } | null {
  const css = (globalThis as { CSS?: { highlights?: HighlightRegistry } }).CSS
  const Highlight = (globalThis as { Highlight?: HighlightConstructor }).Highlight
  return css?.highlights && Highlight ? { highlights: css.highlights, Highlight } : null
}

// Every find on the page draws into the same two highlights: each owner's ranges, joined.
const owners = new Map<object, { all: Range[]; current: Range | null }>()

function paint(): void {
  const api = registry()
  if (!api) return
  const all: Range[] = []
  const current: Range[] = []
  for (const marks of owners.values()) {
    all.push(...marks.all)
    if (marks.current) current.push(marks.current)
  }
  if (all.length === 0) api.highlights.delete(HIGHLIGHT_ALL)
  else api.highlights.set(HIGHLIGHT_ALL, new api.Highlight(...all))
  if (current.length === 0) api.highlights.delete(HIGHLIGHT_CURRENT)
  else api.highlights.set(HIGHLIGHT_CURRENT, new api.Highlight(...current))
}

/** The text nodes a reader sees in `element`, in order (not the words kept for screen readers only). */
function visibleText(element: Element): Text[] {
  const nodes: Text[] = []
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest('.cp-visually-hidden, [hidden], [aria-hidden="true"]')
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  })
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text)
  return nodes
}

/** Ranges of every occurrence of the query in the text of `element`. */
function rangesIn(element: Element, marks: FindMarks): Range[] {
  const nodes = visibleText(element)
  if (nodes.length === 0) return []
  const starts: number[] = []
  let text = ''
  for (const node of nodes) {
    starts.push(text.length)
    text += node.data
  }
  // The node holding offset `at` (the last one starting at or before it), found by halving.
  const locate = (at: number, end: boolean): [Text, number] => {
    let low = 0
    let high = nodes.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      const start = starts[middle] as number
      if (start < at || (!end && start === at)) low = middle
      else high = middle - 1
    }
    return [nodes[low] as Text, at - (starts[low] as number)]
  }
  return findAll(text, marks.query, marks.options).map(([start, end]) => {
    const range = element.ownerDocument.createRange()
    const [startNode, startOffset] = locate(start, false)
    const [endNode, endOffset] = locate(end, true)
    range.setStart(startNode, startOffset)
    range.setEnd(endNode, endOffset)
    return range
  })
}

/**
 * Marks the matches on the rendered parts inside `container` and returns the range of the current
 * one (or `null` when it is not on the page as text). The data is searched as written and the page
 * shows it rendered (Markdown marks gone, a tool's input laid out), so the current match is the
 * occurrence of the same rank in its part's text on the page, or its part's last.
 */
export function drawMarks(owner: object, container: Element, marks: FindMarks): Range | null {
  // Without the Highlight API (jsdom, an older browser) nothing is marked; the find still moves.
  if (marks.query === '' || marks.matches.length === 0 || !registry()) {
    clearMarks(owner)
    return null
  }
  const byPart = new Map<string, number>()
  for (const match of marks.matches) byPart.set(match.partID, (byPart.get(match.partID) ?? 0) + 1)
  const currentMatch = marks.matches[marks.current]
  let rank = 0
  if (currentMatch)
    for (let index = marks.current - 1; index >= 0 && marks.matches[index]?.partID === currentMatch.partID; index--)
      rank++
  const all: Range[] = []
  let current: Range | null = null
  for (const element of container.querySelectorAll('[data-part-id]')) {
    const id = element.getAttribute('data-part-id') as string
    if (!byPart.has(id) || (all.length >= MAX_MARKS && currentMatch?.partID !== id)) continue
    const ranges = rangesIn(element, marks)
    all.push(...ranges)
    if (currentMatch?.partID === id) current = ranges[Math.min(rank, ranges.length - 1)] ?? null
  }
  owners.set(owner, { all, current })
  paint()
  return current
}

/** Takes `owner`'s marks off the page. */
export function clearMarks(owner: object): void {
  if (!owners.delete(owner)) return
  paint()
}

/** The nearest ancestor of `element` that scrolls vertically, or `null` for the page itself. */
function scrollParent(element: Element | null): HTMLElement | null {
  for (let node = element; node && node !== node.ownerDocument.documentElement; node = node.parentElement) {
    if (!(node instanceof HTMLElement)) continue
    const overflow = getComputedStyle(node).overflowY
    if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight) return node
  }
  return null
}

/** Scrolls the nearest scroller of `target` (and only it) so it is in the middle of the view, unless already well in view. */
export function scrollIntoMiddle(target: Range | Element): void {
  const element = target instanceof Range ? target.startContainer.parentElement : target
  const scroller = scrollParent(element)
  const rect = target.getBoundingClientRect()
  if (!scroller) {
    element?.scrollIntoView?.({ block: 'center', behavior: 'instant' })
    return
  }
  const view = scroller.getBoundingClientRect()
  const margin = Math.min(48, view.height / 4)
  if (rect.top >= view.top + margin && rect.bottom <= view.bottom - margin) return
  // A part taller than the view shows its top; a match, its middle.
  const middle =
    rect.height > view.height - 2 * margin
      ? rect.top - margin - view.top
      : rect.top + rect.height / 2 - (view.top + view.height / 2)
  scroller.scrollTop += middle
}
