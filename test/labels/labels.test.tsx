import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { en, fillCount, fillLabel, type Labels, locales, mergeLabels, zhCN } from '../../src/labels/labels'

const isCountForms = (value: unknown): value is { other: string; one?: string } =>
  typeof value === 'object' && value !== null && 'other' in value
import { LabelsProvider, useLabels } from '../../src/labels/LabelsContext'

const leaves = (value: unknown, path = ''): [string, unknown][] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key))
    : [[path, value]]

describe('labels', () => {
  it('has a complete Simplified Chinese set: every English label, translated, same placeholders', () => {
    // A count label is one text or one per plural form: compared as the text of its `other` form.
    const counted = (labels: Labels) =>
      Object.fromEntries(Object.entries(labels).map(([key, value]) => [key, isCountForms(value) ? value.other : value]))
    const english = new Map(leaves(counted(en)))
    const chinese = new Map(leaves(counted(zhCN)))
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort())
    for (const [key, text] of chinese) {
      expect(typeof text, key).toBe('string')
      expect((text as string).length, key).toBeGreaterThan(0)
      const holes = (label: unknown) => [...String(label).matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
      expect(holes(text), key).toEqual(holes(english.get(key)))
    }
    const untranslated = [...chinese].filter(
      ([key, text]) => text === english.get(key) && !/^[\s+−{}\w]*$/.test(String(text)),
    )
    expect(untranslated).toEqual([])
  })

  it('says counts in the plural form of the labels’ language', () => {
    expect(fillCount(en.linesHidden, 1, en.lang)).toBe('1 more line')
    expect(fillCount(en.linesHidden, 2, en.lang)).toBe('2 more lines')
    expect(fillCount(en.linesHidden, 0, en.lang)).toBe('0 more lines')
    expect(fillCount(en.tokensCount, 12_345, en.lang, {}, '12.3k')).toBe('12.3k tokens')
    expect(fillCount(zhCN.linesHidden, 1, zhCN.lang)).toBe('还有 1 行')
    // Forms of a language with more categories, and a tag the runtime does not know.
    const polish = { one: '{count} plik', few: '{count} pliki', many: '{count} plików', other: '{count} pliku' }
    expect([1, 3, 5, 1.5].map((n) => fillCount(polish, n, 'pl'))).toEqual([
      '1 plik',
      '3 pliki',
      '5 plików',
      '1.5 pliku',
    ])
    expect(fillCount(polish, 3, 'not a tag!')).toBe('3 pliku')
    // Every count label of English has its singular form.
    for (const [key, value] of Object.entries(en)) if (isCountForms(value)) expect(value.one, key).toBeDefined()
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
