import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ChatpartsProvider, type DataViewProps } from '../../src/components/shared/config'
import { DataPart } from '../../src/components/DataPart/DataPart'
import { dataPart } from '../../src/core/build'

const ids = { id: 'prt_d', sessionID: 's', messageID: 'm' }

describe('data parts', () => {
  it('are shown by the app’s view for their name', () => {
    const Weather = ({ part }: DataViewProps) => <p>Weather: {(part.data as { city: string }).city}</p>
    render(
      <ChatpartsProvider dataViews={{ weather: Weather }}>
        <DataPart part={dataPart(ids, 'weather', { city: 'Oslo' })} />
      </ChatpartsProvider>,
    )
    expect(screen.getByText('Weather: Oslo')).toBeTruthy()
  })

  it('without one, by a neutral folded view of their JSON, never as markup', () => {
    render(<DataPart part={dataPart(ids, 'trace', { html: '<img src=x onerror=alert(1)>' })} />)
    const toggle = screen.getByRole('button', { name: 'Data: trace' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)
    expect(document.querySelector('.cp-data__json')?.textContent).toContain('<img src=x onerror=alert(1)>')
    expect(document.querySelector('img')).toBeNull()
  })

  it('a view named like an Object prototype key is not looked up there', () => {
    render(<DataPart part={dataPart(ids, 'constructor', 1)} />)
    expect(screen.getByRole('button', { name: 'Data: constructor' })).toBeTruthy()
  })
})
