import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Message } from '../../src/components/MessageView/MessageView'
import { labelText } from '../../src/components/shared/displayText'
import { assistantInfo, filePart, sourcePart, textPart, toolPart, userInfo } from '../../src/core/build'
import type { Part, WithParts } from '../../src/core/model/types'
import { withConfig } from './helpers'

// A real PNG, 1×1, as many a chat app attaches one: no filename, the payload in the URL.
const BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='.repeat(3)
const DATA_URL = `data:image/png;base64,${BASE64}`

/** Every text a reader meets: visible text, and the names and titles of elements. */
function everythingShown(root: HTMLElement): string {
  const attributes = [...root.querySelectorAll('*')].flatMap((element) =>
    ['alt', 'aria-label', 'title'].map((name) => element.getAttribute(name) ?? ''),
  )
  return [root.textContent ?? '', ...attributes].join('\n')
}

const ids = (id: string) => ({ id, sessionID: 's', messageID: 'msg_a' })

/** Each part type that shows a name, given a payload where a name could be. */
const cases: Array<[string, Part]> = [
  ['file without a filename', filePart(ids('p1'), { mime: 'image/png', url: DATA_URL })],
  ['file whose filename is a data URL', filePart(ids('p2'), { mime: 'image/png', url: DATA_URL, filename: DATA_URL })],
  [
    'file whose source path is the payload',
    filePart(ids('p3'), {
      mime: 'application/pdf',
      url: DATA_URL,
      source: { type: 'file', path: BASE64, text: { value: '', start: 0, end: 0 } },
    }),
  ],
  ['file whose type is the payload', filePart(ids('p4'), { mime: BASE64, url: DATA_URL })],
  ['url source titled with a data URL', sourcePart(ids('p5'), 'src1', { kind: 'url', url: DATA_URL, title: DATA_URL })],
  [
    'document source named with base64',
    sourcePart(ids('p6'), 'src2', { kind: 'document', mime: 'application/pdf', title: BASE64, filename: BASE64 }),
  ],
  [
    'tool whose attachment has no filename',
    toolPart(ids('p7'), {
      callID: 'c1',
      tool: 'screenshot',
      state: {
        status: 'completed',
        input: {},
        output: 'ok',
        title: 'screenshot',
        metadata: {},
        time: { start: 1, end: 2 },
        attachments: [filePart(ids('p8'), { mime: 'image/png', url: DATA_URL })],
      },
    }),
  ],
]

describe('no payload is ever shown as a label', () => {
  it.each(cases)('%s', (_name, part) => {
    const message: WithParts = { info: assistantInfo({ id: 'msg_a', sessionID: 's', created: 1 }), parts: [part] }
    const { container } = render(<Message message={message} />, { wrapper: withConfig() })
    // The tool is folded: open it so its attachment is shown too.
    container.querySelector<HTMLButtonElement>('.cp-tool__header')?.click()
    const shown = everythingShown(container)
    expect(shown).not.toContain('base64,')
    expect(shown).not.toContain(BASE64.slice(0, 40))
  })

  it('in a user message too', () => {
    const message: WithParts = {
      info: userInfo({ id: 'msg_u', sessionID: 's', created: 1 }),
      parts: [
        textPart({ ...ids('t'), messageID: 'msg_u' }, 'What is in this image?'),
        filePart({ ...ids('f'), messageID: 'msg_u' }, { mime: 'image/png', url: DATA_URL }),
      ],
    }
    const { container } = render(<Message message={message} />, { wrapper: withConfig() })
    expect(everythingShown(container)).not.toContain(BASE64.slice(0, 40))
    // It is named by its type instead.
    expect(container.querySelector('.cp-file__name')?.textContent).toBe('image/png')
  })

  it('keeps a real name, and cuts a long one in the middle so its extension stays', () => {
    expect(labelText('report.pdf', 'file')).toBe('report.pdf')
    const long = `${'quarterly-results-'.repeat(8)}final.pdf`
    const cut = labelText(long, 'file')
    expect(cut.length).toBeLessThanOrEqual(80)
    expect(cut.startsWith('quarterly-results-')).toBe(true)
    expect(cut.endsWith('final.pdf')).toBe(true)
    expect(labelText('  ', 'file')).toBe('file')
    expect(labelText(42, 'file')).toBe('file')
  })
})
