import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import react from '@vitejs/plugin-react'
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { chromiumBrowser } from './test/support/chromium.ts'

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
  'shiki/themes/github-light-default.mjs',
  'shiki/themes/github-dark-default.mjs',
  ...GRAMMARS.map((name) => `shiki/langs/${name}.mjs`),
]

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default, one worker less than the cores, is one worker on a 2-core machine (CI's):
    // its files then ran one after another, and CI took 7 to 8.5 minutes; with two workers, 5 to 6.
    // The property tests that then take longer than vitest's 5 s are given 30.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    // A wait for something to appear (expect.poll here, waitFor in test/support/setup-unit.ts and
    // .storybook/vitest.setup.ts) gets 5 s, not 1: with two workers a browser may be slower to get there.
    expect: { poll: { timeout: 5_000 } },
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
          // Pure code (the core, the protocols, the React-free store) runs in node: no DOM to set up.
          name: 'node',
          environment: 'node',
          setupFiles: ['test/support/seed.ts'],
          include: ['test/core/**/*.test.ts', 'test/protocols/**/*.test.ts', 'test/store/**/*.test.ts', 'test/components/boundary.test.ts', 'test/components/Transcript/rowLayout.test.ts'],
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
          testTimeout: 60_000,
          include: ['test/dist/**/*.test.ts'],
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
          // A story that loads mermaid and KaTeX's fonts, then is checked by axe and screenshotted, needs more than 15 s on a busy machine.
          testTimeout: 30_000,
          // Each story's screenshot is compared in an afterEach hook (vitest's default for hooks is 10 s).
          hookTimeout: 30_000,
          browser: chromiumBrowser('stories'),
          setupFiles: ['.storybook/vitest.setup.ts'],
        },
      },
    ],
  },
})
