import type { Adapter } from '../../core/adapter.js'
import { fromOpenAIMessages } from './toCanonical.js'

/** OpenAI: Chat Completions `messages` and/or Responses API items, as an array. */
export const openAIAdapter: Adapter = {
  name: 'openai',
  snapshot: (input, options) => fromOpenAIMessages(input, options),
}
