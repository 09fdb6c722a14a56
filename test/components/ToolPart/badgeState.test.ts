import { describe, expect, it } from 'vitest'
import { BADGE_ICONS, BADGE_STATES, badgeLabel, badgeStateOf } from '../../../src/components/ToolPart/badgeState'
import { en, zhCN } from '../../../src/labels/labels'

describe('badgeStateOf', () => {
  it('gives every call one state, the same for the badge, the fold and the group', () => {
    const asked = { id: 'a', status: 'requested' }
    const cases: [status: unknown, approval: unknown, failed: boolean, state: string][] = [
      ['pending', undefined, false, 'pending'],
      ['running', undefined, false, 'running'],
      ['completed', undefined, false, 'completed'],
      ['error', undefined, false, 'error'],
      // Waiting for the user wins over working, never over how the call ended.
      ['running', asked, false, 'approval'],
      ['pending', asked, true, 'approval'],
      ['completed', asked, false, 'completed'],
      ['error', asked, true, 'error'],
      ['running', { id: 'a', status: 'approved' }, false, 'running'],
      // Its reply failed before it finished: cut off.
      ['running', undefined, true, 'interrupted'],
      ['pending', undefined, true, 'interrupted'],
      ['completed', undefined, true, 'completed'],
      // A status the model does not know.
      ['weird', undefined, false, 'error'],
      [undefined, undefined, false, 'error'],
    ]
    for (const [status, approval, failed, state] of cases)
      expect(badgeStateOf(status, approval, failed), JSON.stringify([status, approval, failed])).toBe(state)
  })

  it('names and draws every state, in both languages', () => {
    for (const state of BADGE_STATES) {
      expect(BADGE_ICONS[state]).toBeTruthy()
      expect(badgeLabel(state, en)).not.toBe(badgeLabel(state, zhCN))
    }
    expect(badgeLabel('running', en)).toBe('Running')
    expect(badgeLabel('approval', en)).toBe('Waiting for approval')
  })
})
