import { afterEach, expect } from 'vitest'
import { page } from 'vitest/browser'

// The addon applies the project's preview annotations (ours and the a11y addon's) by itself.
// Every story is also a visual-regression test: its frame is compared with the committed baseline.
afterEach(async (context) => {
  const storyId = (context.task.meta as { storyId?: string }).storyId
  if (!storyId || context.task.result?.state === 'fail') return
  const roots = document.querySelectorAll('[data-story-root]')
  const root = roots[roots.length - 1]
  if (!root) throw new Error(`story ${storyId} rendered no [data-story-root] frame to screenshot`)
  await document.fonts.ready
  await expect.element(page.elementLocator(root)).toMatchScreenshot(storyId)
})
