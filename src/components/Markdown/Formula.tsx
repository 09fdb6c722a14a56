import { memo, useEffect, useState } from 'react'
import { fillLabel } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import type { MathRenderer, MathResult } from '../../math/types.js'
import { useRenderConfig } from '../shared/config.js'
import { FrameMark } from '../../markdown/tasks.js'
import { useFrameCatchUp } from '../shared/useFrameCatchUp.js'
import { regionProps, useScrollRegion } from '../shared/useScrollRegion.js'

/** Loads the math renderer on first use; the typeset result once it is ready, else `null`. */
function useTypeset(math: MathRenderer | null, tex: string, display: boolean) {
  const [, setLoaded] = useState(0)
  const ready = math?.ready() ?? false
  useEffect(() => {
    if (!math || ready) return
    let live = true
    void math.load().then((ok) => {
      if (ok && live) setLoaded((n) => n + 1)
    })
    return () => {
      live = false
    }
  }, [math, ready])
  return math && ready ? math.render(tex, display) : null
}

/**
 * The TeX of a formula being written, typeset at most once a frame: when tokens come faster than
 * frames, the formula shows the TeX it was last typeset with until the next frame (before it is
 * painted) rather than being typeset at every token.
 */
class FrameGate {
  private shown: string | null = null
  private readonly typeset = new FrameMark()
  /** The TeX to show for `tex` (`live`: the formula is being written). */
  pick(tex: string, live: boolean): string {
    if (live && this.shown !== null && this.shown !== tex && this.typeset.current) return this.shown
    if (this.shown !== tex) this.typeset.mark()
    this.shown = tex
    return tex
  }
  /** The next pick shows the TeX it is given. */
  release(): void {
    this.typeset.clear()
  }
}

function useOncePerFrame(tex: string, live: boolean): string {
  const [gate] = useState(() => new FrameGate())
  const shown = gate.pick(tex, live)
  useFrameCatchUp(shown !== tex, () => gate.release())
  return shown
}

/**
 * What a formula being written last read as: while its TeX does not read for a token or two (a
 * `\frac{` half typed), it shows as it last read rather than turning to its source and back.
 */
class LastReading {
  private html: string | null = null
  /** The result to show for `result` (`live`: the formula is being written). */
  pick(result: MathResult | null, live: boolean): MathResult | null {
    if (result && 'html' in result) this.html = result.html
    else if (live && this.html !== null) return { html: this.html }
    return result
  }
}

/** Props of {@link Formula}. */
export interface FormulaProps {
  /** The formula, in TeX. */
  tex: string
  /** A block of its own (display math) rather than inline. */
  display: boolean
  /** The formula may still be being written: shown as its source until it reads, never as an error. */
  streaming?: boolean | undefined
}

/** An inline formula showing at most this many characters is kept whole on its line (about a long word's width). */
const WHOLE_FORMULA_CHARACTERS = 12

/**
 * Whether a typeset formula shows at most `most` characters: the text of its markup, only the part
 * drawn on screen when it is KaTeX's (not the MathML read to screen readers), an entity counted once,
 * a zero-width space not at all. Read until the count is passed.
 */
export function showsAtMost(html: string, most: number): boolean {
  const drawn = html.indexOf('class="katex-html"')
  let count = 0
  let inTag = false
  for (let i = drawn < 0 ? 0 : html.lastIndexOf('<', drawn); i < html.length; i++) {
    const c = html.charCodeAt(i)
    if (inTag) {
      if (c === 0x22 /* " */ || c === 0x27 /* ' */) {
        // A quoted attribute value, which may hold a `>`.
        const close = html.indexOf(html[i] as string, i + 1)
        if (close < 0) break
        i = close
      } else inTag = c !== 0x3e // >
      continue
    }
    // The second half of a surrogate pair is counted with its first; the zero-width space KaTeX
    // puts after a subscript, not at all.
    if (c === 0x3c /* < */) inTag = true
    else if ((c & 0xfc00) === 0xdc00 || c === 0x200b) continue
    else if (++count > most) return false
    else if (c === 0x26 /* & */) i = entityEnd(html, i)
  }
  return true
}

