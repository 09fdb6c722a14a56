import { describe, expect, it } from 'vitest'
import { assistantInfo, stepFinishPart, userInfo } from '../../src/core/build'
import type { StepFinishPart, WithParts } from '../../src/core/model/types'
import { addTotals, messageTotals, tokenTotal, transcriptTotals, zeroTotals } from '../../src/core/totals'
import { opencodeSession } from '../fixtures/opencode'

describe('totals', () => {
  it('sums each real message from its step-finish parts, agreeing with the assistant info', () => {
    for (const message of opencodeSession.messages) {
      const totals = messageTotals(message)
      if (message.info.role === 'user') {
        expect(totals).toEqual(zeroTotals())
        continue
      }
      expect(totals.steps).toBe(1)
      expect(totals.cost).toBe(message.info.cost)
      expect(totals.tokens).toEqual({ ...message.info.tokens, total: message.info.tokens.total })
    }
  })

  it('sums the real transcript to the session totals', () => {
    const totals = transcriptTotals(opencodeSession.messages)
    const { session } = opencodeSession
    expect(totals.cost).toBeCloseTo(session.cost ?? Number.NaN, 15)
    expect({ ...totals.tokens, total: undefined }).toEqual({ ...session.tokens, total: undefined })
    expect(totals.tokens.total).toBe(12714 + 12777)
    expect(totals.steps).toBe(2)
  })

  it('computes total the way opencode does when the data lacks it', () => {
    expect(tokenTotal({ input: 12550, output: 144, reasoning: 20, cache: { read: 0, write: 0 } })).toBe(12714)
    expect(tokenTotal({ input: 78, output: 15, reasoning: 12, cache: { read: 12672, write: 0 } })).toBe(12777)
  })

  it('sums several steps of one message and falls back to info when there is no step', () => {
    const info = assistantInfo({
      id: 'msg_a',
      sessionID: 's',
      created: 1,
      parentID: 'u',
      modelID: 'm',
      providerID: 'p',
      agent: 'build',
      cost: 0,
    })
    const tokens = { input: 10, output: 5, reasoning: 1, cache: { read: 100, write: 7 } }
    const ids = (id: string) => ({ id, sessionID: 's', messageID: info.id })
    const withSteps: WithParts = {
      info,
      parts: [
        stepFinishPart(ids('prt_1'), { reason: 'tool-calls', cost: 0.25, tokens }),
        stepFinishPart(ids('prt_2'), { reason: 'stop', cost: 0.5, tokens }),
      ],
    }
    const summed = messageTotals(withSteps)
    expect(summed.cost).toBe(0.75)
    expect(summed.tokens).toEqual({ total: 246, input: 20, output: 10, reasoning: 2, cache: { read: 200, write: 14 } })
    expect(summed.steps).toBe(2)

    const fallback = messageTotals({ info: { ...info, cost: 0.1, tokens }, parts: [] })
    expect(fallback).toEqual({ cost: 0.1, costKnown: true, tokens: { ...tokens, total: 123 }, steps: 0 })
    expect(
      messageTotals({
        info: userInfo({
          id: 'msg_u',
          sessionID: 's',
          created: 1,
          agent: 'a',
          model: { providerID: 'p', modelID: 'm' },
        }),
        parts: [],
      }),
    ).toEqual(zeroTotals())
  })

  it('knows a cost only when a summed step or message reported one, a real 0 included', () => {
    const info = assistantInfo({ id: 'msg_a', sessionID: 's', created: 1 })
    const ids = { sessionID: 's', messageID: 'msg_a' }
    const tokens = { input: 10, output: 5, reasoning: 0, cache: { read: 0, write: 0 } }
    // No cost anywhere: the converter said nothing, so nothing may show a price.
    expect(info.costUnknown).toBe(true)
    expect(messageTotals({ info, parts: [] }).costKnown).toBe(false)
    expect(
      messageTotals({ info, parts: [stepFinishPart({ ...ids, id: 'prt_1' }, { reason: 'stop', tokens })] }).costKnown,
    ).toBe(false)
    // A real 0 is a known cost.
    const free = messageTotals({
      info,
      parts: [stepFinishPart({ ...ids, id: 'prt_1' }, { reason: 'stop', cost: 0, tokens })],
    })
    expect(free).toMatchObject({ cost: 0, costKnown: true })
    // One known step makes the sum known; the info's own cost is not used once there are steps.
    const mixed = messageTotals({
      info,
      parts: [
        stepFinishPart({ ...ids, id: 'prt_1' }, { reason: 'tool-calls', tokens }),
        stepFinishPart({ ...ids, id: 'prt_2' }, { reason: 'stop', cost: 0.02, tokens }),
      ],
    })
    expect(mixed).toMatchObject({ cost: 0.02, costKnown: true, steps: 2 })
    expect(
      messageTotals({ info: assistantInfo({ id: 'msg_b', sessionID: 's', created: 1, cost: 0 }), parts: [] }).costKnown,
    ).toBe(true)
    expect(addTotals([messageTotals({ info, parts: [] }), free]).costKnown).toBe(true)
    expect(addTotals([messageTotals({ info, parts: [] })]).costKnown).toBe(false)
  })

  it('ignores malformed counts instead of turning the whole sum into NaN', () => {
    const info = assistantInfo({
      id: 'msg_a',
      sessionID: 's',
      created: 1,
      parentID: 'u',
      modelID: 'm',
      providerID: 'p',
      agent: 'build',
      cost: 0,
    })
    // Written past the builders, as data read without a converter may be.
    const broken: StepFinishPart = {
      id: 'prt_1',
      sessionID: 's',
      messageID: info.id,
      type: 'step-finish',
      reason: 'stop',
      cost: Number.NaN,
      tokens: { input: 5, output: Number.NaN, reasoning: 0, cache: { read: 0, write: 0 } },
    }
    const totals = messageTotals({ info, parts: [broken] })
    expect(totals.cost).toBe(0)
    expect(totals.tokens.input).toBe(5)
    expect(totals.tokens.output).toBe(0)
  })

  it('adds totals together', () => {
    const one = messageTotals(opencodeSession.messages[1] as WithParts)
    expect(addTotals([one, one]).tokens.input).toBe(2 * 12550)
    expect(addTotals([])).toEqual(zeroTotals())
  })
})
