import type { ComponentType, ReactNode } from 'react'
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

/**
 * Waits until every code block and diff in a language in `root` is highlighted, so a screenshot
 * never catches plain code.
 */
export async function highlighted(root: HTMLElement): Promise<void> {
  await waitFor(() => {
    const blocks = [...root.querySelectorAll('.cp-code[data-lang]')]
    const diffs = [...root.querySelectorAll('.cp-diff[data-lang]')]
    const plain = [
      ...blocks.filter((block) => !block.querySelector('.cp-code__token')),
      ...diffs.filter((diff) => !diff.querySelector('[data-highlighted]')),
    ]
    return expect(plain).toHaveLength(0)
  })
}

/**
 * Waits for the browser's next rendering update, for a story that reads geometry. A finished text is
 * `content-visibility: auto`, and one just mounted stays skipped (laid out at its reserved size, no
 * width of its own) until that update finds it on screen: read before it, a chat bubble sized by its
 * text is as narrow as its padding and the text runs out of it.
 */
export async function rendered(): Promise<void> {
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
}

/** One state of a part component: its name in the matrix, the part, and whether it streams. */
export interface PartCase<P> {
  name: string
  part: P
  streaming?: boolean
}

/** The state matrix of a part component: one labelled cell per case. */
export function PartStates<P extends { id: string }>({
  cases,
  component: View,
}: {
  cases: readonly PartCase<P>[]
  component: ComponentType<{ part: P; streaming?: boolean | undefined }>
}) {
  return (
    <Matrix>
      {cases.map(({ name, part, streaming }) => (
        <Cell key={part.id} name={name}>
          <View part={part} streaming={streaming} />
        </Cell>
      ))}
    </Matrix>
  )
}
