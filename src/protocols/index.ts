/**
 * `chatparts/protocols`: every adapter of the kit at once, by the names `ingest` takes. Each
 * protocol has its own entry with its converters and its adapter (`chatparts/aisdk`,
 * `chatparts/opencode`, `chatparts/openai`, `chatparts/toolmessage2`, `chatparts/delta`,
 * `chatparts/chat`, `chatparts/msgfile`), so an app ships only the ones it imports; what they
 * share (`InvalidDataError`, `Diagnostic`, `ConvertOptions`) is in `chatparts/core`. No React, no DOM.
 */
export { builtInAdapters } from './adapters.js'
