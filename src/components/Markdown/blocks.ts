/**
 * Splits markdown into top-level blocks so each can be rendered and memoized on its own: a
 * finished block never re-renders while the text after it grows. Blocks end at a blank line
 * outside a code fence, unless the next line is indented (a list item's continuation) or the
 * text uses reference definitions (which need the whole text to resolve).
 */
export function splitBlocks(text: string): string[] {
  if (/^ {0,3}\[[^\]]+\]:\s/m.test(text)) return [text]
  const lines = text.split('\n')
  const blocks: string[] = []
  let current: string[] = []
  let fence: { char: string; length: number } | null = null
  let blank = false
  const close = () => {
    // Trailing blank lines belong to the break, not to the block.
    while (current.length > 0 && current.at(-1)?.trim() === '') current.pop()
    if (current.length > 0) blocks.push(current.join('\n'))
    current = []
  }
  for (const line of lines) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)
    if (fence) {
      current.push(line)
      if (marker && marker[1]?.[0] === fence.char && (marker[1]?.length ?? 0) >= fence.length && line.trim() === marker[1]) fence = null
      continue
    }
    if (line.trim() === '') {
      blank = true
      current.push(line)
      continue
    }
    const continues = /^(\s{2,}|\t)/.test(line)
    if (blank && !continues) close()
    blank = false
    if (marker) fence = { char: marker[1]?.[0] ?? '`', length: marker[1]?.length ?? 3 }
    current.push(line)
  }
  close()
  return blocks
}
