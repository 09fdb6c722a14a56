import { describe, expect, it } from 'vitest'
import { createUrlPolicy, defaultUrlPolicy } from '../../src/components/urlPolicy'

describe('URL policy', () => {
  it('allows web, mail and relative links and refuses script and data links, however disguised', () => {
    const { link } = defaultUrlPolicy
    expect(link('https://example.com/a?b=1')).toBe('https://example.com/a?b=1')
    expect(link('mailto:me@example.com')).toBe('mailto:me@example.com')
    expect(link('#section')).toBe('#section')
    expect(link('/docs/page')).toBe('/docs/page')
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', ' java\tscript:alert(1)', 'java\nscript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd']) {
      expect(link(bad), bad).toBeNull()
    }
  })

  it('loads inline and allowed images, asks before remote ones, and blocks the rest', () => {
    const policy = createUrlPolicy({ imageOrigins: ['https://cdn.example.com'] })
    expect(policy.image('data:image/png;base64,AAAA').action).toBe('load')
    expect(policy.image('https://cdn.example.com/a.png').action).toBe('load')
    expect(policy.image('https://attacker.example/x.png?secret=42')).toEqual({ action: 'click', url: 'https://attacker.example/x.png?secret=42', host: 'attacker.example' })
    expect(policy.image('data:text/html;base64,AAAA').action).toBe('block')
    expect(policy.image('javascript:alert(1)').action).toBe('block')
    expect(createUrlPolicy({ allowAllImages: true }).image('https://any.example/a.png').action).toBe('load')
  })
})
