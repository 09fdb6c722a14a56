import fc from 'fast-check'

/**
 * Runs `check` on `runs` strings that `alphabet` matches (a pattern of the characters that matter
 * to the code under test, e.g. `/^[[\] :a\n]{0,30}$/`); fails with the shortest string it fails on.
 */
export function forStrings(alphabet: RegExp, check: (text: string) => void, runs = 5_000): void {
  fc.assert(
    fc.property(fc.stringMatching(alphabet), (text) => {
      check(text)
    }),
    { numRuns: runs },
  )
}
