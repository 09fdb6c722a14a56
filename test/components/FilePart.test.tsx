import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FilePart, formatBytes } from '../../src/components/FilePart/FilePart'
import type { FilePart as FilePartData } from '../../src/core/model/types'
import { withConfig } from './helpers'

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
const base = { id: 'prt_file', sessionID: 'ses_1', messageID: 'msg_1', type: 'file' as const }
const file = (extra: Partial<FilePartData> & Pick<FilePartData, 'mime' | 'url'>): FilePartData => ({ ...base, ...extra })

describe('FilePart', () => {
  it('previews an inline image with alt text, opening full size on click', () => {
    render(<FilePart part={file({ mime: 'image/png', url: PNG, filename: 'chart.png' })} />, { wrapper: withConfig() })
    const image = screen.getByRole('img', { name: 'chart.png' })
    expect(image.getAttribute('src')).toBe(PNG)
    const open = screen.getByRole('link', { name: 'Open image: chart.png' })
    expect(open.getAttribute('target')).toBe('_blank')
    expect(open.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('asks before loading a remote image', () => {
    render(<FilePart part={file({ mime: 'image/jpeg', url: 'https://images.example.org/cat.jpg' })} />, { wrapper: withConfig() })
    expect(screen.queryByRole('img')).toBeNull()
    act(() => screen.getByRole('button', { name: 'Load image from images.example.org' }).click())
    expect(screen.getByRole('img', { name: 'cat.jpg' })).toBeTruthy()
  })

  it('shows other files as a chip with name, mime and size', () => {
    render(<FilePart part={file({ mime: 'application/pdf', url: 'https://example.com/files/spec.pdf', size: 250_880 })} />, { wrapper: withConfig() })
    expect(screen.getByRole('link', { name: 'spec.pdf' }).getAttribute('href')).toBe('https://example.com/files/spec.pdf')
    expect(screen.getByText('application/pdf')).toBeTruthy()
    expect(screen.getByText('245 KB')).toBeTruthy()
  })

  it('shows the source of a file attached from the workspace, without linking file: URLs', () => {
    const source = { type: 'file' as const, path: 'src/index.ts', text: { value: '@src/index.ts', start: 0, end: 13 } }
    render(<FilePart part={file({ mime: 'text/plain', url: 'file:///repo/src/index.ts', filename: 'index.ts', source })} />, { wrapper: withConfig() })
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByText('src/index.ts')).toBeTruthy()
    expect(screen.queryByText('Link blocked')).toBeNull()
  })

  it('refuses a script URL and says so', () => {
    render(<FilePart part={file({ mime: 'text/html', url: 'javascript:alert(1)', filename: 'x.html' })} />, { wrapper: withConfig() })
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByText('Link blocked')).toBeTruthy()
  })

  it('says when an image cannot be loaded, and keeps its name', () => {
    render(<FilePart part={file({ mime: 'image/png', url: 'data:image/png;base64,broken', filename: 'broken.png' })} />, { wrapper: withConfig() })
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
})
