import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeAll, expect } from 'vitest'
import { APPEAR_DEADLINE } from './deadlines'

// Texts render formatted from their first render, as on a page where the engine's chunk has arrived.
// Imported once the test file is (not here, at the top): the engine must see the file's module mocks.
beforeAll(async () => {
  const { preloadMarkdown } = await import('../../src/components/Markdown/Markdown')
  await preloadMarkdown()
})

// waitFor and findBy* wait for what should appear as long as a busy machine may need, not 1 s.
configure({ asyncUtilTimeout: APPEAR_DEADLINE })

// React warns, through console.error, when the elements it renders nest as HTML does not allow (a
// heading or a list inside a `<p>`, a paragraph in a `<thead>`): served from a server, such markup
// is parsed by the browser into another tree, and hydration fails. No render of the kit may do so.
const nesting: string[] = []
const error = console.error.bind(console)
console.error = (...args: unknown[]) => {
  const message = args.map(String).join(' ')
  if (/In HTML, .* cannot (?:be a (?:descendant|child) of|contain a nested)/.test(message))
    nesting.push(message.split('\n')[0] ?? message)
  error(...args)
}

afterEach(() => {
  cleanup()
  const found = nesting.splice(0)
  expect(found, 'elements nested as HTML does not allow').toEqual([])
})
