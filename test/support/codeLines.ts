/**
 * The lines of a chatparts code block as a reader sees them. A block's finished lines are one run
 * of text and coloured tokens per group (`.cp-code__chunk`), marked highlighted as a whole; the line
 * being written is a `.cp-code__line` of its own. This splits them back into lines.
 */
export interface CodeLine {
  text: string
  /** Its text is in the highlighter's colours (a line of plain-coloured text has no token). */
  highlighted: boolean
  /** The coloured tokens with text on this line. */
  tokens: Element[]
}

/** The lines of a code block, or of one group of its lines. */
export function codeLinesIn(block: Element): CodeLine[] {
  const lines: CodeLine[] = []
  let current: CodeLine | null = null
  const add = (text: string, highlighted: boolean, token: Element | null) => {
    const parts = text.split('\n')
    parts.forEach((part, i) => {
      const last = i === parts.length - 1
      if (last && part === '') return
      if (!current) lines.push((current = { text: '', highlighted, tokens: [] }))
      current.text += part
      if (token && part !== '') current.tokens.push(token)
      if (!last) current = null
    })
  }
  const read = (parent: Element, highlighted: boolean) => {
    for (const node of parent.childNodes) {
      if (node.nodeType === 3) add((node as Text).data, highlighted, null)
      else if (node instanceof Element && node.matches('.cp-code__line'))
        read(node, node.hasAttribute('data-highlighted'))
      else if (node instanceof Element) add(node.textContent ?? '', highlighted, node)
    }
  }
  const chunks = block.matches('.cp-code__chunk') ? [block] : block.querySelectorAll('.cp-code__chunk')
  for (const chunk of chunks) read(chunk, chunk.hasAttribute('data-highlighted'))
  return lines
}

/** The lines of every chatparts code block under `root`, in order. */
export const allCodeLines = (root: ParentNode): CodeLine[] =>
  [...root.querySelectorAll('.cp-code')].flatMap((block) => codeLinesIn(block))

/**
 * A token's colour for `scheme`, as the kit gives it: from the rule of its colour class in the
 * page's sheets, or from its inline style (a colour that has no class).
 */
export function tokenColor(token: Element, scheme: 'light' | 'dark' = 'light'): string | undefined {
  const property = scheme === 'light' ? '--cp-tl' : '--cp-td'
  const inline = (token as HTMLElement).style?.getPropertyValue(property)
  if (inline) return inline
  const name = [...token.classList].find((each) => each.startsWith('cp-c-'))
  if (!name) return undefined
  const root = token.getRootNode() as Document | ShadowRoot
  const sheets = [...root.styleSheets, ...(root.adoptedStyleSheets ?? [])]
  for (const sheet of sheets)
    for (const rule of sheet.cssRules)
      if (rule instanceof CSSStyleRule && rule.selectorText === `.${name}`)
        return rule.style.getPropertyValue(property).trim() || undefined
  return undefined
}
