/**
 * `chatparts/math`: formulas typeset by KaTeX. KaTeX is an optional peer: install it beside
 * chatparts (`npm install katex`), import its stylesheet, and give the kit a renderer:
 *
 *     import 'katex/dist/katex.min.css'
 *     import { defaultMathRenderer } from 'chatparts/math'
 *     <Transcript store={store} math={defaultMathRenderer()} />
 *
 * Without one, formulas stay as the text they were written in, and KaTeX is never part of the app.
 */
export { createKatexRenderer, defaultMathRenderer } from './katex.js'
