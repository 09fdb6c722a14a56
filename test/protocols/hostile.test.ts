// Every converter and every ingest is total in default mode: over arbitrary JSON, over real inputs
// with fields replaced by hostile values, and over inputs nested far deeper than any real one.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { WithParts } from '../../src/core/model/types'
import { safeJson } from '../../src/protocols/diagnostics'
import { toDeltaMessages } from '../../src/protocols/delta'
import { toMsgFile } from '../../src/protocols/msgfile'
import { fromOpencodeEvent } from '../../src/protocols/opencode'
import { builtInAdapters } from '../../src/protocols/adapters'
import { createChatStore } from '../../src/store/chatStore'
import { selectTranscript } from '../../src/store/chatStore'
import chatConversation from '../fixtures/chat/conversation.json'
import deltaStream from '../fixtures/delta/stream.json'
import messagesJson from '../fixtures/opencode-t8v6Igr8/messages.json'
import { opencodeSession } from '../fixtures/opencode'
import { byWords, toEvents } from '../fixtures/opencodeEvents'
import toolmessage2 from '../fixtures/toolmessage2/conversation.json'
import { msgFileText, RUNS, type Result, snapshots } from '../support/converters'
import { deeplyNested, hostileValue, mutated, mutatedText, startsWith, textsIn } from '../support/hostile'

const events = toEvents(structuredClone(opencodeSession.messages), byWords).slice(0, 40)

/**
 * Every text the input carried is in the output, or a diagnostic names where it was: an error, or
 * the warning that a field the format does not define is not shown.
 */
function nothingLostSilently(input: unknown, result: Result, keys: string[], scoped: boolean): void {
  const output = safeJson(result.messages)
  const errors = result.diagnostics.filter(
    (diagnostic) => diagnostic.severity === 'error' || diagnostic.code === 'UNREAD_FIELD',
  )
  for (const { text, path } of textsIn(input, new Set(keys))) {
    if (output.includes(JSON.stringify(text).slice(1, -1))) continue
    // The delta stream's paths are per delta; there, a delta of an unknown kind is ignored by contract, with a warning.
    const reported = scoped
      ? errors.some((diagnostic) => startsWith(path, diagnostic.path))
      : result.diagnostics.length > 0
    expect(reported, `${JSON.stringify(text)} at ${JSON.stringify(path)} is neither in the output nor reported`).toBe(
      true,
    )
  }
}

/** Runs a converter's output back out, as the round trips do, and through the store. */
function afterwards(messages: WithParts[]): void {
  toMsgFile(messages)
  toDeltaMessages(messages)
  createChatStore({ adapters: builtInAdapters, coalesce: false }).getState().reset(messages)
}

