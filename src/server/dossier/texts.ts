import type { Language } from '../../shared/languages'
import { localeTexts } from '../infra/locale-texts'

/**
 * The dossier's labels, from the locale files the client uses (admin: the dossier's own, wizard: the profile's
 * questions and answers, home: the status names), loaded when a dossier is first made: an idle server holds none.
 * home.json comes through localeTexts, as a file like everywhere else on the server: imported here as JSON as well, the
 * executable's split bundle made it one module for both, an object where locale-texts.ts expects a path.
 */
type Tree = { [key: string]: string | Tree }
const LOADERS: Record<PdfLanguage, () => Promise<Tree[]>> = {
  en: () =>
    Promise.all([import('../../../locales/en/admin.json'), import('../../../locales/en/wizard.json')]).then((m) =>
      m.map((x) => x.default as Tree),
    ),
  de: () =>
    Promise.all([import('../../../locales/de/admin.json'), import('../../../locales/de/wizard.json')]).then((m) =>
      m.map((x) => x.default as Tree),
    ),
  fr: () =>
    Promise.all([import('../../../locales/fr/admin.json'), import('../../../locales/fr/wizard.json')]).then((m) =>
      m.map((x) => x.default as Tree),
    ),
  it: () =>
    Promise.all([import('../../../locales/it/admin.json'), import('../../../locales/it/wizard.json')]).then((m) =>
      m.map((x) => x.default as Tree),
    ),
  gsw: () =>
    Promise.all([import('../../../locales/gsw/admin.json'), import('../../../locales/gsw/wizard.json')]).then((m) =>
      m.map((x) => x.default as Tree),
    ),
}

/**
 * The languages a dossier is written in. The PDF's standard fonts hold Latin letters only (WinAnsi), so a Chinese
 * interface gets an English dossier rather than a page of question marks.
 */
export type PdfLanguage = Exclude<Language, 'zh'>
export const pdfLanguage = (language: string): PdfLanguage =>
  language === 'de' || language === 'fr' || language === 'it' || language === 'gsw' ? language : 'en'

export type Translate = (key: string, vars?: Record<string, string | number>) => string

/** `t('admin:dossier.title', { year })`, with i18next's {{var}} and _one/_other plurals; English for a missing key. */
export async function dossierTexts(language: PdfLanguage): Promise<Translate> {
  // admin and wizard per language (static paths, so the bundle holds them), then home through localeTexts.
  const load = async (lng: PdfLanguage) => [...(await LOADERS[lng]()), localeTexts('home', lng) as Tree]
  const [mine, english] = await Promise.all([load(language), language === 'en' ? null : load('en')])
  const namespaces = ['admin', 'wizard', 'home']
  const find = (trees: Tree[] | null, ns: string, key: string): string | undefined => {
    let node: string | Tree | undefined = trees?.[namespaces.indexOf(ns)]
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined
    return typeof node === 'string' ? node : undefined
  }
  return (full, vars = {}) => {
    const [ns, key] = full.split(':') as [string, string]
    const plural = typeof vars.count === 'number' ? `${key}_${vars.count === 1 ? 'one' : 'other'}` : key
    const text = find(mine, ns, plural) ?? find(mine, ns, key) ?? find(english, ns, plural) ?? find(english, ns, key)
    return (text ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''))
  }
}
