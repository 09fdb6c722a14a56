import { describe, expect, it } from 'vitest'
import { createMermaidRenderer } from '../../src/diagrams/mermaid'
import { defaultUrlPolicy } from '../../src/components/shared/urlPolicy'

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
  })

  it('draws in a frame of its own: no style element is added to the page, nothing of the drawing is left in it, labels in any script intact', async () => {
    const added: string[] = []
    const watcher = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element)
            added.push(
              node.tagName.toLowerCase(),
              ...[...node.querySelectorAll('*')].map((inner) => inner.tagName.toLowerCase()),
            )
    })
    watcher.observe(document, { childList: true, subtree: true })
    const before = document.body.textContent
    const styles = document.querySelectorAll('style').length
    const result = await createMermaidRenderer().render(
      'sequenceDiagram\n  participant C as 客户端 😀\n  C->>S: GET /sync?since=cursor\n  Note over C,S: à bientôt',
      options,
    )
    watcher.disconnect()
    if (!('svg' in result)) throw new Error(result.error)
    // A style element added to the page has the browser look over all of it: the drawing's is made in the frame.
    expect(added).not.toContain('style')
    expect(added).toContain('iframe')
    // The frame is gone once the drawing is out of it (its box, hidden and empty, is kept for the next).
    expect(document.querySelector('iframe, svg')).toBeNull()
    expect(document.querySelectorAll('style').length).toBe(styles)
    expect(document.body.textContent).toBe(before)
    const box = document.createElement('div')
    box.innerHTML = result.svg
    expect(box.querySelector('svg')?.getAttribute('aria-roledescription')).toBe('sequence')
    expect(box.textContent).toContain('客户端 😀')
    expect(box.textContent).toContain('à bientôt')
    expect(box.textContent).toContain('GET /sync?since=cursor')
    // Its style came out of the frame with it.
    expect(box.querySelector('style')?.textContent).toContain('.actor')
  })

  it('draws what mermaid cannot draw in a frame in the page, as before (a git graph)', async () => {
    const result = await createMermaidRenderer().render(
      'gitGraph\n  commit\n  branch dev\n  commit\n  checkout main\n  merge dev',
      options,
    )
    if (!('svg' in result)) throw new Error(result.error)
    const box = document.createElement('div')
    box.innerHTML = result.svg
    expect(box.querySelector('svg')?.getAttribute('aria-roledescription')).toBe('gitGraph')
    expect(box.querySelectorAll('.commit').length).toBeGreaterThanOrEqual(3)
    expect(document.querySelector('iframe')).toBeNull()
  })

  it('draws a diagram the same in a frame as in the page', async () => {
    const source =
      'graph LR\n  A[Parse the reply] --> B{Valid?}\n  B -->|yes| C[Render 渲染]\n  B -->|no| D[Show the error]'
    const framed = await createMermaidRenderer().render(source, options)
    // The page's own drawing, as the renderer drew before: mermaid with the same settings, strict.
    const mermaid = (await import('mermaid')).default
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: 'default',
      htmlLabels: false,
      flowchart: { htmlLabels: false },
    })
    const { svg: inPage } = await mermaid.render('cp-compare', source)
    if (!('svg' in framed)) throw new Error(framed.error)
    const shapes = (svg: string) => {
      const box = document.createElement('div')
      box.innerHTML = svg
      return [...box.querySelectorAll('rect, path, polygon, text')].map(
        (shape) =>
          ['width', 'height', 'd', 'points', 'transform', 'x', 'y']
            .map((name) => shape.getAttribute(name)?.trim() ?? '')
            .join(' ') + (shape.textContent ?? ''),
      )
    }
    expect(shapes(framed.svg)).toEqual(shapes(inPage))
  })

  it('says why it cannot draw a diagram that does not parse', async () => {
    const result = await createMermaidRenderer().render('graph TD\n  A -->', options)
    expect('error' in result && result.error.length > 0).toBe(true)
  })

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
    const pointing = attributes
      .filter((attribute) => /evil\.example|javascript:/i.test(attribute.value))
      .map((attribute) => `${attribute.name}=${attribute.value}`)
    expect(pointing).toEqual([])
    for (const style of box.querySelectorAll('style'))
      expect(style.textContent).not.toMatch(/url\(\s*['"]?https?:|@import/i)
    // The allowed link stays a link, opened safely.
    const docs = [...box.querySelectorAll('a')].find(
      (link) => (link.getAttribute('href') ?? link.getAttribute('xlink:href')) === 'https://example.com/docs',
    )
    expect(docs?.getAttribute('rel')).toBe('noopener noreferrer')
  })

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
  })

  it('draws for a dark background when asked', async () => {
    const light = await createMermaidRenderer().render('graph TD\n  A --> B', options)
    const dark = await createMermaidRenderer().render('graph TD\n  A --> B', { ...options, dark: true })
    expect('svg' in light && 'svg' in dark).toBe(true)
    if ('svg' in light && 'svg' in dark)
      expect(dark.svg.replace(/cp-diagram-\d+/g, '')).not.toBe(light.svg.replace(/cp-diagram-\d+/g, ''))
  })
})
