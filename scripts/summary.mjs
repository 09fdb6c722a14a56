// Prints the time each step and each test project took against its budget, then the closing line
// "N passed, N failed" from vitest's JSON report (argv[2]); argv[3] is the steps' timings
// (name, tab, seconds), written by scripts/test.sh.
import { existsSync, readFileSync } from 'node:fs'

const [file, timings] = process.argv.slice(2)

/**
 * Seconds each step and project may take on a quiet 2-core machine. Over budget is reported, not
 * failed (a busy machine passes them all), so a slower suite shows in every run's output.
 */
const STEP_BUDGET = {
  'lint and format': 60,
  typecheck: 30,
  'library build': 60,
  package: 30,
  'tests: unit, dist, browser, storybook': 330,
  'static Storybook build': 60,
}
/** Seconds of test files' time (summed over the workers) each vitest project may take. */
const PROJECT_BUDGET = { node: 60, unit: 150, dist: 60, browser: 150, storybook: 150 }

/** The project a test file runs in, by the same paths as vitest.config.ts. */
function projectOf(name) {
  if (name.includes('/stories/')) return 'storybook'
  if (name.includes('.browser.test.')) return 'browser'
  if (name.includes('/test/dist/')) return 'dist'
  if (
    /\/test\/(core|protocols|store)\/.*\.test\.ts$|\/test\/components\/(boundary|Transcript\/rowLayout)\.test\.ts$/.test(
      name,
    )
  )
    return 'node'
  return 'unit'
}

const row = (name, seconds, budget) =>
  `  ${name.padEnd(40)} ${String(Math.round(seconds)).padStart(4)} s  (budget ${budget} s)${seconds > budget ? '  OVER BUDGET' : ''}`

function printBudgets(report) {
  if (timings && existsSync(timings)) {
    console.log('Time per step:')
    let total = 0
    for (const line of readFileSync(timings, 'utf8').trim().split('\n')) {
      const [name = '', seconds = '0'] = line.split('\t')
      total += Number(seconds)
      console.log(row(name, Number(seconds), STEP_BUDGET[name] ?? 0))
    }
    console.log(
      row(
        'all steps',
        total,
        Object.values(STEP_BUDGET).reduce((a, b) => a + b, 0),
      ),
    )
  }
  if (!report) return
  const projects = {}
  const files = []
  for (const result of report.testResults) {
    const seconds = (result.endTime - result.startTime) / 1000
    const project = projectOf(result.name)
    projects[project] = (projects[project] ?? 0) + seconds
    files.push([seconds, result.name.replace(`${process.cwd()}/`, '')])
  }
  console.log('Time per test project (files summed over the workers):')
  for (const [project, budget] of Object.entries(PROJECT_BUDGET))
    console.log(row(project, projects[project] ?? 0, budget))
  console.log('Slowest test files:')
  for (const [seconds, name] of files.sort((a, b) => b[0] - a[0]).slice(0, 5))
    console.log(`  ${String(seconds.toFixed(1)).padStart(6)} s  ${name}`)
}

if (!file || !existsSync(file)) {
  printBudgets(undefined)
  console.log('0 passed, 1 failed')
  console.error(`no vitest report at ${file}: the test run did not finish`)
  process.exit(1)
}
const report = JSON.parse(readFileSync(file, 'utf8'))
printBudgets(report)

// Each kind of test must have run: a project that silently matches no file is a broken suite.
const kinds = {
  'unit tests (test/**/*.test.ts)': (name) =>
    /\/test\/(?!dist\/).*\.test\.tsx?$/.test(name) && !name.includes('.browser.test.'),
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
