import type { Decorator, Preview } from '@storybook/react-vite'
import { configure } from 'storybook/test'
import { APPEAR_DEADLINE } from '../test/support/deadlines'
import { ChatpartsProvider } from '../src/components/shared/config'
import { preloadMarkdown } from '../src/components/Markdown/Markdown'
import { defaultDiagramRenderer } from '../src/diagrams/index'
import { defaultHighlighter } from '../src/highlight/shiki'
import { LabelsProvider } from '../src/labels/LabelsContext'
import { defaultMathRenderer } from '../src/math/index'
import type { Locale } from '../src/labels/labels'
import 'katex/dist/katex.min.css'
import '../src/styles/chatparts.css'
import './preview.css'

// A play function's waitFor waits for what should appear (a diagram drawn, code highlighted) as
// long as a busy machine may need, in the Storybook UI and in the story tests alike.
configure({ asyncUtilTimeout: APPEAR_DEADLINE })

const withThemeAndLocale: Decorator = (Story, context) => {
  // light: the app pins light; dark: the app's `.dark` class (Tailwind, shadcn); system: the reader's setting.
  const theme = context.globals.theme === 'dark' || context.globals.theme === 'system' ? context.globals.theme : 'light'
  const locale: Locale = context.globals.locale === 'zh-CN' ? 'zh-CN' : 'en'
  return (
    <LabelsProvider locale={locale}>
      {/* The stories show the kit as an app that installed KaTeX and mermaid (chatparts/math, chatparts/mermaid) uses it. */}
      <ChatpartsProvider math={defaultMathRenderer()} diagrams={defaultDiagramRenderer()}>
        <div
          className={theme === 'dark' ? 'story-frame dark' : 'story-frame'}
          data-theme={theme === 'light' ? 'light' : undefined}
          data-story-root=""
          lang={locale}
        >
          <Story />
        </div>
      </ChatpartsProvider>
    </LabelsProvider>
  )
}

const preview: Preview = {
  decorators: [withThemeAndLocale],
  // Every story shows its texts formatted from the first frame (the engine is its own chunk), and
  // its code in the colours of both schemes from the first highlight (the theme switch in the
  // toolbar would otherwise fetch the other one, and colour the code again, as an app does).
  loaders: [
    async () => {
      const highlighter = defaultHighlighter()
      await Promise.all([preloadMarkdown(), highlighter.showScheme?.('light'), highlighter.showScheme?.('dark')])
      return {}
    },
  ],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light (pinned)' },
          { value: 'dark', title: 'Dark (.dark)' },
          { value: 'system', title: 'System (prefers-color-scheme)' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Label language',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'zh-CN', title: '简体中文' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: 'en' },
  parameters: {
    layout: 'fullscreen',
    a11y: { test: 'error' },
    // The viewport the story tests run in: 800 wide like the screenshot frame, and tall enough that a
    // whole state matrix is painted (the test runner reads `defaultViewport`; the UI keeps its own).
    viewport: {
      options: {
        'visual-test': { name: 'Visual test', styles: { width: '800px', height: '3000px' }, type: 'desktop' },
      },
      defaultViewport: 'visual-test',
    },
    controls: { expanded: true },
  },
}

export default preview
