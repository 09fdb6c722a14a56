// Converts a grammar's Oniguruma patterns to JavaScript ones, off the main thread: the conversion is
// most of what a grammar's first lines cost, and a page's first code block would otherwise pay it in
// one long task while the reply streams. The main thread builds each RegExp from what comes back.
import { toRegExpDetails } from 'oniguruma-to-es'
import { CONVERSION, type ConvertRequest, type ConvertResponse, type Converted } from './patternOptions.js'

self.onmessage = (event: MessageEvent<ConvertRequest>) => {
  const { id, patterns } = event.data
  const converted = patterns.map((pattern): Converted | null => {
    try {
      const details = toRegExpDetails(pattern, CONVERSION)
      return [details.pattern, details.flags, details.options ?? null]
    } catch {
      // Left to the main thread, whose engine reports (or skips) the pattern as it always does.
      return null
    }
  })
  const response: ConvertResponse = { id, converted }
  self.postMessage(response)
}
