import { type RefObject, useLayoutEffect } from 'react'

/**
 * Code tokens take their colours from a class per pair of colours, with one rule each in a
 * stylesheet the kit adds to the page, rather than from an inline style: an inline style makes the
 * browser keep a style declaration of its own for every token, and a reply holds hundreds of them
 * (its themes use a handful of colours).
 *
 * The class is named after the colours, so a server and the browser name it alike. Only hex
 * colours get a class (they are all a rule needs checked for); a token in another colour keeps an
 * inline style.
 */

const HEX = /^#([0-9a-f]{3,8})$/i

/** Rule of each class named so far, in the order named. */
const rules = new Map<string, string>()

/**
 * Pairs of colours given a class at most: a theme has a few dozen, and a highlighter that colours
 * each token its own way is styled inline past this rather than growing the sheet without end.
 */
const MAX_CLASSES = 1_024

/**
 * The class each pair of colours, as the highlighter writes them, was given: a token is rendered
 * with it at every render of its line or group, so it is looked up rather than worked out again.
 */
const named = new Map<string | undefined, Map<string | undefined, string>>()

/** The class of a token coloured `light` and `dark` (either may be absent), or `null`: style it inline. */
export function tokenColorClass(light: string | undefined, dark: string | undefined): string | null {
  const known = named.get(light)?.get(dark)
  if (known !== undefined) return known
  const l = light === undefined ? 'n' : HEX.exec(light)?.[1]
  const d = dark === undefined ? 'n' : HEX.exec(dark)?.[1]
  if (l === undefined || d === undefined) return null
  const name = `cp-c-${l.toLowerCase()}-${d.toLowerCase()}`
  if (!rules.has(name)) {
    if (rules.size >= MAX_CLASSES) return null
    const set = (light ? `--cp-tl:${light};` : '') + (dark ? `--cp-td:${dark};` : '')
    rules.set(name, `.${name}{${set}}`)
  }
  let byDark = named.get(light)
  if (!byDark) named.set(light, (byDark = new Map<string | undefined, string>()))
  byDark.set(dark, name)
  return name
}

/** The classes of token colours in `markup`. */
const CLASS = /\bcp-c-[0-9a-fn]+-[0-9a-fn]+\b/gi

/**
 * The rules named so far, as CSS text, or those of the colour classes `markup` uses: for a document
 * rendered without a page (an export), which needs none of the others a long-running process named.
 */
export function tokenColorCss(markup?: string): string {
  const used = markup === undefined ? null : new Set(markup.match(CLASS))
  return [...rules].flatMap(([name, rule]) => (used === null || used.has(name) ? [rule] : [])).join('\n')
}

interface Sheet {
  insertRule(rule: string, index?: number): number
  readonly cssRules: { readonly length: number }
}

/** Per document or shadow root, its sheet (`null`: none could be added) and how many of the rules are in it. */
const added = new WeakMap<Node, { sheet: Sheet | null; count: number }>()

function sheetFor(root: Document | ShadowRoot): Sheet | null {
  const doc = root.nodeType === 9 ? (root as Document) : root.ownerDocument
  const view = doc?.defaultView
  // A constructed sheet is CSSOM, which a page's content security policy lets scripts write (a
  // `<style>` element's text it may refuse).
  if (view && 'adoptedStyleSheets' in root && typeof view.CSSStyleSheet?.prototype.replaceSync === 'function') {
    const sheet = new view.CSSStyleSheet()
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return sheet
  }
  if (!doc) return null
  const style = doc.createElement('style')
  style.setAttribute('data-chatparts', 'token-colors')
  ;(root.nodeType === 9 ? doc.head : root)?.append(style)
  if (style.sheet) return style.sheet
  style.remove()
  return null
}

/** Adds the rules named since the last call to the sheet of the document or shadow root of `element`. */
export function addTokenColors(element: Element): void {
  const root = element.getRootNode()
  if (root.nodeType !== 9 && root.nodeType !== 11) return
  let entry = added.get(root)
  if (entry?.count === rules.size) return
  // Asked once: a page that takes no sheet (an old browser under a strict content security
  // policy) shows code in its plain colour rather than gaining an element at every try.
  if (!entry) added.set(root, (entry = { sheet: sheetFor(root as Document | ShadowRoot), count: 0 }))
  const sheet = entry.sheet
  let i = 0
  if (sheet)
    for (const rule of rules.values()) {
      if (i++ < entry.count) continue
      try {
        sheet.insertRule(rule, sheet.cssRules.length)
      } catch {
        // a rule the browser refuses leaves its tokens in the plain colour
      }
    }
  entry.count = rules.size
}

/**
 * Keeps the rules of the classes the element's tokens were given in its page, before it is painted:
 * at each commit, for a new colour may come with any (a check of a count when none did).
 */
export function useTokenColors(element: RefObject<Element | null>): void {
  useLayoutEffect(() => {
    if (element.current) addTokenColors(element.current)
  })
}
