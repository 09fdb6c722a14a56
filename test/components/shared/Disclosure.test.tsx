import { act, render, screen } from '@testing-library/react'
import { createRef, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Disclosure } from '../../../src/components/shared/Disclosure'

describe('Disclosure', () => {
  it('uncontrolled: follows defaultOpen until the user toggles, then the user wins', () => {
    const { rerender } = render(
      <Disclosure summary="Details" defaultOpen>
        body
      </Disclosure>,
    )
    const button = screen.getByRole('button', { name: /Details/ })
    expect(button.getAttribute('aria-expanded')).toBe('true')
    rerender(
      <Disclosure summary="Details" defaultOpen={false}>
        body
      </Disclosure>,
    )
    expect(button.getAttribute('aria-expanded')).toBe('false')
    act(() => button.click())
    rerender(
      <Disclosure summary="Details" defaultOpen={false}>
        body
      </Disclosure>,
    )
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByText('body')).toBeTruthy()
  })

  it('controlled: shows what `open` says and reports the toggle to the parent', () => {
    const onOpenChange = vi.fn()
    const { rerender } = render(
      <Disclosure summary="Details" open={false} onOpenChange={onOpenChange}>
        body
      </Disclosure>,
    )
    const button = screen.getByRole('button', { name: /Details/ })
    act(() => button.click())
    expect(onOpenChange).toHaveBeenCalledWith(true)
    expect(button.getAttribute('aria-expanded')).toBe('false')
    rerender(
      <Disclosure summary="Details" open onOpenChange={onOpenChange}>
        body
      </Disclosure>,
    )
    expect(button.getAttribute('aria-expanded')).toBe('true')
  })

  it('passes DOM props and the ref to its root, with data-state', () => {
    const ref = createRef<HTMLDivElement>()
    function Parent() {
      const [open, setOpen] = useState(false)
      return (
        <Disclosure ref={ref} summary="More" open={open} onOpenChange={setOpen} data-testid="root" title="tip">
          body
        </Disclosure>
      )
    }
    render(<Parent />)
    const root = screen.getByTestId('root')
    expect(ref.current).toBe(root)
    expect(root.getAttribute('title')).toBe('tip')
    expect(root.dataset.state).toBe('closed')
    act(() => screen.getByRole('button', { name: /More/ }).click())
    expect(root.dataset.state).toBe('open')
  })
})
