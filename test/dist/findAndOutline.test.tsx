// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { opencodeAdapter } from 'chatparts/opencode'
import { createChatStore } from 'chatparts/store'
import { Session } from '../readme/findAndOutline'
import session from '../fixtures/opencode-t8v6Igr8/messages.json'

// Unmounted after each test: work the transcript scheduled (formatting, the find's runtime) must not
// run once the test file's DOM is gone. This project has no setup file to do it.
afterEach(cleanup)

describe("the components guide's find and outline example, against the built package", () => {
  it('is the example the guide shows', () => {
    // The guide shows it inside a list item, two spaces in.
    const guide = readFileSync(join(import.meta.dirname, '../../docs/components.md'), 'utf8').replace(/^ {2}/gm, '')
    expect(guide).toContain(readFileSync(join(import.meta.dirname, '../readme/findAndOutline.tsx'), 'utf8').trim())
  })

  it('finds in the session from the header box, opens the folded call, and lists the turns beside it', async () => {
    const user = userEvent.setup()
    const store = createChatStore({ adapters: [opencodeAdapter] })
    store.getState().ingest('opencode', structuredClone(session))
    render(<Session store={store} />)
    const outline = screen.getByRole('navigation', { name: 'Outline' })
    expect(within(outline).getAllByRole('link')[0]?.textContent).toContain('Write a sample file TEST_EDITS.md containing a poem')
    await user.click(screen.getByRole('button', { name: 'Find' }))
    await user.type(await screen.findByRole('searchbox', { name: 'Find' }), 'whispers')
    await expect.poll(() => within(screen.getByRole('search')).getByRole('status').textContent).toBe('1 of 1 match')
    await expect.poll(() => document.querySelector('[data-part="tool"]')?.getAttribute('data-open')).toBe('true')
  })
})
