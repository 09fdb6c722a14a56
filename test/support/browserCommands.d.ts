// The custom commands test/support/chromium.ts gives browser tests.
import 'vitest/browser'

declare module 'vitest/browser' {
  interface BrowserCommands {
    setColorScheme: (scheme: 'light' | 'dark') => Promise<void>
    collectGarbage: () => Promise<void>
    setMedia: (media: 'print' | 'screen') => Promise<void>
  }
}