const ENTITY = /&(?:#x?[0-9a-f]+|[a-z]+);/iy

/** Where the character reference at `at` ends (its `;`), or `at` when none starts there. */
function entityEnd(html: string, at: number): number {
  ENTITY.lastIndex = at
  return ENTITY.test(html) ? ENTITY.lastIndex - 1 : at
}

const BIG_OPERATOR = /\\(?:sum|prod|coprod|bigcup|bigcap|bigoplus|bigotimes|bigvee|bigwedge)(?![a-zA-Z])/
const TALL = /\\(?:[dt]?frac|binom|sqrt|over|int|iint|iiint|oint|lim|limsup|liminf|max|min|sup|inf)(?![a-zA-Z])/
const LINE_BREAK = /\\\\/g

/**
 * A guess at a display formula's height, in em, before it is laid out (it is skipped while
 * off-screen, see the stylesheet): KaTeX's margins and a line (3.5em), more for a big operator
 * with limits or a fraction, root or integral, and 1.8em for each line after the first. Measured
 * with KaTeX's stylesheet: `E = mc^2` 3.5em, a fraction 4.2, a sum with limits 5.6, an integral
 * 4.9, two aligned lines 5.3, four 8.9.
 */
export function formulaHeightGuess(tex: string): number {
  const lines = 1 + (tex.match(LINE_BREAK)?.length ?? 0)
  const extra = BIG_OPERATOR.test(tex) ? 2 : TALL.test(tex) ? 1 : 0
  return Math.round((3.5 + 1.8 * (lines - 1) + extra) * 10) / 10
}

/**
 * A formula typeset by the math renderer (KaTeX from `chatparts/math`, say). Until the renderer is
 * loaded, while a formula being written does not read yet, and for TeX the renderer cannot read,
 * its source is shown in the same place and font as code: never an error flash. A formula being
 * written shows as it last read; a finished one that cannot be read says why in its title.
 * A short inline formula (see {@link WHOLE_FORMULA_CHARACTERS}) is one box on its line, as a word
 * is. Memoized: a sentence parsed again re-renders only the formulas whose TeX changed.
 */
export const Formula = memo(function Formula({ tex, display, streaming = false }: FormulaProps) {
  const labels = useLabels()
  const { math } = useRenderConfig()
  const [reading] = useState(() => new LastReading())
  const result = reading.pick(useTypeset(math, useOncePerFrame(tex, streaming), display), streaming)
  const [scrollRef, scrollable] = useScrollRegion<HTMLDivElement>(streaming)
  if (result && 'html' in result) {
    // KaTeX's own markup, made from TeX with `trust` off: no HTML, URL or style of the model's gets through.
    // A display formula wider than the reply scrolls, and is then a focusable group named "Formula".
    return display ? (
      <div
        ref={scrollRef}
        className="cp-math"
        data-display=""
        style={{ containIntrinsicBlockSize: `auto ${formulaHeightGuess(tex)}em` }}
        dangerouslySetInnerHTML={{ __html: result.html }}
        {...regionProps(scrollable, labels.formula)}
      />
    ) : (
      <span
        className="cp-math"
        data-whole={showsAtMost(result.html, WHOLE_FORMULA_CHARACTERS) ? '' : undefined}
        dangerouslySetInnerHTML={{ __html: result.html }}
      />
    )
  }
  const failed = result && 'error' in result && !streaming ? result.error : undefined
  const title = failed ? fillLabel(labels.mathError, { error: failed }) : undefined
  return display ? (
    <pre className="cp-math cp-math--source" data-display="" data-state={failed ? 'error' : 'source'} title={title}>
      <code>{tex}</code>
    </pre>
  ) : (
    <code className="cp-math cp-math--source" data-state={failed ? 'error' : 'source'} title={title}>
      {tex}
    </code>
  )
})
