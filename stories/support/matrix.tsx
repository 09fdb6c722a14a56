import type { ReactNode } from 'react'
import { expect, waitFor } from 'storybook/test'

/** One labelled cell of a state matrix. */
export function Cell({ name, children }: { name: string; children: ReactNode }) {
  return (
    <section aria-label={name} className="story-cell">
      <h3 className="story-cell__name">{name}</h3>
      {children}
    </section>
  )
}

/** A column of labelled cells. */
export function Matrix({ children }: { children: ReactNode }) {
  return <div className="story-matrix">{children}</div>
}

/** Waits until every code block in `root` is highlighted, so a screenshot never catches plain code. */
export async function highlighted(root: HTMLElement): Promise<void> {
  await waitFor(
    () => {
      const blocks = [...root.querySelectorAll('.cp-code')]
      const plain = blocks.filter((block) => block.getAttribute('data-lang') && !block.querySelector('.cp-code__token'))
      return expect(plain).toHaveLength(0)
    },
    { timeout: 10_000 },
  )
}
