import { useLayoutEffect, useState } from 'react'
import { flushSync } from 'react-dom'

/**
 * For work held back until the next frame (what is being written, redone at most once a frame):
 * while `behind`, at the next frame runs `catchUp` and renders the component again, committed in
 * the frame's callback so that the frame is painted with it. An update left to React's scheduler
 * there would render in a task after the frame is painted: what was held back would show a frame
 * late. Without frames nothing is held back, and nothing is asked for. Asked for in the commit (a
 * layout effect): an effect run after every render has React post a task at every commit.
 */
export function useFrameCatchUp(behind: boolean, catchUp: () => void): void {
  const [, setFrame] = useState(0)
  useLayoutEffect(() => {
    if (!behind || typeof requestAnimationFrame === 'undefined') return
    const frame = requestAnimationFrame(() => {
      catchUp()
      flushSync(() => setFrame((n) => n + 1))
    })
    return () => cancelAnimationFrame(frame)
  })
}
