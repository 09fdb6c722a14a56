import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FilePart } from '../../src/components/FilePart/FilePart'
import { formatBytes } from '../../src/labels/format'
import { createUrlPolicy } from '../../src/components/shared/urlPolicy'
import type { FilePart as FilePartData } from '../../src/core/model/types'
import { withConfig } from './helpers'

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
const base = { id: 'prt_file', sessionID: 'ses_1', messageID: 'msg_1', type: 'file' as const }
const file = (extra: Partial<FilePartData> & Pick<FilePartData, 'mime' | 'url'>): FilePartData => ({
  ...base,
  ...extra,
})

describe('FilePart', () => {
  it('previews an inline image with alt text; it is saved, not opened as a page', () => {
    render(<FilePart part={file({ mime: 'image/png', url: PNG, filename: 'chart.png' })} />, { wrapper: withConfig() })
    const image = screen.getByRole('img', { name: 'chart.png' })
    expect(image.getAttribute('src')).toBe(PNG)
    expect(screen.queryByRole('link', { name: 'Open image: chart.png' })).toBeNull()
    const save = screen.getByRole('link', { name: 'chart.png' })
    expect(save.getAttribute('download')).toBe('chart.png')
  })

  it('opens a remote image full size in a new tab once it is loaded', () => {
    render(<FilePart part={file({ mime: 'image/png', url: 'https://cdn.example.com/chart.png' })} />, {
      wrapper: withConfig({ urlPolicy: createUrlPolicy({ imageOrigins: ['https://cdn.example.com'] }) }),
    })
    const open = screen.getByRole('link', { name: 'Open image: chart.png' })
    expect(open.getAttribute('href')).toBe('https://cdn.example.com/chart.png')
    expect(open.getAttribute('target')).toBe('_blank')
    expect(open.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('links an inline file only when its content is inert, under a name that fits that content', () => {
    const cases: [Pick<FilePartData, 'mime' | 'url' | 'filename'>, string | null][] = [
      // The declared mime and name lie; the data URL's own type decides.
      [{ mime: 'application/pdf', filename: 'invoice.html', url: 'data:application/xhtml+xml;base64,PGh0bWw+' }, null],
      [
        { mime: 'application/pdf', filename: 'invoice.html', url: 'data:application/pdf;base64,JVBERi0=' },
        'invoice.html.pdf',
      ],
      [{ mime: 'text/plain', filename: 'notes.txt', url: 'data:text/plain,hello' }, 'notes.txt'],
      [{ mime: 'text/plain', filename: 'run.exe', url: 'data:text/plain,hello' }, 'run.exe.txt'],
      [{ mime: 'text/plain', filename: '../../.bashrc', url: 'data:,hello' }, '_.._.bashrc.txt'],
      [{ mime: 'image/svg+xml', filename: 'logo.svg', url: 'data:image/svg+xml,<svg onload=alert(1)>' }, null],
      [{ mime: 'text/html', filename: 'page.html', url: 'data:text/html,<script>alert(1)</script>' }, null],
      [
        { mime: 'application/octet-stream', filename: 'setup.exe', url: 'data:application/octet-stream;base64,TVo=' },
        null,
      ],
    ]
    for (const [fields, download] of cases) {
      const { container, unmount } = render(<FilePart part={file(fields)} />, { wrapper: withConfig() })
      const anchor = container.querySelector('a')
      expect(anchor?.getAttribute('download') ?? null, fields.url).toBe(download)
      if (download !== null) expect(anchor?.getAttribute('href')).toBe(fields.url)
      unmount()
    }
  })

  it('never shows the base64 of an inline file as its name or alt text', () => {
    const { container } = render(<FilePart part={file({ mime: 'image/png', url: PNG })} />, { wrapper: withConfig() })
    expect(container.textContent).not.toContain('base64')
    expect(container.textContent).not.toContain('iVBOR')
    expect(screen.getByRole('img').getAttribute('alt')).toBe('image/png')
  })

  it('asks before loading a remote image', () => {
    render(<FilePart part={file({ mime: 'image/jpeg', url: 'https://images.example.org/cat.jpg' })} />, {
      wrapper: withConfig(),
    })
    expect(screen.queryByRole('img')).toBeNull()
    const gate = screen.getByRole('button', { name: 'Load image from images.example.org' })
    gate.focus()
    act(() => gate.click())
    expect(screen.getByRole('img', { name: 'cat.jpg' })).toBeTruthy()
    // The button is gone: the focus is on the preview that replaced it, not dropped to the page.
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Open image: cat.jpg' }))
  })

  it('shows other files as a chip with name, mime and size', () => {
    render(
      <FilePart part={file({ mime: 'application/pdf', url: 'https://example.com/files/spec.pdf', size: 250_880 })} />,
      { wrapper: withConfig() },
    )
    expect(screen.getByRole('link', { name: 'spec.pdf' }).getAttribute('href')).toBe(
      'https://example.com/files/spec.pdf',
    )
    expect(screen.getByText('application/pdf')).toBeTruthy()
    expect(screen.getByText('245 KB')).toBeTruthy()
  })

  it('shows the source of a file attached from the workspace, without linking file: URLs', () => {
    const source = { type: 'file' as const, path: 'src/index.ts', text: { value: '@src/index.ts', start: 0, end: 13 } }
    render(
      <FilePart part={file({ mime: 'text/plain', url: 'file:///repo/src/index.ts', filename: 'index.ts', source })} />,
      { wrapper: withConfig() },
    )
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByText('src/index.ts')).toBeTruthy()
    expect(screen.queryByText('Link blocked')).toBeNull()
  })

  it('refuses a script URL and says so', () => {
    render(<FilePart part={file({ mime: 'text/html', url: 'javascript:alert(1)', filename: 'x.html' })} />, {
      wrapper: withConfig(),
    })
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByText('Link blocked')).toBeTruthy()
  })

  it('says when an image cannot be loaded, and keeps its name', () => {
    render(
      <FilePart part={file({ mime: 'image/png', url: 'data:image/png;base64,broken', filename: 'broken.png' })} />,
      { wrapper: withConfig() },
    )
    act(() => {
      screen.getByRole('img').dispatchEvent(new Event('error'))
    })
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.getByText('Could not load')).toBeTruthy()
    expect(screen.getByText('broken.png')).toBeTruthy()
  })

  it('formats sizes for people', () => {
    expect([formatBytes(512), formatBytes(12_600), formatBytes(4.5 * 2 ** 20)]).toEqual(['512 B', '12 KB', '4.5 MB'])
  })

  it("names a file of the model's reasoning as such", () => {
    render(<FilePart part={file({ mime: 'image/png', url: 'https://files.example/plan.png', reasoning: true })} />, {
      wrapper: withConfig(),
    })
    expect(screen.getByText('Reasoning')).toBeTruthy()
    render(<FilePart part={file({ mime: 'image/png', url: 'https://files.example/other.png' })} />, {
      wrapper: withConfig(),
    })
    expect(screen.getAllByText('Reasoning')).toHaveLength(1)
  })
})
