import { describe, expect, it } from 'vitest'
import { byAttribute } from '../../../src/components/shared/selector'

describe('byAttribute', () => {
  it('selects the element whose id has quotes, backslashes, brackets or a line break, where CSS.escape is missing', () => {
    const ids = ['prt_plain', 'msg_"quoted"', 'a\\b', 'x] [y', 'line\nbreak', "it's"]
    document.body.replaceChildren(
      ...ids.map((id) => {
        const element = document.createElement('div')
        element.setAttribute('data-part-id', id)
        return element
      }),
    )
    expect(
      ids.map((id) => document.querySelector(byAttribute('data-part-id', id))?.getAttribute('data-part-id')),
    ).toEqual(ids)
  })
})
