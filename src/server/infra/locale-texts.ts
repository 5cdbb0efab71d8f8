// The locale files the server itself reads (mails, category names, status names, the plan request). They are
// embedded as files and parsed on first use, one language and namespace at a time: an idle server holds none of
// them, and a server whose people all read German holds the German ones only. Imported as JSON they were object
// trees built at start for all six languages (bench "memory", bench/run.ts).
import { readFileSync } from 'node:fs'
import type { Language } from '../../shared/languages'
import mailEn from '../../../locales/en/mail.json' with { type: 'file' }
import mailDe from '../../../locales/de/mail.json' with { type: 'file' }
import mailFr from '../../../locales/fr/mail.json' with { type: 'file' }
import mailIt from '../../../locales/it/mail.json' with { type: 'file' }
import mailGsw from '../../../locales/gsw/mail.json' with { type: 'file' }
import mailZh from '../../../locales/zh/mail.json' with { type: 'file' }
import homeEn from '../../../locales/en/home.json' with { type: 'file' }
import homeDe from '../../../locales/de/home.json' with { type: 'file' }
import homeFr from '../../../locales/fr/home.json' with { type: 'file' }
import homeIt from '../../../locales/it/home.json' with { type: 'file' }
import homeGsw from '../../../locales/gsw/home.json' with { type: 'file' }
import homeZh from '../../../locales/zh/home.json' with { type: 'file' }
import documentsEn from '../../../locales/en/documents.json' with { type: 'file' }
import documentsDe from '../../../locales/de/documents.json' with { type: 'file' }
import documentsFr from '../../../locales/fr/documents.json' with { type: 'file' }
import documentsIt from '../../../locales/it/documents.json' with { type: 'file' }
import documentsGsw from '../../../locales/gsw/documents.json' with { type: 'file' }
import documentsZh from '../../../locales/zh/documents.json' with { type: 'file' }
import profileEn from '../../../locales/en/profile.json' with { type: 'file' }
import profileDe from '../../../locales/de/profile.json' with { type: 'file' }
import profileFr from '../../../locales/fr/profile.json' with { type: 'file' }
import profileIt from '../../../locales/it/profile.json' with { type: 'file' }
import profileGsw from '../../../locales/gsw/profile.json' with { type: 'file' }
import profileZh from '../../../locales/zh/profile.json' with { type: 'file' }

/** The texts of each namespace, typed from the English file (the locale test keeps the others complete). */
export interface LocaleTexts {
  mail: typeof import('../../../locales/en/mail.json')
  home: typeof import('../../../locales/en/home.json')
  documents: typeof import('../../../locales/en/documents.json')
  profile: typeof import('../../../locales/en/profile.json')
}

// A `type: 'file'` import is the file's path (inside the executable: /$bunfs/…); TypeScript types it as the JSON.
const FILES: Record<keyof LocaleTexts, Record<Language, string>> = {
  mail: { en: mailEn, de: mailDe, fr: mailFr, it: mailIt, gsw: mailGsw, zh: mailZh },
  home: { en: homeEn, de: homeDe, fr: homeFr, it: homeIt, gsw: homeGsw, zh: homeZh },
  documents: { en: documentsEn, de: documentsDe, fr: documentsFr, it: documentsIt, gsw: documentsGsw, zh: documentsZh },
  profile: { en: profileEn, de: profileDe, fr: profileFr, it: profileIt, gsw: profileGsw, zh: profileZh },
} as unknown as Record<keyof LocaleTexts, Record<Language, string>>

const parsed = new Map<string, unknown>()

/** One namespace of one language, read and parsed the first time it is asked for, then kept. */
export function localeTexts<N extends keyof LocaleTexts>(namespace: N, language: Language): LocaleTexts[N] {
  const key = `${namespace}/${language}`
  let texts = parsed.get(key)
  if (!texts) {
    texts = JSON.parse(readFileSync(FILES[namespace][language], 'utf8'))
    parsed.set(key, texts)
  }
  return texts as LocaleTexts[N]
}

/** Which namespaces and languages this process has read so far (the test that idle reads none). */
export const localesRead = () => [...parsed.keys()]