describe('converters are total in default mode', () => {
  for (const { name, seed, run, texts, scoped } of snapshots) {
    it(`${name}: arbitrary JSON never throws`, () => {
      fc.assert(
        fc.property(hostileValue(), (input) => {
          const result = run(input)
          afterwards(result.messages)
          nothingLostSilently(input, result, texts, scoped)
        }),
        RUNS,
      )
    })
    it(`${name}: a real input with hostile fields never throws and loses nothing silently`, () => {
      fc.assert(
        fc.property(typeof seed === 'string' ? mutatedText(seed) : mutated(seed), (input) => {
          const result = run(input)
          afterwards(result.messages)
          nothingLostSilently(input, result, texts, scoped)
        }),
        RUNS,
      )
    })
    it(`${name}: a field added to any object of a real input is in the output, or a diagnostic names it`, () => {
      if (typeof seed === 'string') return
      const before = new Set(run(seed).diagnostics.map((diagnostic) => JSON.stringify(diagnostic)))
      // (A diagnostic the unchanged input gives anyway does not count.)
      const objects: (string | number)[][] = []
      const walk = (value: unknown, path: (string | number)[]) => {
        if (value === null || typeof value !== 'object') return
        if (!Array.isArray(value)) objects.push(path)
        for (const [key, item] of Object.entries(value)) walk(item, [...path, Array.isArray(value) ? Number(key) : key])
      }
      walk(seed, [])
      expect(objects.length).toBeGreaterThan(5)
      // Each text-bearing key of the format, and a key no format has, with a text found nowhere else.
      for (const path of objects) {
        for (const key of [...texts, 'addedField']) {
          const input = structuredClone(seed) as Record<string | number, unknown>
          const target = path.reduce<Record<string | number, unknown>>(
            (node, step) => node[step] as Record<string | number, unknown>,
            input,
          )
          if (key in target) continue
          target[key] = 'a text the wire added here'
          // A stream is read up to the event changed: a later event may rightly replace what it carried.
          const result = run(scoped ? input : (input as unknown as unknown[]).slice(0, (path[0] as number) + 1))
          if (safeJson(result.messages).includes('a text the wire added here')) continue
          // The delta and AI SDK streams name paths within the event: the event's index is left off.
          const at = scoped ? [...path, key] : [...path.slice(1), key]
          const named = result.diagnostics.some(
            (diagnostic) =>
              (diagnostic.severity === 'error' || diagnostic.code === 'UNREAD_FIELD') &&
              !before.has(JSON.stringify(diagnostic)) &&
              startsWith(at, diagnostic.path),
          )
          expect(
            named,
            `${key} added at ${JSON.stringify(path)} is neither in the output nor named by a diagnostic`,
          ).toBe(true)
        }
      }
    })
    it(`${name}: a list with a hole in it (an array made in memory, not JSON) never throws`, () => {
      // Each list of the real input in turn, with a hole before its first item and after its last.
      const lists: (string | number)[][] = []
      const walk = (value: unknown, path: (string | number)[], depth: number) => {
        if (depth > 8 || value === null || typeof value !== 'object') return
        if (Array.isArray(value)) lists.push(path)
        for (const [key, item] of Object.entries(value))
          walk(item, [...path, Array.isArray(value) ? Number(key) : key], depth + 1)
      }
      if (typeof seed === 'string') return
      walk(seed, [], 0)
      expect(lists.length).toBeGreaterThan(0)
      for (const path of lists) {
        for (const where of ['first', 'last'] as const) {
          const input = structuredClone(seed) as Record<string | number, unknown>
          const parent = path
            .slice(0, -1)
            .reduce<Record<string | number, unknown>>(
              (node, key) => node[key] as Record<string | number, unknown>,
              input,
            )
          const list = (path.length === 0 ? input : parent[path.at(-1) as string | number]) as unknown[]
          // eslint-disable-next-line no-sparse-arrays -- the hole is what is tested
          const holed = where === 'first' ? [, ...list] : [...list, , 'after']
          const result = run(
            path.length === 0 ? holed : (((parent[path.at(-1) as string | number] = holed), input) as unknown),
          )
          expect(() => afterwards(result.messages), JSON.stringify(path)).not.toThrow()
        }
      }
    })
    it(`${name}: input nested 20,000 deep is a diagnostic, not a stack overflow`, () => {
      const input = typeof seed === 'string' ? `${'> '.repeat(20_000)}x` : [deeplyNested(20_000)]
      expect(() => afterwards(run(input).messages)).not.toThrow()
    })
  }

  it('opencode events: arbitrary and mutated events never throw', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            hostileValue(),
            fc.constantFrom(...events).chain((event) => mutated(event)),
          ),
          { maxLength: 6 },
        ),
        (list) => {
          for (const event of list) fromOpencodeEvent(event)
        },
      ),
      RUNS,
    )
  })
})

describe('ingest is total in default mode', () => {
  const seeds: Record<string, unknown> = {
    opencode: messagesJson,
    'opencode-event': events[5],
    toolmessage2,
    delta: deltaStream[3],
    chat: chatConversation,
    msgfile: msgFileText,
  }
  for (const protocol of Object.keys(seeds) as string[]) {
    it(`${protocol}: hostile inputs change nothing but the diagnostics, or add what they carry`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.oneof(hostileValue(), mutated(seeds[protocol])), { minLength: 1, maxLength: 4 }),
          (inputs) => {
            const store = createChatStore({ adapters: builtInAdapters, coalesce: false })
            for (const input of inputs) store.getState().ingest(protocol, input)
            afterwards(selectTranscript(store.getState()))
          },
        ),
        RUNS,
      )
    })
  }
})
