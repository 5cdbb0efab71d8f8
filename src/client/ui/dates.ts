/** Locale for Intl formatting: Swiss registers where there is one; Swiss German formats as de-CH. */
export function intlLocale(language: string): string {
  return (
    ({ de: 'de-CH', gsw: 'de-CH', fr: 'fr-CH', it: 'it-CH', en: 'en-CH', zh: 'zh-CN' } as Record<string, string>)[
      language
    ] ?? 'en-CH'
  )
}

const valid = (iso: string | undefined) => {
  if (!iso) return null
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? null : d
}

/** Local calendar day as YYYY-MM-DD, the grouping key; '' when the date is missing. */
export function dayKey(iso: string | undefined): string {
  const d = valid(iso)
  if (!d) return ''
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

const formats = new Map<string, Intl.DateTimeFormat>()

/** One formatter per language and style, kept: making an Intl.DateTimeFormat costs far more than using one. */
export function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`
  const kept = formats.get(key)
  if (kept) return kept
  const format = new Intl.DateTimeFormat(intlLocale(language), options)
  formats.set(key, format)
  return format
}

export const formatDay = (iso: string, language: string) =>
  dateFormat(language, { dateStyle: 'full' }).format(new Date(iso))

/** A moment as date and time; `at` is an ISO string or epoch milliseconds (the messages carry those). */
export const formatDateTime = (at: string | number, language: string) =>
  dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at))

/** HH:mm, or null when the time is unknown. */
export function formatTime(iso: string | undefined): string | null {
  const d = valid(iso)
  if (!d) return null
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31536e6],
  ['month', 2592e6],
  ['week', 6048e5],
  ['day', 864e5],
  ['hour', 36e5],
  ['minute', 6e4],
]

export function relativeTime(iso: string, language: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now
  const rtf = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' })
  for (const [unit, ms] of UNITS) if (Math.abs(diff) >= ms) return rtf.format(Math.round(diff / ms), unit)
  return rtf.format(0, 'minute')
}
