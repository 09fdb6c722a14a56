import { render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { Message } from '../../src/components/MessageView'
import { TextPart } from '../../src/components/TextPart'
import { assistantInfo, textPart, userInfo } from '../../src/core/build'
import '../../src/styles/chatparts.css'

const reply = {
  info: assistantInfo({ id: 'msg_a', sessionID: 'ses_1', created: 1_700_000_000_000, parentID: 'msg_u' }),
  parts: [textPart({ id: 'prt_a', messageID: 'msg_a', sessionID: 'ses_1' }, 'Hello **there**')],
}

/** The sum of a computed colour's channels: high for light text, low for dark. */
function brightness(element: Element, property: 'color' | 'background-color' = 'color'): number {
  const [r = 0, g = 0, b = 0] =
    getComputedStyle(element)
      .getPropertyValue(property)
      .match(/\d+(\.\d+)?/g)
      ?.map(Number) ?? []
  return r + g + b
}

const message = (container: HTMLElement) => container.querySelector('.cp-message') as HTMLElement

afterEach(async () => {
  await commands.setColorScheme('light')
  document.documentElement.className = ''
  document.documentElement.removeAttribute('data-theme')
})

describe('the theme', () => {
  it('sets nothing on the host page: no variable and no colour scheme on :root', () => {
    render(<Message message={reply} />)
    const root = getComputedStyle(document.documentElement)
    expect(root.getPropertyValue('--_cp-bg')).toBe('')
    expect(root.colorScheme).toBe('normal')
  })

  it.each([
    ['the .dark class', (el: HTMLElement) => el.classList.add('dark')],
    ['data-theme="dark"', (el: HTMLElement) => el.setAttribute('data-theme', 'dark')],
    ['the .cp-dark class', (el: HTMLElement) => el.classList.add('cp-dark')],
  ])('is dark under %s on an ancestor', (_name, mark) => {
    const { container } = render(<Message message={reply} />)
    expect(brightness(message(container))).toBeLessThan(200)
    mark(document.documentElement)
    expect(brightness(message(container))).toBeGreaterThan(600)
  })

  it('is dark when the class is on the kit element itself', () => {
    const { container } = render(<Message message={reply} className="dark" />)
    expect(brightness(message(container))).toBeGreaterThan(600)
  })

  it('follows the reader’s system setting unless the app pins light', async () => {
    const { container } = render(<Message message={reply} />)
    await commands.setColorScheme('dark')
    expect(brightness(message(container))).toBeGreaterThan(600)
    document.documentElement.setAttribute('data-theme', 'light')
    expect(brightness(message(container))).toBeLessThan(200)
    document.documentElement.removeAttribute('data-theme')
    document.documentElement.classList.add('light')
    expect(brightness(message(container))).toBeLessThan(200)
  })

  it('lets a dark panel inside a light page be dark', () => {
    const { container } = render(
      <div data-theme="light">
        <div className="dark">
          <Message message={reply} />
        </div>
      </div>,
    )
    expect(brightness(message(container))).toBeGreaterThan(600)
  })

  it('lets a nested kit element follow its nearest choice', () => {
    const { container } = render(
      <div className="dark">
        <div className="cp-light">
          <TextPart part={reply.parts[0]!} />
        </div>
      </div>,
    )
    expect(brightness(container.querySelector('.cp-text') as HTMLElement)).toBeLessThan(200)
  })

  it('takes the app’s variables from any ancestor, :root included', () => {
    const { container } = render(<Message message={reply} />)
    document.documentElement.style.setProperty('--cp-fg', 'rgb(200, 0, 0)')
    try {
      expect(getComputedStyle(message(container)).color).toBe('rgb(200, 0, 0)')
    } finally {
      document.documentElement.style.removeProperty('--cp-fg')
    }
  })

  it('loses to any rule of the app’s own, whatever its specificity: every kit rule is in @layer chatparts', () => {
    const style = document.createElement('style')
    // Less specific than the kit's `.cp-message[data-role='user'] .cp-message__parts`.
    style.textContent = '.cp-message__parts { padding: 3px; } .cp-message { color: rgb(1, 2, 3); }'
    document.head.append(style)
    try {
      const { container } = render(
        <Message
          message={{ info: userInfo({ id: 'msg_u', sessionID: 'ses_1', created: 1_700_000_000_000 }), parts: [] }}
        />,
      )
      expect(getComputedStyle(container.querySelector('.cp-message__parts') as HTMLElement).paddingTop).toBe('3px')
      expect(getComputedStyle(message(container)).color).toBe('rgb(1, 2, 3)')
    } finally {
      style.remove()
    }
  })
})
