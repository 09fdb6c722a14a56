import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ChatpartsProvider } from '../../../src/components/shared/config'
import { TextPart } from '../../../src/components/TextPart/TextPart'
import '../../../src/styles/chatparts.css'

const items = (count: number, start = 1) =>
  Array.from({ length: count }, (_, i) => `${start + i}. Step ${start + i}`).join('\n')
const part = (text: string) => ({ id: 'p', sessionID: 's', messageID: 'm', type: 'text' as const, text })

/** The width of the marker an item of `list` shows last ("10. "), in the item's font. */
function lastMarkerWidth(list: HTMLOListElement): number {
  const last = list.start + list.querySelectorAll(':scope > li').length - 1
  const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D
  context.font = getComputedStyle(list.querySelector('li') as Element).font
  return context.measureText(`${last}. `).width
}

describe('an ordered list', () => {
  it('has room left of its items for its widest number, so a finished text clips no marker', async () => {
    const lists = [items(3), items(10), items(1, 10), items(6, 5), items(4, 5), items(100), items(1, 9)]
    const { container } = render(
      <ChatpartsProvider highlighter={null}>
        <TextPart part={part([...lists, '- a bullet'].join('\n\nA paragraph between.\n\n'))} />
      </ChatpartsProvider>,
    )
    // (A finished text is formatted over a few tasks.)
    await expect.poll(() => container.querySelector('.cp-markdown--pending')).toBeNull()
    const shown = [...container.querySelectorAll<HTMLOListElement>('ol')]
    expect(shown.map((list) => list.start + list.children.length - 1)).toEqual([3, 10, 10, 10, 8, 100, 9])
    for (const list of shown)
      expect(lastMarkerWidth(list), `${list.start}+${list.children.length}`).toBeLessThanOrEqual(
        parseFloat(getComputedStyle(list).paddingLeft) + 0.5,
      )
    // A list of one digit keeps the indent of a bullet list.
    expect(getComputedStyle(shown[0] as Element).paddingLeft).toBe(
      getComputedStyle(container.querySelector('ul') as Element).paddingLeft,
    )
  })
})
