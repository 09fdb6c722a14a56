// Every States story rendered to HTML as a server would, then hydrated in Chromium: React must
// report no hydration mismatch. The page's language is changed between the two (a server does not
// know the reader's locale), so anything formatted for the reader before hydration would mismatch.
import { composeStories, setProjectAnnotations } from '@storybook/react-vite'
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as preview from '../../.storybook/preview'

setProjectAnnotations(preview)

const modules = import.meta.glob<Record<string, unknown>>('../../stories/*.stories.tsx', { eager: true })
const states = Object.entries(modules).flatMap(([file, module]) => {
  const stories = composeStories(module as Parameters<typeof composeStories>[0]) as Record<
    string,
    { (): React.ReactElement; storyName?: string }
  >
  return Object.entries(stories)
    .filter(([name]) => name === 'States' || name === 'ApprovalStates' || name === 'SourcesAndData')
    .map(([name, Story]) => ({ name: `${file.split('/').at(-1)?.replace('.stories.tsx', '')} ${name}`, Story }))
})

afterEach(() => {
  document.body.innerHTML = ''
  document.documentElement.lang = 'en'
})

describe('server rendering and hydration', () => {
  it('finds the States stories', () => {
    expect(states.length).toBeGreaterThanOrEqual(8)
  })

  for (const { name, Story } of states) {
    it(`${name}: hydrates what the server rendered without a mismatch`, async () => {
      document.documentElement.lang = 'en-US'
      const html = renderToString(<Story />)
      const container = document.createElement('div')
      container.innerHTML = html
      document.body.append(container)
      // The reader's page differs from what the server assumed.
      document.documentElement.lang = 'de-DE'
      const errors: unknown[] = []
      const consoleError = vi
        .spyOn(console, 'error')
        .mockImplementation((...args) => errors.push(args.map(String).join(' ')))
      try {
        await act(async () => {
          hydrateRoot(container, <Story />, { onRecoverableError: (error) => errors.push(error) })
        })
        await act(async () => {
          await new Promise((resolve) => setTimeout(resolve, 50))
        })
      } finally {
        consoleError.mockRestore()
      }
      // A part that throws on the server is left to the browser (a recoverable error, by design); a mismatch is not.
      expect(errors.map(String).filter((error) => /did not match|hydration failed|mismatch/i.test(error))).toEqual([])
      expect(container.querySelector('[data-story-root]')).not.toBeNull()
    })
  }
})
