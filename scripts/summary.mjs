// Prints the closing line "N passed, N failed" from vitest's JSON report (argv[2]).
import { existsSync, readFileSync } from 'node:fs'

const file = process.argv[2]
if (!file || !existsSync(file)) {
  console.log('0 passed, 1 failed')
  console.error(`no vitest report at ${file}: the test run did not finish`)
  process.exit(1)
}
const report = JSON.parse(readFileSync(file, 'utf8'))

// Each kind of test must have run: a project that silently matches no file is a broken suite.
const kinds = {
  'unit tests (test/**/*.test.ts)': (name) => /\/test\/(?!dist\/).*\.test\.tsx?$/.test(name) && !name.includes('.browser.test.'),
  'dist tests (test/dist/)': (name) => name.includes('/test/dist/'),
  'browser tests (*.browser.test.tsx)': (name) => name.includes('.browser.test.'),
  'story tests (stories/)': (name) => name.includes('/stories/'),
}
const ran = report.testResults.map((result) => result.name)
const missing = Object.entries(kinds)
  .filter(([, match]) => !ran.some(match))
  .map(([kind]) => kind)
for (const kind of missing) console.error(`no ${kind} ran`)
const skipped = report.numPendingTests + report.numTodoTests
const failed = report.numFailedTests + missing.length
console.log(`${report.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || report.numTotalTests === 0 ? 1 : 0)
