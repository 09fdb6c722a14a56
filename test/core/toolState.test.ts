import { describe, expect, it } from 'vitest'
import { InvalidStateTransition, InvalidDataError } from '../../src/core/errors'
import type { ToolState, ToolStatus } from '../../src/core/model/types'
import {
  TOOL_STATUSES,
  TOOL_TRANSITIONS,
  assertTransition,
  canTransition,
  isFinalToolStatus,
  timeoutToolState,
  toCompleted,
  toError,
  toRunning,
} from '../../src/core/toolState'
import { validateToolState } from '../../src/core/validator'
import { pendingState, runningState, toolResult } from '../../src/core/build'

const pending = () => pendingState({ command: 'ls -la' }, '{"command":"ls -la"}')
const running = () =>
  runningState({ input: { command: 'ls -la' }, title: 'ls', start: 100, metadata: { output: 'partial' } })

function stateOf(status: ToolStatus): ToolState {
  switch (status) {
    case 'pending':
      return pending()
    case 'running':
      return running()
    case 'completed':
      return toolResult({ input: {}, output: 'ok', title: 't', start: 1, end: 2 })
    case 'error':
      return toolResult({ input: {}, output: 'boom', isError: true, start: 1, end: 2 })
  }
  return status satisfies never
}

describe('tool-state machine', () => {
  it('walks pending → running → completed, immutably', () => {
    const start = pending()
    const mid = toRunning(start, { title: 'ls', start: 100 })
    const end = toCompleted(mid, { output: 'file-a\nfile-b', metadata: { exit: 0 } }, 250)
    expect(start.status).toBe('pending')
    expect(mid).toEqual({ status: 'running', input: { command: 'ls -la' }, title: 'ls', time: { start: 100 } })
    expect(end).toEqual({
      status: 'completed',
      input: { command: 'ls -la' },
      output: 'file-a\nfile-b',
      title: 'ls',
      metadata: { exit: 0 },
      time: { start: 100, end: 250 },
    })
    for (const state of [start, mid, end]) expect(validateToolState(state)).toEqual([])
  })

  it('walks running → error, keeping live metadata', () => {
    const failed = toError(running(), 'command not found', 300)
    expect(failed).toEqual({
      status: 'error',
      input: { command: 'ls -la' },
      error: 'command not found',
      metadata: { output: 'partial' },
      time: { start: 100, end: 300 },
    })
    expect(validateToolState(failed)).toEqual([])
  })

  it('merges running metadata under the result metadata on completion', () => {
    const done = toCompleted(running(), { output: 'x', metadata: { exit: 1 }, title: 'ls -la' }, 200)
    expect(done.metadata).toEqual({ output: 'partial', exit: 1 })
    expect(done.title).toBe('ls -la')
  })

  it('allows a repeated move to the same state and returns it unchanged (idempotent)', () => {
    const run = running()
    expect(toRunning(run)).toBe(run)
    const done = toCompleted(run, { output: 'ok' }, 200)
    expect(toCompleted(done, { output: 'other' }, 999)).toBe(done)
    const failed = toError(run, 'x', 200)
    expect(toError(failed, 'y', 999)).toBe(failed)
  })

  it('throws InvalidStateTransition with current, attempted and valid statuses for every illegal move', () => {
    let illegal = 0
    for (const from of TOOL_STATUSES) {
      for (const to of TOOL_STATUSES) {
        const move = () => {
          const state = stateOf(from)
          if (to === 'running') return toRunning(state)
          if (to === 'completed') return toCompleted(state, { output: 'ok' }, 5)
          if (to === 'error') return toError(state, 'e', 5)
          return assertTransition(from, to)
        }
        if (canTransition(from, to)) {
          expect(move, `${from} → ${to}`).not.toThrow()
          continue
        }
        illegal += 1
        try {
          move()
          expect.fail(`${from} → ${to} should throw`)
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidStateTransition)
          const transition = error as InvalidStateTransition
          expect(transition.name).toBe('InvalidStateTransition')
          expect(transition.currentStatus).toBe(from)
          expect(transition.attemptedStatus).toBe(to)
          expect(transition.validTransitions).toEqual(TOOL_TRANSITIONS[from])
          expect(transition.details).toEqual({
            currentStatus: from,
            attemptedStatus: to,
            validTransitions: [...TOOL_TRANSITIONS[from]],
          })
          expect(transition.message).toContain(`"${from}" to "${to}"`)
        }
      }
    }
    // pending→completed, pending→error, running→pending, and completed/error → anything else
    expect(illegal).toBe(9)
  })

  it('rejects a status that does not exist', () => {
    expect(() => assertTransition('running', 'done')).toThrow(InvalidStateTransition)
  })

  it('knows which statuses are final', () => {
    expect(TOOL_STATUSES.filter(isFinalToolStatus)).toEqual(['completed', 'error'])
  })

  it('takes an empty output (a tool may finish silently) and refuses an empty error (BR-10)', () => {
    expect(toCompleted(running(), { output: '' }, 200)).toMatchObject({ status: 'completed', output: '' })
    expect(() => toCompleted(running(), { output: 5 as unknown as string }, 200)).toThrow(/BR-09/)
    expect(() => toError(running(), '', 200)).toThrow(/BR-10/)
    try {
      toError(running(), '', 200)
    } catch (error) {
      expect((error as InvalidDataError).diagnostics).toEqual([
        { code: 'BR-10', message: 'error must be a non-empty string', path: ['error'], severity: 'error' },
      ])
    }
  })

  it('times a running state out into an error, and leaves others alone', () => {
    const run = running()
    expect(timeoutToolState(run, 30_000, 100 + 29_999)).toBe(run)
    const timedOut = timeoutToolState(run, 30_000, 100 + 30_000)
    expect(timedOut).toEqual({
      status: 'error',
      input: { command: 'ls -la' },
      error: 'Tool timed out after 30 s',
      metadata: { output: 'partial', timedOut: true },
      time: { start: 100, end: 30_100 },
    })
    const done = stateOf('completed')
    expect(timeoutToolState(done, 1, 1e12)).toBe(done)
    const waiting = pending()
    expect(timeoutToolState(waiting, 1, 1e12)).toBe(waiting)
  })

  it('copies input and metadata so later edits to the caller’s objects do not leak in', () => {
    const input = { a: 1 }
    const metadata = { b: 1 }
    const state = toRunning(pendingState(input, '{"a":1}'), { start: 1, metadata })
    input.a = 2
    metadata.b = 2
    expect(state.input).toEqual({ a: 1 })
    expect(state.metadata).toEqual({ b: 1 })
  })
})
