import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { en, fillLabel, locales, mergeLabels, zhCN } from '../../src/labels/labels'
import { LabelsProvider, useLabels } from '../../src/labels/LabelsContext'

const leaves = (value: unknown, path = ''): [string, unknown][] =>
  typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key)) : [[path, value]]

describe('labels', () => {
  it('has a complete Simplified Chinese set: every English label, translated, same placeholders', () => {
    const english = new Map(leaves(en))
    const chinese = new Map(leaves(zhCN))
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort())
    for (const [key, text] of chinese) {
      expect(typeof text, key).toBe('string')
      expect((text as string).length, key).toBeGreaterThan(0)
      const holes = (label: unknown) => [...String(label).matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
      expect(holes(text), key).toEqual(holes(english.get(key)))
    }
    const untranslated = [...chinese].filter(([key, text]) => text === english.get(key) && !/^[\s+−{}\w]*$/.test(String(text)))
    expect(untranslated).toEqual([])
  })

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fillLabel(en.thoughtFor, { seconds: '3 s' })).toBe('Thought for 3 s')
    expect(fillLabel('{a} and {b}', { a: 1 })).toBe('1 and {b}')
  })

  it('overrides single labels, nested maps key by key, over the surrounding locale', () => {
    const merged = mergeLabels(en, { copy: 'Copy it', toolStatus: { ...en.toolStatus, error: 'Broke' } })
    expect(merged.copy).toBe('Copy it')
    expect(merged.toolStatus).toEqual({ ...en.toolStatus, error: 'Broke' })
    const Probe = () => {
      const labels = useLabels({ copied: '好了' })
      return <p>{`${labels.copy}/${labels.copied}/${labels.jumpToLatest}`}</p>
    }
    render(
      <LabelsProvider locale="zh-CN">
        <LabelsProvider labels={{ jumpToLatest: '最新' }}>
          <Probe />
        </LabelsProvider>
      </LabelsProvider>,
    )
    expect(screen.getByText(`${locales['zh-CN'].copy}/好了/最新`)).toBeTruthy()
  })
})
