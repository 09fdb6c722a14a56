/**
 * Every protocol of the kit as an {@link Adapter}, by the names `ingest` takes. Importing this map
 * ships every converter; an app that reads one or two protocols imports their adapters from their
 * own entries (`chatparts/aisdk`, `chatparts/opencode`, …) instead.
 */
import type { Adapter } from '../core/adapter.js'
import { aiSdkAdapter } from './aisdk/adapter.js'
import { chatAdapter } from './chat/adapter.js'
import { deltaAdapter } from './delta/adapter.js'
import { msgFileAdapter } from './msgfile/adapter.js'
import { openAIAdapter } from './openai/adapter.js'
import { opencodeAdapter } from './opencode/adapter.js'
import { toolMessage2Adapter } from './toolmessage2/adapter.js'

/** `opencode-event` is the same adapter as `opencode`, kept as a name for event streams. */
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
