import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { FrameMark } from '../../src/markdown/tasks'
import { framesOnRequest } from './helpers'

describe('FrameMark', () => {
  it('holds from the work until the next frame begins, whatever the time', () => {
    // The clock stands still; frames come only when the test says.
    framesOnRequest(true)
    const mark = new FrameMark()
    expect(mark.current).toBe(false)
    mark.mark()
    expect(mark.current).toBe(true)
    vi.advanceTimersToNextFrame()
    expect(mark.current).toBe(false)
    // Cleared at the frame and marked again in it (work done at the frame, by a callback that runs
    // before the mark's own): the first mark's callback does not end the second, made in this frame.
    requestAnimationFrame(() => {
      mark.clear()
      mark.mark()
    })
    mark.mark()
    vi.advanceTimersToNextFrame()
    expect(mark.current).toBe(true)
    vi.advanceTimersToNextFrame()
    expect(mark.current).toBe(false)
    mark.mark()
    mark.clear()
    expect(mark.current).toBe(false)
    mark.mark()
    expect(mark.current).toBe(true)
  })

  it('marks nothing where there are no frames, so nothing waits for one', () => {
    vi.stubGlobal('requestAnimationFrame', undefined)
    onTestFinished(() => {
      vi.unstubAllGlobals()
    })
    const mark = new FrameMark()
    mark.mark()
    expect(mark.current).toBe(false)
  })
})
