// Converts a grammar's Oniguruma patterns to JavaScript ones, off the main thread: the conversion is
// most of what a grammar's first lines cost, and a page's first code block would otherwise pay it in
// one long task while the reply streams. The main thread builds each RegExp from what comes back.
import { type ConvertRequest, type ConvertResponse, convertPattern } from './patternOptions.js'

self.onmessage = (event: MessageEvent<ConvertRequest>) => {
  const { id, patterns } = event.data
  const response: ConvertResponse = { id, converted: patterns.map(convertPattern) }
  self.postMessage(response)
}
