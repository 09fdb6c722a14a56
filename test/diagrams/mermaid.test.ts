import { describe, expect, it } from 'vitest'
import { localCss } from '../../src/diagrams/mermaid'
import { forStrings } from '../support/property'

describe("a drawing's styles", () => {
  it('keep references inside the drawing and lose every remote url() and @import', () => {
    expect(localCss('marker-end:url(#arrowhead);fill:url( "#grad" )')).toBe('marker-end:url(#arrowhead);fill:url( "#grad" )')
    expect(localCss('background:url(https://evil.example/x.png);color:red')).toBe('background:none;color:red')
    expect(localCss('a{background:URL("//evil.example/x")} @import "https://evil.example/a.css"; b{}')).toBe('a{background:none}  b{}')
    expect(localCss('fill:url(#a url(http://evil.example/b))')).toBe('fill:url(#a none)')
  })

  it('lose a url() never closed with the rest of the style, as a browser would load it', () => {
    expect(localCss('color:red;background:url(https://evil.example/x.png')).toBe('color:red;background:none')
    expect(localCss('fill:url(#a')).toBe('fill:url(#a')
  })

  it('are what one pattern gives for each url(…) it is tried at, on any text of its characters', () => {
    // A url( with spaces before a `#` is a reference too; one never closed runs to the end.
    const intended = (css: string) => css.replace(/@import[^;]*;?/gi, '').replace(/url\((?!\s*['"]?#)[^)]*(?:\)|$)/gi, 'none')
    forStrings(/^(?:url\(|URL\(|[()#"' x])*$/, (css) => {
      expect(localCss(css)).toBe(intended(css))
    })
  })

  it('of thousands of url( with no ) after them are read in one pass', () => {
    expect(localCss('url(#'.repeat(40_000))).toBe('url(#'.repeat(40_000))
    expect(localCss(`${'url(#'.repeat(40_000)}url(x`)).toBe(`${'url(#'.repeat(40_000)}none`)
    expect(localCss(`fill:red;${'url('.repeat(40_000)}`)).toBe('fill:red;none')
  })
})
