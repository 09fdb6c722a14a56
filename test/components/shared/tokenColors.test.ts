import { describe, expect, it } from 'vitest'
import { addTokenColors, tokenColorClass, tokenColorCss } from '../../../src/components/shared/tokenColors'

describe('token colour classes', () => {
  it('names a class after a pair of hex colours, the same for the same pair whatever its case', () => {
    expect(tokenColorClass('#CF222E', '#ff7b72')).toBe('cp-c-cf222e-ff7b72')
    expect(tokenColorClass('#cf222e', '#FF7B72')).toBe('cp-c-cf222e-ff7b72')
    expect(tokenColorClass('#0a3069', undefined)).toBe('cp-c-0a3069-n')
    expect(tokenColorClass(undefined, '#a5d6ff')).toBe('cp-c-n-a5d6ff')
    expect(tokenColorCss()).toContain('.cp-c-0a3069-n{--cp-tl:#0a3069;}')
    expect(tokenColorCss()).toContain('.cp-c-n-a5d6ff{--cp-td:#a5d6ff;}')
  })

  it('gives no class to a colour that is not hex: such a token keeps an inline style', () => {
    for (const colour of ['red', 'rgb(1, 2, 3)', 'var(--x)', '#12', '#123456789', '#fff;} body{display:none', ''])
      expect(tokenColorClass(colour, '#ffffff'), colour).toBeNull()
    expect(tokenColorCss()).not.toContain('display')
  })

  it('adds the rules named so far to the page once, and those named later at the next call', () => {
    const before = document.querySelectorAll('style[data-chatparts="token-colors"]').length
    const element = document.createElement('span')
    document.body.append(element)
    tokenColorClass('#111111', '#222222')
    addTokenColors(element)
    addTokenColors(element)
    const styles = document.querySelectorAll<HTMLStyleElement>('style[data-chatparts="token-colors"]')
    expect(styles.length).toBe(Math.max(before, 1))
    const rules = () => [...(styles[0]?.sheet?.cssRules ?? [])].map((rule) => rule.cssText)
    const count = rules().length
    expect(rules().some((rule) => rule.includes('cp-c-111111-222222'))).toBe(true)
    tokenColorClass('#333333', '#444444')
    addTokenColors(element)
    expect(rules()).toHaveLength(count + 1)
    expect(rules().at(-1)).toContain('cp-c-333333-444444')
    element.remove()
  })

  it('adds nothing for an element outside a document', () => {
    tokenColorClass('#555555', '#666666')
    const detached = document.createElement('span')
    expect(() => addTokenColors(detached)).not.toThrow()
  })
})

describe('a highlighter with colours beyond counting', () => {
  it('styles inline past a thousand pairs rather than growing the sheet without end', () => {
    const names = Array.from({ length: 1_100 }, (_, i) =>
      tokenColorClass(`#${i.toString(16).padStart(6, '0')}`, undefined),
    )
    expect(names.filter((name) => name === null).length).toBeGreaterThan(0)
    // A pair named before still has its class.
    expect(tokenColorClass('#cf222e', '#ff7b72')).toBe('cp-c-cf222e-ff7b72')
    expect(tokenColorCss().split('\n').length).toBeLessThanOrEqual(1_024)
  })
})

describe('a page that takes no sheet', () => {
  it('is asked once: its code stays in the plain colour, and no element is left behind', () => {
    const page = document.implementation.createHTMLDocument('strict')
    const make = page.createElement.bind(page)
    let made = 0
    page.createElement = ((name: string) => {
      const element = make(name)
      made++
      // What a browser gives for a <style> its content security policy refuses.
      if (name === 'style') Object.defineProperty(element, 'sheet', { get: () => null })
      return element
    }) as typeof page.createElement
    const element = page.createElement('span')
    page.body.append(element)
    made = 0
    tokenColorClass('#777777', '#888888')
    addTokenColors(element)
    tokenColorClass('#999999', '#aaaaaa')
    addTokenColors(element)
    expect(made).toBe(1)
    expect(page.querySelectorAll('style')).toHaveLength(0)
  })
})
