// Prints the closing line "N passed, N failed" from vitest's JSON report (argv[2]).
import { existsSync, readFileSync } from 'node:fs'

const file = process.argv[2]
if (!file || !existsSync(file)) {
  console.log('0 passed, 1 failed')
  console.error(`no vitest report at ${file}: the test run did not finish`)
  process.exit(1)
}
const report = JSON.parse(readFileSync(file, 'utf8'))
const skipped = report.numPendingTests + report.numTodoTests
console.log(`${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(report.numFailedTests > 0 || report.numTotalTests === 0 ? 1 : 0)
