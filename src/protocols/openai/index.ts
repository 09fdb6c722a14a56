export { openAIAdapter } from './adapter.js'
export { fromOpenAIMessages, type OpenAIOptions } from './toCanonical.js'
export type * from './types.js'
