import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { CantonEntry } from './use-cantons'

/** A canton as shown: its name in the UI language (the served name stays the official one, for slugs). */
export interface ShownCanton extends CantonEntry {
  shownName: string
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/**
 * The cantons sorted by their name in the UI language (not by code), and filtered by a typed
 * text that matches the shown name, the official name or the code.
 */
export function useShownCantons(cantons: readonly CantonEntry[] | undefined, filter = ''): ShownCanton[] | undefined {
  const { t, i18n } = useTranslation('cantons')
  const language = i18n.resolvedLanguage ?? 'en'
  return useMemo(() => {
    if (!cantons) return undefined
    const collator = new Intl.Collator(language === 'gsw' ? 'de-CH' : language)
    const f = fold(filter.trim())
    return cantons
      .map((c) => ({ ...c, shownName: t(`name.${c.code}`, { defaultValue: c.name }) }))
      .filter((c) => !f || fold(c.shownName).includes(f) || fold(c.name).includes(f) || c.code.toLowerCase() === f)
      .sort((a, b) => collator.compare(a.shownName, b.shownName))
  }, [cantons, filter, language, t])
}
