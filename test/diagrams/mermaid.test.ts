import { describe, expect, it } from 'vitest'
import { fromFrame, localCss } from '../../src/diagrams/mermaid'
import { forStrings } from '../support/property'

describe("a drawing's styles", () => {
  it('keep references inside the drawing and lose every remote url() and @import', () => {
    expect(localCss('marker-end:url(#arrowhead);fill:url( "#grad" )')).toBe(
      'marker-end:url(#arrowhead);fill:url( "#grad" )',
    )
    expect(localCss('background:url(https://evil.example/x.png);color:red')).toBe('background:none;color:red')
    expect(localCss('a{background:URL("//evil.example/x")} @import "https://evil.example/a.css"; b{}')).toBe(
      'a{background:none}  b{}',
    )
    expect(localCss('fill:url(#a url(http://evil.example/b))')).toBe('fill:url(#a none)')
  })

  it('lose a url() never closed with the rest of the style, as a browser would load it', () => {
    expect(localCss('color:red;background:url(https://evil.example/x.png')).toBe('color:red;background:none')
    expect(localCss('fill:url(#a')).toBe('fill:url(#a')
  })

  it('are what one pattern gives for each url(…) it is tried at, on any text of its characters', () => {
    // A url( with spaces before a `#` is a reference too; one never closed runs to the end.
    const intended = (css: string) =>
      css.replace(/@import[^;]*;?/gi, '').replace(/url\((?!\s*['"]?#)[^)]*(?:\)|$)/gi, 'none')
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

describe('a drawing made in a frame', () => {
  // The frame mermaid returns for securityLevel 'sandbox': the drawing in a body, UTF-8, base64, as a data URL.
  const frame = (html: string) => {
    const base64 = btoa(Array.from(new TextEncoder().encode(html), (byte) => String.fromCharCode(byte)).join(''))
    return `<iframe style="width:100%;height:200px;border:0;margin:0;" src="data:text/html;charset=UTF-8;base64,${base64}" sandbox="allow-top-navigation-by-user-activation allow-popups">\n  The "iframe" tag is not supported by your browser.\n</iframe>`
  }

  it('is taken out of it whole, text in any script intact', () => {
    const svg =
      '<svg id="d1" xmlns="http://www.w3.org/2000/svg"><style>#d1 .actor{fill:#eee}</style><text>客户端 😀 à bientôt</text><svg><g/></svg></svg>'
    expect(fromFrame(frame(`<body style="margin:0">${svg}</body>`))).toBe(svg)
  })

  it('is null for markup that is not such a frame, or holds no drawing', () => {
    expect(fromFrame('<svg id="d1"></svg>')).toBeNull()
    expect(fromFrame(frame('<body style="margin:0"><p>no drawing</p></body>'))).toBeNull()
    expect(fromFrame('<iframe src="data:text/html;charset=UTF-8;base64,@@@"></iframe>')).toBeNull()
    expect(fromFrame('<iframe src="data:text/html;charset=UTF-8;base64,a"></iframe>')).toBeNull()
  })
})
