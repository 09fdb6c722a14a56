import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import react from '@vitejs/plugin-react'
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { chromiumBrowser } from './test/support/chromium.ts'
import { APPEAR_DEADLINE, TEST_DEADLINE } from './test/support/deadlines.ts'

// Pre-bundled up front: a dependency first met at run time (a lazily loaded grammar) reloads the page mid-test.
const GRAMMARS = [
  'bash',
  'c',
  'cpp',
  'csharp',
  'css',
  'diff',
  'dockerfile',
  'go',
  'html',
  'java',
  'javascript',
  'json',
  'jsonc',
  'jsx',
  'kotlin',
  'markdown',
  'php',
  'python',
  'ruby',
  'rust',
  'sql',
  'swift',
  'toml',
  'tsx',
  'typescript',
  'xml',
  'yaml',
]
const browserDeps = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-dev-runtime',
  'zustand',
  'zustand/vanilla',
  'react-markdown',
  'micromark-extension-gfm',
  'mdast-util-gfm',
  // The streaming test's expectations parse the reply with remark.
  'unified',
  'remark-parse',
  'remark-gfm',
  'axe-core',
  // Math and diagrams, loaded on first use.
  'katex',
  'mermaid',
  'dompurify',
  'shiki/core',
  'shiki/engine/javascript',
  // What the highlighter's pattern cache builds converted patterns with.
  'oniguruma-to-es',
  'shiki/themes/github-light-default.mjs',
  'shiki/themes/github-dark-default.mjs',
  ...GRAMMARS.map((name) => `shiki/langs/${name}.mjs`),
]

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default, one worker less than the cores, is one worker on a 2-core machine (CI's):
    // its files then ran one after another, and CI took 7 to 8.5 minutes; with two workers, 5 to 6.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Deadlines for a busy machine (test/support/deadlines.ts): a test that passes never waits them out.
    testTimeout: TEST_DEADLINE,
    hookTimeout: TEST_DEADLINE,
    expect: { poll: { timeout: APPEAR_DEADLINE } },
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.d.ts'],
      reporter: ['text-summary', 'text', 'json-summary'],
      reportsDirectory: 'coverage',
      thresholds: {
        'src/core/**': { lines: 80 },
        'src/protocols/**': { lines: 80 },
      },
    },
    projects: [
      {
        extends: true,
        test: {
          // Pure code (the core, the protocols, the React-free store, the Markdown engine, the export) runs in node: no DOM to set up.
          name: 'node',
          environment: 'node',
          setupFiles: ['test/support/seed.ts'],
          // The stylesheet the HTML export inlines, processed as the library build does.
          css: { include: [/src\/styles\//] },
          include: [
            'test/core/**/*.test.ts',
            'test/protocols/**/*.test.ts',
            'test/store/**/*.test.ts',
            'test/export/**/*.test.ts',
            'test/find/**/*.test.ts',
            'test/markdown/**/*.test.ts',
            'test/components/boundary.test.ts',
            'test/components/Transcript/rowLayout.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: [
            'test/**/*.browser.test.{ts,tsx}',
            'test/dist/**',
            'test/core/**',
            'test/export/**',
            'test/find/**',
            'test/markdown/**',
            'test/protocols/**',
            'test/store/**/*.test.ts',
            'test/components/boundary.test.ts',
            'test/components/Transcript/rowLayout.test.ts',
          ],
          setupFiles: ['test/support/seed.ts', 'test/support/setup-unit.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dist',
          environment: 'node',
          // These tests run node and tsc in child processes against the built package.
          include: ['test/dist/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        optimizeDeps: { include: browserDeps },
        test: {
          name: 'browser',
          include: ['test/**/*.browser.test.{ts,tsx}'],
          // (No property tests run in the browser: test/support/seed.ts reads the process's environment.)
          setupFiles: ['test/support/setup-unit.ts'],
          browser: chromiumBrowser('browser'),
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook', storybookUrl: 'http://127.0.0.1:6006' })],
        optimizeDeps: { include: [...browserDeps, '@storybook/addon-a11y/preview', '@storybook/react-vite'] },
        test: {
          name: 'storybook',
          browser: chromiumBrowser('stories'),
          setupFiles: ['.storybook/vitest.setup.ts'],
        },
      },
    ],
  },
})
