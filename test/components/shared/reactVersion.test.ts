import { version } from 'react'
import { describe, expect, it } from 'vitest'
import { reactVersionProblem } from '../../../src/components/shared/reactVersion'

describe('the React the kit runs on', () => {
  it('is fine from React 19 on', () => {
    expect(reactVersionProblem(version)).toBeNull()
    expect(reactVersionProblem('19.0.0')).toBeNull()
    expect(reactVersionProblem('20.1.0-canary')).toBeNull()
  })

  it('is named, with what to do, when it is React 18 or older', () => {
    expect(reactVersionProblem('18.3.1')).toBe(
      'chatparts needs React 19 or later; this page runs React 18.3.1. Install react@19 and react-dom@19.',
    )
    expect(reactVersionProblem('')).toContain('unknown version')
  })
})
