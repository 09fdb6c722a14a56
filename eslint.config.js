// Lint: ESLint's recommended rules, typescript-eslint's, and the React hooks rules (including the
// compiler-era ones that flag render-time writes to refs), and eslint-plugin-regexp's checks for
// patterns that take more than linear time on some input (model output and files are untrusted:
// one line of thousands of tabs must not hang the page). Run by `npm test` (scripts/test.sh).
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import regexp from 'eslint-plugin-regexp'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'storybook-static/',
      'coverage/',
      '.vitest-reports/',
      '.vitest-attachments/',
      'node_modules/',
      'bench/**/dist/',
      'bench/.out/',
      '.cache/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    // Scripts and benchmarks run in node; tests and stories in node and the browser.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    rules: {
      // Unused names fail the typecheck (noUnusedLocals); a leading underscore marks one left out on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  // The shipped code is also linted with the types: unsafe `any`, floating promises, and every
  // switch over a union that forgets a member (a new part type must be handled or skipped on purpose).
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ['src/**/*.{ts,tsx}'] })),
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    // The shipped code only: tests and scripts run on inputs of their own.
    files: ['src/**'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
)
