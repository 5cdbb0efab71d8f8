import type { AppContext } from '../context'
import { isSwissCountry, MAX_RESULTS, splitHouseNumber, type AddressResult } from '../../shared/address'

/** How long the external geocoder may take before the offline results answer alone. */
export const GEOCODER_TIMEOUT_MS = 3000

type NominatimItem = {
  display_name?: string
  address?: Record<string, string | undefined>
}

/**
 * Forwards the query to ADDRESS_SEARCH_URL (a Nominatim-style search: q, format=json,
 * addressdetails=1, countrycodes=ch, limit=5) and keeps only Swiss results. Any failure
 * is logged and answers an empty list: the offline search still answers.
 */
export async function searchExternal(ctx: AppContext, q: string, language: string): Promise<AddressResult[]> {
  const url = new URL(ctx.config.addressSearchUrl!)
  url.searchParams.set('q', q)
  url.searchParams.set('format', 'json')
  url.searchParams.set('addressdetails', '1')
  url.searchParams.set('countrycodes', 'ch')
  url.searchParams.set('limit', String(MAX_RESULTS))
  url.searchParams.set('accept-language', language)
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
      headers: { Accept: 'application/json', 'User-Agent': `${ctx.config.appName} address lookup` },
    })
    if (!res.ok) throw new Error(`status ${res.status}`)
    const items = (await res.json()) as unknown
    if (!Array.isArray(items)) throw new Error('not a list')
    return items
      .flatMap((item: NominatimItem) => {
        const a = item.address ?? {}
        if (a.country_code ? a.country_code.toLowerCase() !== 'ch' : !isSwissCountry(a.country)) return []
        const split = a.house_number
          ? { street: a.road ?? '', houseNumber: a.house_number }
          : splitHouseNumber(a.road ?? '')
        return [
          {
            displayName: item.display_name ?? '',
            street: split.street,
            houseNumber: split.houseNumber,
            postalCode: a.postcode ?? '',
            city: a.city ?? a.town ?? a.village ?? a.hamlet ?? '',
            gemeinde: a.municipality ?? a.city ?? a.town ?? a.village ?? '',
            state: a.state ?? '',
            country: 'Switzerland',
          },
        ]
      })
      .slice(0, MAX_RESULTS)
  } catch (error) {
    ctx.log.warn('address geocoder failed', { error: String(error) })
    return []
  }
}
