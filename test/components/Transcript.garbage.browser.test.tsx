// Writes from an app are untrusted too: garbage written straight into the store (upsertPart,
// patchPart, upsertMessage), whatever it is, never takes the list down, virtualized or not.
import { act, render, screen } from '@testing-library/react'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Transcript } from '../../src/components/Transcript/Transcript'
import type { MessageInfo, Part, WithParts } from '../../src/core/model/types'
import { createChatStore } from '../../src/store/chatStore'
import '../../src/styles/chatparts.css'
import { repeatSession } from '../fixtures/generate'

/** Values that break what a field should hold. */
const junk = fc.oneof(
  fc.constantFrom(null, undefined, 0, -1, Number.NaN, '', 'x', true, [], {}, ['a'], { a: 1 }, '__proto__'),
  fc.anything({ maxDepth: 2 }),
)
const FIELDS = [
  'text',
  'time',
  'state',
  'tool',
  'callID',
  'tokens',
  'cost',
  'mime',
  'url',
  'filename',
  'files',
  'metadata',
  'synthetic',
  'approval',
  'display',
  'type',
]
const INFO_FIELDS = ['role', 'time', 'tokens', 'cost', 'error', 'modelID', 'agent', 'finish', 'summary', 'parentID']

const session = (): WithParts[] => repeatSession(60)
/** A change: which part or message of the session (by index), which field, and what it becomes. */
type Change = {
  target: number
  field: number
  value: unknown
  how: 'upsertPart' | 'patchPart' | 'newPart' | 'upsertMessage'
}
const change: fc.Arbitrary<Change> = fc.record({
  target: fc.nat(),
  field: fc.nat(),
  value: junk,
  how: fc.constantFrom('upsertPart', 'patchPart', 'newPart', 'upsertMessage'),
})

function write(
  store: ReturnType<typeof createChatStore>,
  messages: WithParts[],
  { target, field, value, how }: Change,
) {
  const parts = messages.flatMap((message) => message.parts)
  const part = parts[target % parts.length] as Part
  const name = FIELDS[field % FIELDS.length] as string
  const state = store.getState()
  if (how === 'upsertPart') state.upsertPart({ ...part, [name]: value } as Part)
  else if (how === 'newPart') state.upsertPart({ ...part, id: `prt_junk_${target}`, [name]: value } as Part)
  else if (how === 'patchPart')
    state.apply([
      {
        op: 'patchPart',
        messageID: part.messageID,
        partID: part.id,
        patch: name === 'type' ? { text: value } : { [name]: value },
      },
    ])
  else {
    const info = messages[target % messages.length]?.info as MessageInfo
    state.upsertMessage({ ...info, [INFO_FIELDS[field % INFO_FIELDS.length] as string]: value } as MessageInfo)
  }
}

describe('Transcript with garbage written into its store', () => {
  for (const virtualize of [true, false]) {
    it(`keeps every message on the list (virtualize: ${virtualize})`, async () => {
      const errors: string[] = []
      const onError = (event: ErrorEvent) => errors.push(event.message)
      addEventListener('error', onError)
      try {
        await fc.assert(
          fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 6 }), async (changes) => {
            const messages = session()
            const store = createChatStore({ initial: messages, coalesce: false })
            const view = render(
              <div style={{ height: 600, display: 'flex' }}>
                <Transcript
                  store={store}
                  highlighter={null}
                  timeZone="UTC"
                  style={{ flex: 1 }}
                  virtualize={virtualize}
                />
              </div>,
            )
            try {
              await act(async () => {
                for (const each of changes) write(store, messages, each)
              })
              await act(() => new Promise((resolve) => requestAnimationFrame(resolve)))
              // The list is still there, with rows, and scrolls to its end.
              const log = screen.getByRole('log')
              expect(log.querySelectorAll('.cp-transcript__row').length).toBeGreaterThan(0)
              await act(async () => log.scrollTo({ top: log.scrollHeight }))
              await act(() => new Promise((resolve) => requestAnimationFrame(resolve)))
              expect(screen.getAllByRole('article').length).toBeGreaterThan(0)
              // Each refused write was said, not dropped silently.
              for (const diagnostic of store.getState().diagnostics) expect(diagnostic.code).toBe('BAD_WRITE')
            } finally {
              view.unmount()
            }
          }),
          // A fixed seed: the browser has no process environment to take one from.
          { numRuns: 25, seed: 20261129 },
        )
        expect(errors).toEqual([])
      } finally {
        removeEventListener('error', onError)
      }
    })
  }
})
