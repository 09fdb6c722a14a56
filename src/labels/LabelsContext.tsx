import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { type Labels, type Locale, locales, mergeLabels } from './labels.js'

const LabelsContext = createContext<Labels>(locales.en)

/** Props of {@link LabelsProvider}. */
export interface LabelsProviderProps {
  /** Which shipped label set to start from (default: `en`). */
  locale?: Locale
  /** Labels to override, merged over the locale's. */
  labels?: Partial<Labels>
  children?: ReactNode
}

/** Gives every component below it a label set. */
export function LabelsProvider({ locale = 'en', labels, children }: LabelsProviderProps) {
  const value = useMemo(() => mergeLabels(locales[locale], labels), [locale, labels])
  return <LabelsContext.Provider value={value}>{children}</LabelsContext.Provider>
}

/** The labels in effect, with a component's own overrides merged over them. */
export function useLabels(overrides?: Partial<Labels>): Labels {
  const labels = useContext(LabelsContext)
  return useMemo(() => mergeLabels(labels, overrides), [labels, overrides])
}
