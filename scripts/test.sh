#!/usr/bin/env bash
# The whole test suite: lint and format check, typecheck, library build, package checks, unit (node and jsdom), dist, browser and story tests
# (Chromium, screenshots, axe) with v8 coverage, and the static Storybook build. Ends with each
# step's time against its budget and the line "N passed, N failed" counted from vitest's JSON report.
set -uo pipefail
cd "$(dirname "$0")/.."
export npm_config_loglevel=error
report=.vitest-reports/results.json
timings=.vitest-reports/steps.tsv
mkdir -p .vitest-reports
rm -f "$report" "$timings"
status=0

# Each step's name and its wall time go to $timings, for the time budget printed at the end.
current=''
started=0
step() {
  finish_step
  current=$1
  started=$SECONDS
  echo
  echo "== $1"
}
finish_step() {
  if [ -n "$current" ]; then printf '%s\t%s\n' "${current%% (*}" "$((SECONDS - started))" >>"$timings"; fi
  current=''
}

step 'lint and format (eslint, prettier --check)'
npx eslint --max-warnings 0 . || status=1
npx prettier --check . >/dev/null || { npx prettier --list-different .; echo 'prettier: the files above are not formatted (npx prettier --write .)'; status=1; }

step 'typecheck (tsc --noEmit, and the API report: api/chatparts.api.md as the sources make it)'
npx tsc --noEmit -p tsconfig.json || status=1
node scripts/api-report.mjs --check || status=1

step 'library build (vite + declarations)'
npm run --silent build >/dev/null || { echo 'library build failed'; status=1; }

step 'package (publint, @arethetypeswrong/cli: ESM with types for every entry)'
npx publint --strict >/dev/null || { npx publint --strict; status=1; }
npx attw --pack . --profile esm-only --exclude-entrypoints styles.css styles.unlayered.css >/dev/null || { npx attw --pack . --profile esm-only --exclude-entrypoints styles.css styles.unlayered.css; status=1; }

step 'tests: unit, dist, browser, storybook (with coverage)'
npx vitest run --coverage --reporter=default --reporter=json --outputFile.json="$report" || status=1

step 'static Storybook build'
npx storybook build --disable-telemetry --quiet -o storybook-static >/dev/null 2>.storybook-build.log \
  || { cat .storybook-build.log; echo 'storybook build failed'; status=1; }

finish_step
echo
node scripts/summary.mjs "$report" "$timings" || status=1
exit $status
