import * as a11yAnnotations from '@storybook/addon-a11y/preview'
import { setProjectAnnotations } from '@storybook/react-vite'
import { afterEach, expect } from 'vitest'
import { page } from 'vitest/browser'
import * as projectAnnotations from './preview'

setProjectAnnotations([a11yAnnotations, projectAnnotations])

// Every story is a visual-regression test: its canvas is compared with the committed baseline.
afterEach(async (context) => {
  const storyId = (context.task.meta as { storyId?: string }).storyId
  if (!storyId || context.task.result?.state === 'fail') return
  const roots = document.querySelectorAll('[data-story-root]')
  const root = roots[roots.length - 1]
  if (!root) throw new Error(`story ${storyId} rendered no [data-story-root] frame to screenshot`)
  await document.fonts.ready
  await expect.element(page.elementLocator(root)).toMatchScreenshot(storyId)
})
