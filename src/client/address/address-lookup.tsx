import { useEffect, useEffectEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, call } from '../api/client'
import { toast } from '../ui/toast'
import { MIN_QUERY_LENGTH, SEARCH_DELAY_MS, streetLine, type AddressResult } from '../../shared/address'

/**
 * The address lookup widget (spec part 2 §2 and §5): searches from 3 characters after a
 * 500 ms pause (or at once with the search button), lists up to 5 Swiss suggestions, and
 * confirms the chosen one with 'Address Selected'.
 */
export function AddressLookup({ onSelect, initial = '' }: { onSelect: (a: AddressResult) => void; initial?: string }) {
  const { t } = useTranslation('profile')
  const id = useId()
  const streets = useStreetsCovered()
  const { query, setQuery, results, busy, selected, setSelected, search, choose, clear } = useAddressSearch(
    initial,
    onSelect,
  )

  return (
    <div className="address-lookup">
      <label htmlFor={`${id}-q`}>{t('address.search_label')}</label>
      {/* No role="search" here: Pico joins a search group's children into one pill, which breaks
          when the row wraps on a phone (half-rounded buttons). */}
      <div className="address-row">
        <input
          id={`${id}-q`}
          type="search"
          autoComplete="off"
          value={query}
          placeholder={t('address.placeholder')}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setQuery(e.target.value)
            setSelected(null)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              search(query)
            }
          }}
        />
        <button
          type="button"
          className="outline"
          onClick={() => search(query)}
          aria-busy={busy}
          disabled={query.trim().length < MIN_QUERY_LENGTH}
        >
          {t('address.search')}
        </button>
        <button type="button" className="secondary outline" onClick={clear} disabled={!query}>
          {t('address.clear')}
        </button>
      </div>
      <small id={`${id}-hint`} className="muted">
        {t(streets ? 'address.hint_streets' : 'address.hint')}
      </small>
      {results && <Suggestions results={results} onChoose={choose} />}
      {selected && (
        <div className="address-selected" role="status">
          <strong>{t('address.selected')}</strong>
          <span>{selected.displayName}</span>
        </div>
      )}
    </div>
  )
}

/** Streets and house numbers can be found only once the server has imported the building register. */
function useStreetsCovered() {
  const [streets, setStreets] = useState(false)
  useEffect(() => {
    let live = true
    call(api.address.coverage.get()).then(
      (c) => {
        if (live) setStreets(c.streets)
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [])
  return streets
}

/** Up to five Swiss suggestions, or the note that only Swiss addresses are found. */
function Suggestions({ results, onChoose }: { results: AddressResult[]; onChoose: (a: AddressResult) => void }) {
  const { t } = useTranslation('profile')
  return (
    <>
      {results.length > 0 && (
        <ul className="address-suggestions" aria-label={t('address.suggestions')}>
          {results.map((r) => (
            <li key={`${r.displayName}|${r.gemeinde}`}>
              <button type="button" className="suggestion" onClick={() => onChoose(r)}>
                <strong>{streetLine(r) || `${r.postalCode} ${r.city}`}</strong>
                <small>
                  {`${r.postalCode} ${r.city}${r.gemeinde && r.gemeinde !== r.city ? ` (${r.gemeinde})` : ''}, ` +
                    `${r.state}`}
                </small>
              </button>
            </li>
          ))}
        </ul>
      )}
      {results.length === 0 && (
        <div className="address-empty" role="status">
          <strong>{t('address.swiss_only_title')}</strong>
          <p>{t('address.swiss_only_text')}</p>
        </div>
      )}
    </>
  )
}

/** The search: after a pause in typing (or at once), the latest answer only; choosing and clearing. */
function useAddressSearch(initial: string, onSelect: (a: AddressResult) => void) {
  const { t } = useTranslation('profile')
  const [query, setQuery] = useState(initial)
  const [results, setResults] = useState<AddressResult[] | null>(null)
  const [busy, setBusy] = useState(false)
  const [selected, setSelected] = useState<AddressResult | null>(null)
  const seq = useRef(0)

  async function search(q: string) {
    const n = ++seq.current
    if (q.trim().length < MIN_QUERY_LENGTH) {
      setResults(null)
      return
    }
    setBusy(true)
    try {
      const found = await call(api.address.search.get({ query: { q: q.trim() } }))
      if (n === seq.current) setResults(found)
    } catch {
      if (n === seq.current) {
        setResults(null)
        toast({ title: t('address.error_title'), description: t('address.error_text'), variant: 'destructive' })
      }
    } finally {
      if (n === seq.current) setBusy(false)
    }
  }

  // Typing searches after a pause; choosing a result (which sets the query to its name) does not.
  const onQueryChange = useEffectEvent((q: string) => {
    if (selected && q === selected.displayName) return
    return setTimeout(() => search(q), SEARCH_DELAY_MS)
  })
  useEffect(() => {
    const timer = onQueryChange(query)
    return () => clearTimeout(timer)
  }, [query])

  const choose = (a: AddressResult) => {
    setSelected(a)
    setResults(null)
    setQuery(a.displayName)
    seq.current++
    onSelect(a)
  }
  const clear = () => {
    seq.current++
    setQuery('')
    setResults(null)
    setSelected(null)
    setBusy(false)
  }

  return { query, setQuery, results, busy, selected, setSelected, search, choose, clear }
}
