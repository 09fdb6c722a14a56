// Lines of the kinds a reply writes, for property tests of the block split: each kind decides
// where blocks end in its own way.
import fc from 'fast-check'

/**
 * Lines a reply writes, and the ones that decide where blocks end (indented code among them: after
 * it and a blank line, micromark reads `10. x` as a paragraph, and the split keeps them together).
 */
export const REPLY_LINE = fc.constantFrom(
  '    indented code',
  '10.',
  '-',
  '# Title',
  '## Sub',
  'Text line',
  'more *text*',
  '- item',
  '  - nested',
  '- -',
  '- 2. x',
  '1. first',
  '10. tenth',
  '   # three in',
  '  # two in',
  '> quoted',
  '***',
  '* * *',
  '- - -',
  '---',
  '===',
  '| a | b |',
  '|---|---|',
  '```',
  '```ts',
  '~~~',
  '  ```',
  '   ```ts',
  '    ```',
  '   indented text',
  '',
  'Title',
  '#tag',
  '\tafter a tab',
  '  a\ttab inside',
)

/** HTML lines, with lines a heading or break of which under HTML is the HTML block's text. */
export const HTML_LINE = fc.constantFrom(
  '<div>',
  '<details>',
  '<b>bold</b>',
  '<!-- note -->',
  '<!--',
  '-->',
  '<pre>',
  '</pre>',
  '<!DOCTYPE html>',
  '</div>',
  '# Title',
  '  ## Sub',
  '***',
  '---',
  '===',
  'Text line',
  '',
  '    indented code',
  '```',
  '~~~',
  '> quoted',
  '| a | b |',
  '|---|---|',
  '10. tenth',
  '- item',
)

/** `$$` formula lines, with lines that end or interrupt blocks around them. */
export const MATH_LINE = fc.constantFrom(
  '$$',
  '$$$',
  '$$ meta',
  '$$x$$',
  'x = 1',
  '# Title',
  '***',
  '',
  'Text line',
  '- item',
  '```',
  '    code',
)
