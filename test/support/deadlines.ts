/**
 * The deadlines of the whole suite, in one place. A wait returns as soon as what it waits for is
 * there, so a generous deadline costs a passing test nothing; it only decides how long a broken one
 * takes to fail. They are sized for a 2-core machine with other work on it.
 */

/** How long a wait for something to appear (a poll, `waitFor`, `findBy*`, a play function's `waitFor`) may take. */
export const APPEAR_DEADLINE = 60_000

/** How long one test, or one hook, may take. */
export const TEST_DEADLINE = 180_000

/** How long two screenshots of a story taken in a row may take to come out alike. */
export const SCREENSHOT_DEADLINE = 60_000
