import { describe, expect, it } from 'vitest'
import { createUrlPolicy, defaultUrlPolicy } from '../../../src/components/shared/urlPolicy'

describe('URL policy', () => {
  it('allows web, mail and relative links and refuses script and data links, however disguised', () => {
    const { link } = defaultUrlPolicy
    expect(link('https://example.com/a?b=1')).toBe('https://example.com/a?b=1')
    expect(link('mailto:me@example.com')).toBe('mailto:me@example.com')
    expect(link('#section')).toBe('#section')
    expect(link('/docs/page')).toBe('/docs/page')
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
    ]) {
      expect(link(bad), bad).toBeNull()
    }
  })

  it('loads inline and allowed images, asks before remote ones, and blocks the rest', () => {
    const policy = createUrlPolicy({ imageOrigins: ['https://cdn.example.com'] })
    expect(policy.image('data:image/png;base64,AAAA').action).toBe('load')
    expect(policy.image('https://cdn.example.com/a.png').action).toBe('load')
    expect(policy.image('https://attacker.example/x.png?secret=42')).toEqual({
      action: 'click',
      url: 'https://attacker.example/x.png?secret=42',
      host: 'attacker.example',
    })
    expect(policy.image('data:text/html;base64,AAAA').action).toBe('block')
    expect(policy.image('javascript:alert(1)').action).toBe('block')
    expect(createUrlPolicy({ allowAllImages: true }).image('https://any.example/a.png').action).toBe('load')
  })
})

