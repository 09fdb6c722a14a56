// The converters of whole inputs, each with a real input to mutate: shared by the property tests.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { WithParts } from '../../src/core/model/types'
import { fromUIMessages } from '../../src/protocols/aisdk'
import { fromOpenAIMessages } from '../../src/protocols/openai'
import openAIChat from '../fixtures/openai/chat-completions.json'
import openAIResponses from '../fixtures/openai/responses-input.json'
import { replayAiSdk } from './aisdk'
import { fromChatMessages, toTypedMessage } from '../../src/protocols/chat'
import type { Diagnostic } from '../../src/protocols/diagnostics'
import { fromDeltaMessages, fromDeltaStream, toDeltaMessages } from '../../src/protocols/delta'
import { fromMsgFile } from '../../src/protocols/msgfile'
import { fromOpencodeExport } from '../../src/protocols/opencode'
import { fromToolMessage2 } from '../../src/protocols/toolmessage2'
import chatConversation from '../fixtures/chat/conversation.json'
import deltaStream from '../fixtures/delta/stream.json'
import messagesJson from '../fixtures/opencode-t8v6Igr8/messages.json'
import { opencodeSession } from '../fixtures/opencode'
import toolmessage2 from '../fixtures/toolmessage2/conversation.json'
import aiSdkStreams from '../fixtures/aisdk/ui-message-streams.json'

export const msgFileText = readFileSync(join(import.meta.dirname, '../fixtures/msgfile/session.msg.md'), 'utf8')

/** How many inputs each property test tries (`FUZZ_RUNS` raises it for a longer hunt). */
export const RUNS = { numRuns: Number(process.env.FUZZ_RUNS ?? 300) }

export type Result = { messages: WithParts[]; diagnostics: readonly Diagnostic[] }

export { replayAiSdk }

/** The AI SDK's recorded messages (those its tests give whole), after a user's question. */
export const aiSdkMessages: unknown[] = [
  { id: 'user-1', role: 'user', parts: [{ type: 'text', text: 'What is the weather in London?' }] },
  ...aiSdkStreams.flatMap((stream) =>
    'final' in stream && stream.final && 'id' in stream.final ? [stream.final] : [],
  ),
]

/** Every recorded AI SDK chunk, one stream after another. */
export const aiSdkChunks: unknown[] = aiSdkStreams.flatMap((stream) => stream.chunks)

/**
 * Converters of whole inputs, each with a real seed to mutate, and the keys whose text a reader
 * would miss. `scoped`: diagnostic paths start at the input's root (the delta stream's are per delta).
 */
export const snapshots: {
  name: string
  seed: unknown
  run: (input: unknown) => Result
  texts: string[]
  scoped: boolean
}[] = [
  {
    name: 'opencode export',
    seed: messagesJson,
    run: (input) => fromOpencodeExport(input),
    texts: ['text', 'output'],
    scoped: true,
  },
  {
    name: 'toolmessage2',
    seed: toolmessage2,
    run: (input) => fromToolMessage2(input),
    texts: ['text', 'content', 'llmContent'],
    scoped: true,
  },
  { name: 'chat', seed: chatConversation, run: (input) => fromChatMessages(input), texts: ['content'], scoped: true },
  {
    name: 'typed chat',
    seed: chatConversation.map((message) => toTypedMessage(message)),
    run: (input) => fromChatMessages(input),
    texts: ['content'],
    scoped: true,
  },
  {
    name: 'delta messages',
    seed: toDeltaMessages(opencodeSession.messages),
    run: (input) => fromDeltaMessages(input),
    texts: ['text', 'content'],
    scoped: true,
  },
  {
    name: 'delta stream',
    seed: deltaStream,
    run: (input) => fromDeltaStream(Array.isArray(input) ? input : [input]),
    texts: ['textDelta'],
    scoped: false,
  },
  { name: 'msgfile', seed: msgFileText, run: (input) => fromMsgFile(input as string), texts: [], scoped: true },
  {
    name: 'openai',
    seed: [...openAIChat, ...openAIResponses],
    run: (input) => fromOpenAIMessages(input),
    texts: ['text', 'content', 'output'],
    scoped: true,
  },
  {
    name: 'aisdk messages',
    seed: aiSdkMessages,
    run: (input) => fromUIMessages(input),
    texts: ['text', 'errorText'],
    scoped: true,
  },
  {
    name: 'aisdk stream',
    seed: aiSdkChunks,
    run: (input) => replayAiSdk(Array.isArray(input) ? input : [input]),
    texts: ['delta'],
    scoped: false,
  },
]
