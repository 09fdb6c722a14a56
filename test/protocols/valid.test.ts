// Every converter builds through the core: whatever it is given, what it returns passes the core's
// own validator with no error-severity issue.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateTranscript } from '../../src/core/validator'
import { RUNS, snapshots } from '../support/converters'
import { hostileValue, mutated, mutatedText } from '../support/hostile'

function errorsOf(messages: unknown): string[] {
  return validateTranscript(messages)
    .filter((issue) => issue.severity === 'error')
    .map((issue) => `${issue.code} at ${JSON.stringify(issue.path)}: ${issue.message}`)
}

describe('converter output validates', () => {
  for (const { name, seed, run } of snapshots) {
    it(`${name}: the real input`, () => {
      expect(errorsOf(run(seed).messages)).toEqual([])
    })
    it(`${name}: generated and mutated inputs`, () => {
      fc.assert(
        fc.property(fc.oneof(hostileValue(), typeof seed === 'string' ? mutatedText(seed) : mutated(seed)), (input) => {
          expect(errorsOf(run(input).messages)).toEqual([])
        }),
        RUNS,
      )
    })
  }
})
