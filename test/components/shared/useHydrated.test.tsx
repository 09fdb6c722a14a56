import { render } from '@testing-library/react'
import { type ReactNode, useSyncExternalStore } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { useHydrated } from '../../../src/components/shared/useHydrated'

vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>()
  return { ...react, useSyncExternalStore: vi.fn(react.useSyncExternalStore) }
})

/**
 * The snapshot functions useHydrated hands React's useSyncExternalStore at each render. A new function
 * at a render makes React schedule a passive effect, and a task to run it, at every commit: for a
 * block that commits at every streamed token (each block asks, through useProgressive), a task per token.
 */
function snapshotsOf(Component: () => ReactNode) {
  const spy = vi.mocked(useSyncExternalStore)
  spy.mockClear()
  const view = render(<Component />)
  view.rerender(<Component />)
  view.rerender(<Component />)
  return spy.mock.calls.map(([, getSnapshot, getServerSnapshot]) => [getSnapshot, getServerSnapshot])
}

describe('useHydrated', () => {
  it('hands React the same snapshot functions at every render', () => {
    const Probe = () => <p>{String(useHydrated())}</p>
    const calls = snapshotsOf(Probe)
    expect(calls).toHaveLength(3)
    expect(new Set(calls.map(([client]) => client)).size).toBe(1)
    expect(new Set(calls.map(([, server]) => server)).size).toBe(1)
  })
})
