import type { Decorator, Preview } from '@storybook/react-vite'
import { LabelsProvider } from '../src/labels/LabelsContext'
import type { Locale } from '../src/labels/labels'
import '../src/styles/chatparts.css'
import './preview.css'

const withThemeAndLocale: Decorator = (Story, context) => {
  const theme = context.globals.theme === 'dark' ? 'dark' : 'light'
  const locale: Locale = context.globals.locale === 'zh-CN' ? 'zh-CN' : 'en'
  return (
    <LabelsProvider locale={locale}>
      <div className="story-frame" data-theme={theme} data-story-root="" lang={locale}>
        <Story />
      </div>
    </LabelsProvider>
  )
}

const preview: Preview = {
  decorators: [withThemeAndLocale],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
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
      options: { 'visual-test': { name: 'Visual test', styles: { width: '800px', height: '3000px' }, type: 'desktop' } },
      defaultViewport: 'visual-test',
    },
    controls: { expanded: true },
  },
}

export default preview