describe('URL policy decides on the URL the browser loads', () => {
  const pages = [
    'http://app.example/chat/',
    'https://app.example/chat/',
    'file:///home/me/transcript.html',
    'app://chat/index.html',
    'chrome-extension://abcdef/panel.html',
  ]
  // Texts that a parser resolving against a made-up base took for relative, though they load from elsewhere.
  const remote = [
    'https:evil.example/steal?d=SECRET',
    'http:evil.example/steal?d=SECRET',
    '//evil.example/steal?d=SECRET',
    'https://relative.invalid/steal?d=SECRET',
    '//relative.invalid/steal',
    'https://relative.invalid:443/steal',
    'HTTPS://RELATIVE.INVALID/steal',
    '\\\\evil.example\\share\\x.png',
    ' https://evil.example/x.png',
  ]

  it.each(pages)('on a page at %s, no image from another origin loads without a click', (baseUrl) => {
    const policy = createUrlPolicy({ baseUrl })
    const page = new URL(baseUrl)
    for (const text of remote) {
      const decision = policy.image(text)
      // What loads is what the browser would fetch, and only from the page's own web origin.
      if (decision.action === 'load')
        expect([new URL(decision.url).origin, page.protocol], `${text} on ${baseUrl}`).toEqual([
          page.origin,
          expect.stringMatching(/^https?:$/),
        ])
      if (decision.action === 'click') expect(decision.url, text).toBe(new URL(text.trim(), baseUrl).href)
    }
    // Pages that are not on the web (file:, app:, extensions) load none of them.
    if (!/^https?:$/.test(page.protocol))
      expect(remote.filter((text) => policy.image(text).action === 'load')).toEqual([])
  })

  it('loads same-origin images on web pages only, and never on file: or custom-scheme pages', () => {
    expect(createUrlPolicy({ baseUrl: 'https://app.example/chat/' }).image('/img/a.png')).toEqual({
      action: 'load',
      url: 'https://app.example/img/a.png',
    })
    expect(createUrlPolicy({ baseUrl: 'https://app.example/chat/' }).image('a.png').url).toBe(
      'https://app.example/chat/a.png',
    )
    expect(createUrlPolicy({ baseUrl: 'https://app.example/', sameOriginImages: false }).image('/a.png').action).toBe(
      'click',
    )
    expect(createUrlPolicy({ baseUrl: 'file:///home/me/t.html' }).image('a.png').action).toBe('block')
    expect(createUrlPolicy({ baseUrl: 'app://chat/index.html' }).image('a.png').action).toBe('block')
    // On an http page, `http:evil.example` is a path of the page's own origin, and `https:evil.example` a remote host.
    expect(createUrlPolicy({ baseUrl: 'http://app.example/' }).image('http:evil.example/x').url).toBe(
      'http://app.example/evil.example/x',
    )
    expect(createUrlPolicy({ baseUrl: 'http://app.example/' }).image('https:evil.example/x')).toMatchObject({
      action: 'click',
      host: 'evil.example',
    })
  })

  it('an allowed origin matches after resolution, whatever the spelling', () => {
    const policy = createUrlPolicy({ baseUrl: 'https://app.example/', imageOrigins: ['https://cdn.example.com'] })
    expect(policy.image('HTTPS://CDN.EXAMPLE.COM:443/a.png')).toEqual({
      action: 'load',
      url: 'https://cdn.example.com/a.png',
    })
    expect(policy.image('https://cdn.example.com.evil.example/a.png').action).toBe('click')
  })

  it('loads blob: images of the page itself only', () => {
    const policy = createUrlPolicy({ baseUrl: 'https://app.example/' })
    expect(policy.image('blob:https://app.example/9f1c').action).toBe('load')
    expect(policy.image('blob:https://evil.example/9f1c').action).toBe('block')
  })

  it('links resolve too: a relative link is kept as written, and a scheme the page turns it into must be a web one', () => {
    expect(createUrlPolicy({ baseUrl: 'https://app.example/' }).link('/docs')).toBe('/docs')
    expect(createUrlPolicy({ baseUrl: 'http://app.example/' }).link('https:evil.example')).toBe('https://evil.example/')
    expect(createUrlPolicy({ baseUrl: 'https://app.example/' }).link('https:evil.example')).toBe(
      'https://app.example/evil.example',
    )
    expect(createUrlPolicy({ baseUrl: 'file:///home/me/t.html' }).link('notes.txt')).toBeNull()
    expect(createUrlPolicy({ baseUrl: 'file:///home/me/t.html' }).link('#usage')).toBe('#usage')
  })

  it('files: inline content only of inert types, never script-capable, with a safe name', () => {
    const policy = createUrlPolicy({ baseUrl: 'https://app.example/' })
    expect(policy.file('data:application/pdf;base64,JVBERi0=', 'invoice.html')).toEqual({
      url: 'data:application/pdf;base64,JVBERi0=',
      download: 'invoice.html.pdf',
    })
    expect(policy.file('DATA:Image/PNG;base64,AAAA', 'x')).toEqual({
      url: 'data:Image/PNG;base64,AAAA',
      download: 'x.png',
    })
    // Dots and spaces at either end go (a name of only those is `file`), however many.
    expect(policy.file('data:image/png;base64,AAAA', ' ..chart. png .. ')).toEqual({
      url: 'data:image/png;base64,AAAA',
      download: 'chart. png.png',
    })
    expect(policy.file('data:image/png;base64,AAAA', ` . ${' .'.repeat(40_000)}`)).toEqual({
      url: 'data:image/png;base64,AAAA',
      download: 'file.png',
    })
    expect(policy.file('data:image/png;base64,AAAA', `a${' '.repeat(40_000)}b.png`)?.download).toBe(
      `a${' '.repeat(40_000)}b.png`,
    )
    for (const bad of [
      'data:text/html,<b>',
      'data:application/xhtml+xml,<x/>',
      'data:image/svg+xml,<svg/>',
      'data:text/xml,<x/>',
      'data:application/javascript,1',
      'javascript:alert(1)',
      'mailto:me@example.com',
    ]) {
      expect(policy.file(bad, 'f'), bad).toBeNull()
    }
    expect(policy.file('blob:https://app.example/1', 'report.pdf', 'application/pdf')).toEqual({
      url: 'blob:https://app.example/1',
      download: 'report.pdf',
    })
    expect(policy.file('blob:https://app.example/1', 'page.html', 'text/html')).toBeNull()
    expect(policy.file('https://example.com/a.zip', 'a.zip')).toEqual({ url: 'https://example.com/a.zip' })
  })

  it('without a document or base (a server), relative URLs are judged as references, never loaded', () => {
    const policy = createUrlPolicy({ baseUrl: undefined })
    const saved = globalThis.document
    // @ts-expect-error: as on a server, where there is no document
    delete globalThis.document
    try {
      expect(policy.link('/docs')).toBe('/docs')
      expect(policy.image('/a.png')).toEqual({ action: 'click', url: '/a.png' })
      expect(policy.image('https://evil.example/a.png').action).toBe('click')
    } finally {
      globalThis.document = saved
    }
  })
})
