import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { type Labels, type Locale, locales, mergeLabels } from './labels.js'

const LabelsContext = createContext<Labels>(locales.en)

/** Props of {@link LabelsProvider}. */
export interface LabelsProviderProps {
  /** Which shipped label set to start from (default: the surrounding provider's, else `en`). */
  locale?: Locale
  /** Labels to override, merged over the locale's. */
  labels?: Partial<Labels>
  children?: ReactNode
}

/** Gives every component below it a label set (without `locale`, the surrounding one's, overridden). */
export function LabelsProvider({ locale, labels, children }: LabelsProviderProps) {
  const outer = useContext(LabelsContext)
  const value = useMemo(() => mergeLabels(locale ? locales[locale] : outer, labels), [locale, labels, outer])
  return <LabelsContext.Provider value={value}>{children}</LabelsContext.Provider>
}

/** The labels in effect, with a component's own overrides merged over them. */
export function useLabels(overrides?: Partial<Labels>): Labels {
  const labels = useContext(LabelsContext)
  return useMemo(() => mergeLabels(labels, overrides), [labels, overrides])
}
