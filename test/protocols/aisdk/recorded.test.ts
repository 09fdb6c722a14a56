// Streams recorded from the real `ai` 5, 6 and 7 packages (test/fixtures/aisdk/record.mjs): the
// response body their server sends, read the ways an app reads it, against the message the SDK
// itself built from the same stream.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { WithParts } from '../../../src/core/model/types'
import { validateTranscript } from '../../../src/core/validator'
import { aiSdkAdapter, fromUIMessages } from '../../../src/protocols/aisdk'
import { createChatStore, selectTranscript } from '../../../src/store'
import ai5 from '../../fixtures/aisdk/recorded-ai5.json'
import ai6 from '../../fixtures/aisdk/recorded-ai6.json'
import ai7 from '../../fixtures/aisdk/recorded-ai7.json'
import { cutAt, untimed } from '../../support/aisdk'

type Recording = {
  ai: string
  streams: { name: string; sse: string; final: { id: string; role: string; parts: unknown[]; metadata?: unknown } }[]
}
const recordings = [ai5, ai6, ai7] as Recording[]

/** A clock far from the recording's metadata: what the stream says must win. */
const options = { sessionID: 'ses_rec', clock: () => 1_800_000_000_000 }

/** What a store holds after reading `pieces` through `ingest`, frame by frame as a browser would. */
function ingestAll(pieces: readonly unknown[]) {
  let frame: (() => void) | undefined
  const store = createChatStore({
    adapters: { aisdk: aiSdkAdapter },
    scheduler: (flush) => ((frame = flush), () => (frame = undefined)),
  })
  let notified = 0
  store.subscribe(() => notified++)
  for (const piece of pieces) store.getState().ingest('aisdk', piece, options)
  frame?.()
  return { messages: selectTranscript(store.getState()), diagnostics: store.getState().diagnostics, notified }
}

for (const recording of recordings) {
  describe(`ai ${recording.ai}: the server's response body`, () => {
    for (const stream of recording.streams) {
      const whole = ingestAll([stream.sse])
      const sdk = fromUIMessages([stream.final], { sessionID: 'ses_rec' }).messages[0] as WithParts

      it(`${stream.name}: read whole, is the SDK's own final message, times and usage included`, () => {
        expect(whole.diagnostics).toEqual([])
        expect(validateTranscript(whole.messages).filter((issue) => issue.severity === 'error')).toEqual([])
        const message = whole.messages.at(-1)
        expect(message?.info).toEqual({
          ...sdk.info,
          finish: stream.sse.includes('"finishReason":"tool-calls"') ? 'tool-calls' : 'stop',
        })
        expect(untimed(message?.parts)).toEqual(untimed(sdk.parts))
        expect(message?.info.time).toEqual({ created: 1764500000000, completed: 1764500007500 })
      })

      it(`${stream.name}: cut anywhere, as text or as bytes, gives the same in one store update`, () => {
        const bytes = new TextEncoder().encode(stream.sse)
        fc.assert(
          fc.property(
            fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 60 }),
            fc.boolean(),
            (fractions, asBytes) => {
              const read = ingestAll(asBytes ? cutAt(bytes, fractions) : cutAt(stream.sse, fractions))
              expect(read.messages).toEqual(whole.messages)
              expect(read.diagnostics).toEqual([])
              expect(read.notified).toBe(1)
            },
          ),
          { numRuns: 60 },
        )
      })
    }
  })
}
