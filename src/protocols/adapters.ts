/**
 * Every protocol of the kit as an {@link Adapter}: what a store's `ingest` runs. An app's own format
 * is an adapter of the same shape (see the README), and needs nothing from the store.
 */
import type { Adapter } from '../core/adapter.js'
import { createAiSdkStream } from './aisdk/stream.js'
import { fromUIMessages } from './aisdk/toCanonical.js'
import { fromChatMessages } from './chat/toCanonical.js'
import { createDeltaStream } from './delta/assembler.js'
import { fromDeltaMessages } from './delta/toCanonical.js'
import { isRecord } from './diagnostics.js'
import { fromMsgFile } from './msgfile/toCanonical.js'
import { fromOpenAIMessages } from './openai/toCanonical.js'
import { createOpencodeStream, fromOpencodeExport } from './opencode/toCanonical.js'
import { createToolMessage2Stream, fromToolMessage2 } from './toolmessage2/toCanonical.js'

/** opencode: a session export (`{ info, messages }`) or a `WithParts[]`; live, one bus event at a time. */
export const opencodeAdapter: Adapter = {
  name: 'opencode',
  snapshot: (input, options) => fromOpencodeExport(input, options),
  // The store holds parts and deltas that come early; the session puts permissions on their calls.
  session: () => createOpencodeStream(),
  kind: (input) => (isRecord(input) && typeof input.type === 'string' && !Array.isArray(input.messages) ? 'event' : 'snapshot'),
}

/** neovate toolmessage2: a conversation (an array), or one message at a time. */
export const toolMessage2Adapter: Adapter = {
  name: 'toolmessage2',
  snapshot: (input, options) => fromToolMessage2(input, options),
  session: (options) => createToolMessage2Stream(options),
  kind: (input) => (Array.isArray(input) ? 'snapshot' : 'event'),
}

/** Seed 004: MessageDeltas one at a time (and `tool` messages that complete their calls); final messages as an array. */
export const deltaAdapter: Adapter = {
  name: 'delta',
  snapshot: (input, options) => fromDeltaMessages(input, options),
  session: (options) => createDeltaStream(options),
  kind: (input) => (Array.isArray(input) ? 'snapshot' : 'event'),
}

/** Seed 002: flat chat messages and the typed hierarchy, as an array. */
export const chatAdapter: Adapter = {
  name: 'chat',
  snapshot: (input, options) => fromChatMessages(input, options),
}

/** Seed 001: the text of a `.msg.md` Message File (or a `.md` file with `kind: 'md'`). */
export const msgFileAdapter: Adapter = {
  name: 'msgfile',
  snapshot: (input, options) => fromMsgFile(input as string, options),
}

/**
 * The Vercel AI SDK: `UIMessage[]` (what `useChat` holds) as an array; the UI message stream one
 * chunk (or one piece of server-sent-event text) at a time.
 */
export const aiSdkAdapter: Adapter = {
  name: 'aisdk',
  snapshot: (input, options) => fromUIMessages(input, options),
  session: (options) => createAiSdkStream(options),
  kind: (input) => (Array.isArray(input) ? 'snapshot' : 'event'),
}

/** OpenAI: Chat Completions `messages` and/or Responses API items, as an array. */
export const openAIAdapter: Adapter = {
  name: 'openai',
  snapshot: (input, options) => fromOpenAIMessages(input, options),
}

/** The kit's adapters by the names `ingest` takes (`opencode-event` is the same adapter as `opencode`). */
export const builtInAdapters: Readonly<Record<string, Adapter>> = Object.freeze({
  opencode: opencodeAdapter,
  'opencode-event': opencodeAdapter,
  toolmessage2: toolMessage2Adapter,
  delta: deltaAdapter,
  chat: chatAdapter,
  msgfile: msgFileAdapter,
  aisdk: aiSdkAdapter,
  openai: openAIAdapter,
})
