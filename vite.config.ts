import { readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, preprocessCSS, type ResolvedConfig } from 'vite'
import pkg from './package.json' with { type: 'json' }

const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies), 'react/jsx-runtime']

/** Library build: one ESM file per public entry, every dependency left to the consumer. */
let resolved: ResolvedConfig

export default defineConfig({
  plugins: [
    react(),
    {
      // The same rules outside any layer, for hosts whose reset is not in a layer (see unlayered.css).
      name: 'unlayered-stylesheet',
      apply: 'build',
      configResolved(config) {
        resolved = config
      },
      async generateBundle() {
        const file = resolve(import.meta.dirname, 'src/styles/unlayered.css')
        const { code } = await preprocessCSS(readFileSync(file, 'utf8'), file, resolved)
        this.emitFile({ type: 'asset', fileName: 'styles.unlayered.css', source: code })
      },
    },
    {
      // The styles entry exists only to emit dist/styles.css; its empty JS chunk is not shipped.
      name: 'drop-empty-styles-chunk',
      writeBundle(options) {
        for (const name of ['styles.js', 'styles.js.map']) rmSync(resolve(options.dir ?? 'dist', name), { force: true })
      },
    },
  ],
  // The worker is shipped inlined, as a string no reader steps through: minified, unlike the library.
  worker: { rolldownOptions: { output: { minify: true } } },
  build: {
    target: 'es2022',
    sourcemap: true,
    cssCodeSplit: false,
    // Consumers minify; an unminified library keeps their stack traces readable.
    minify: false,
    lib: {
      entry: {
        index: resolve(import.meta.dirname, 'src/index.ts'),
        core: resolve(import.meta.dirname, 'src/core/index.ts'),
        protocols: resolve(import.meta.dirname, 'src/protocols/index.ts'),
        // One entry per protocol, so an app ships only the converters it imports.
        aisdk: resolve(import.meta.dirname, 'src/protocols/aisdk/index.ts'),
        opencode: resolve(import.meta.dirname, 'src/protocols/opencode/index.ts'),
        openai: resolve(import.meta.dirname, 'src/protocols/openai/index.ts'),
        toolmessage2: resolve(import.meta.dirname, 'src/protocols/toolmessage2/index.ts'),
        delta: resolve(import.meta.dirname, 'src/protocols/delta/index.ts'),
        chat: resolve(import.meta.dirname, 'src/protocols/chat/index.ts'),
        msgfile: resolve(import.meta.dirname, 'src/protocols/msgfile/index.ts'),
        store: resolve(import.meta.dirname, 'src/store/index.ts'),
        react: resolve(import.meta.dirname, 'src/react/index.ts'),
        export: resolve(import.meta.dirname, 'src/export/index.ts'),
        html: resolve(import.meta.dirname, 'src/export/html.tsx'),
        labels: resolve(import.meta.dirname, 'src/labels/index.ts'),
        validate: resolve(import.meta.dirname, 'src/core/validator.ts'),
        // The optional renderers: the only entries that import KaTeX and mermaid.
        math: resolve(import.meta.dirname, 'src/math/index.ts'),
        mermaid: resolve(import.meta.dirname, 'src/diagrams/index.ts'),
        // The one stylesheet, emitted as dist/styles.css.
        styles: resolve(import.meta.dirname, 'src/styles/index.ts'),
      },
      formats: ['es'],
      cssFileName: 'styles',
    },
    rolldownOptions: {
      external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
})
