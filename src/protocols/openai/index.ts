export { fromOpenAIMessages, type OpenAIOptions } from './toCanonical.js'
export type * from './types.js'
