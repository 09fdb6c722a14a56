import { describe, expect, it } from 'vitest'
import { createMermaidRenderer } from '../../src/diagrams/mermaid'
import { defaultUrlPolicy } from '../../src/components/urlPolicy'

const options = { dark: false, link: (url: string) => defaultUrlPolicy.link(url) }

describe('the mermaid renderer in Chromium', () => {
  it('draws a flowchart as SVG with text labels', async () => {
    const result = await createMermaidRenderer().render('graph TD\n  A[Parse] --> B[Render]', options)
    if (!('svg' in result)) throw new Error(result.error)
    const box = document.createElement('div')
    box.innerHTML = result.svg
    expect(box.querySelector('svg')).not.toBeNull()
    expect(box.textContent).toContain('Parse')
    expect(box.textContent).toContain('Render')
    expect(box.querySelector('foreignObject, script')).toBeNull()
  }, 30_000)

  it('says why it cannot draw a diagram that does not parse', async () => {
    const result = await createMermaidRenderer().render('graph TD\n  A -->', options)
    expect('error' in result && result.error.length > 0).toBe(true)
  }, 30_000)

  it('lets no script, handler, remote load or refused link out of a hostile diagram', async () => {
    const refuseEvil = (url: string) => (url.includes('evil.example') ? null : defaultUrlPolicy.link(url))
    const hostile = [
      '%%{init: {"securityLevel": "loose", "themeCSS": "@import url(https://evil.example/a.css); .node rect { fill: url(https://evil.example/b) }", "flowchart": {"htmlLabels": true}}}%%',
      'graph TD',
      '  A["<img src=https://evil.example/i onerror=alert(1)>"] --> B["<script>alert(2)</script>"]',
      '  C[Docs] --> D[Home]',
      '  click A "javascript:alert(3)"',
      '  click B "https://evil.example/x"',
      '  click C "https://example.com/docs"',
    ].join('\n')
    const result = await createMermaidRenderer().render(hostile, { dark: false, link: refuseEvil })
    if (!('svg' in result)) throw new Error(result.error)
    const box = document.createElement('div')
    box.innerHTML = result.svg
    expect(box.querySelector('script, foreignObject, img, iframe')).toBeNull()
    const attributes = [...box.querySelectorAll('*')].flatMap((element) => [...element.attributes])
    expect(attributes.filter((attribute) => attribute.name.startsWith('on'))).toEqual([])
    // Text may say anything; no attribute or style may point anywhere refused.
    const pointing = attributes.filter((attribute) => /evil\.example|javascript:/i.test(attribute.value)).map((attribute) => `${attribute.name}=${attribute.value}`)
    expect(pointing).toEqual([])
    for (const style of box.querySelectorAll('style')) expect(style.textContent).not.toMatch(/url\(\s*['"]?https?:|@import/i)
    // The allowed link stays a link, opened safely.
    const docs = [...box.querySelectorAll('a')].find((link) => (link.getAttribute('href') ?? link.getAttribute('xlink:href')) === 'https://example.com/docs')
    expect(docs?.getAttribute('rel')).toBe('noopener noreferrer')
  }, 30_000)

  it('puts the links of each drawing through the policy it was drawn with, one drawing after another', async () => {
    const renderer = createMermaidRenderer()
    const source = 'graph TD\n  A[Docs] --> B\n  click A "https://example.com/docs"'
    const links = async (link: (url: string) => string | null) => {
      const result = await renderer.render(source, { dark: false, link })
      if (!('svg' in result)) throw new Error(result.error)
      const box = document.createElement('div')
      box.innerHTML = result.svg
      return [...box.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? a.getAttribute('xlink:href'))
    }
    const refuse = () => null
    const allow = (url: string) => defaultUrlPolicy.link(url)
    expect(await links(refuse)).not.toContain('https://example.com/docs')
    expect(await links(allow)).toContain('https://example.com/docs')
    expect(await links(refuse)).not.toContain('https://example.com/docs')
  }, 30_000)

  it('draws for a dark background when asked', async () => {
    const light = await createMermaidRenderer().render('graph TD\n  A --> B', options)
    const dark = await createMermaidRenderer().render('graph TD\n  A --> B', { ...options, dark: true })
    expect('svg' in light && 'svg' in dark).toBe(true)
    if ('svg' in light && 'svg' in dark) expect(dark.svg.replace(/cp-diagram-\d+/g, '')).not.toBe(light.svg.replace(/cp-diagram-\d+/g, ''))
  }, 30_000)
})
