import { render, renderHook, screen } from '@testing-library/react'
import { type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { useComponents } from '../../../src/components/Markdown/elements'
import { HeadingBaseContext } from '../../../src/components/shared/headings'
import { createUrlPolicy, defaultUrlPolicy } from '../../../src/components/shared/urlPolicy'
import { Markdown } from '../../../src/components/Markdown/Markdown'
import type { Highlighter } from '../../../src/highlight/types'
import { fakeHighlighter, withConfig } from '../helpers'

describe('the elements Markdown renders through', () => {
  it('are one map for every block with the same settings, another when a setting differs', () => {
    const { highlighter } = fakeHighlighter()
    const map = (
      policy = defaultUrlPolicy,
      h: Highlighter | null = highlighter,
      math = true,
      diagrams = true,
      base = 0,
    ) =>
      renderHook(() => useComponents(policy, h, math, diagrams), {
        wrapper: ({ children }: { children: ReactNode }) => (
          <HeadingBaseContext value={base}>{children}</HeadingBaseContext>
        ),
      }).result.current
    const shared = map()
    expect(map()).toBe(shared)
    expect(map(createUrlPolicy())).not.toBe(shared)
    expect(map(defaultUrlPolicy, fakeHighlighter().highlighter)).not.toBe(shared)
    expect(map(defaultUrlPolicy, null)).not.toBe(shared)
    expect(map(defaultUrlPolicy, null)).toBe(map(defaultUrlPolicy, null))
    expect(map(defaultUrlPolicy, highlighter, false)).not.toBe(shared)
    expect(map(defaultUrlPolicy, highlighter, true, false)).not.toBe(shared)
    // Headings under a base of 2 render one level lower.
    const lower = map(defaultUrlPolicy, highlighter, true, true, 2)
    expect(lower).not.toBe(shared)
    expect(lower).toBe(map(defaultUrlPolicy, highlighter, true, true, 2))
  })

  it('render headings at the level of the base they are under, whichever was rendered first', () => {
    const wrapper = withConfig()
    const nested = (text: string) => (
      <HeadingBaseContext value={2}>
        <Markdown text={text} />
      </HeadingBaseContext>
    )
    const alone = render(nested('## Alone'), { wrapper })
    const level = screen.getByText('Alone').tagName
    expect(level).not.toBe('H2')
    alone.unmount()
    render(
      <>
        <Markdown text={'## Top'} />
        {nested('## Nested')}
      </>,
      { wrapper },
    )
    expect(screen.getByText('Top').tagName).toBe('H2')
    expect(screen.getByText('Nested').tagName).toBe(level)
  })
})
