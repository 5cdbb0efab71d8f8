import type { AppContext } from '../context'
import { badRequest } from '../http/errors'
import { profileOf } from '../users/profile'
import { cantonByCode, cantonBySlug } from '../../shared/cantons'
import { getUser } from '../users/service'
import { authorizationOf, spouseOf } from './service'
import { isPoaLanguage, swissDate, POA_LANGUAGES, type PoaLanguage } from './poa-languages'

/**
 * The person's power of attorney for a year: their name, address and date of birth from the
 * profile, the canton and tax ID from the saved authorization (the profile's canton when none is
 * saved yet), the spouse of the year's spouse information, the firm from FIRM_NAME / FIRM_ADDRESS,
 * and the place and date of today.
 */
export async function personalPowerOfAttorney(
  ctx: AppContext,
  userId: number,
  taxYear: number,
  lang: string | undefined,
) {
  const language = pickLanguage(lang ?? (await getUser(ctx, userId)).language)
  if (lang && !isPoaLanguage(lang))
    throw badRequest(`Invalid field 'lang': one of ${POA_LANGUAGES.join(', ')}`, 'INVALID_LANGUAGE')
  const p = await profileOf(ctx, userId)
  const auth = await authorizationOf(ctx, userId, taxYear)
  const spouse = await spouseOf(ctx, userId, taxYear)
  const canton =
    (auth?.canton ? cantonByCode(auth.canton) : undefined) ??
    (p.cantonOfResidence ? cantonBySlug(p.cantonOfResidence) : undefined)
  const street = p.street?.trim() ?? ''
  const town = [p.zipCode, p.city].filter(Boolean).join(' ')
  // Loaded on the first PDF asked for (pdf-lib and the texts are not needed at start).
  const { powerOfAttorneyPdf } = await import('./power-of-attorney')
  const bytes = await powerOfAttorneyPdf(
    {
      taxYear,
      firm: { name: ctx.config.firmName, address: ctx.config.firmAddress },
      person: {
        name: p.name,
        address: [street, town].filter(Boolean).join(', '),
        dateOfBirth: p.dateOfBirth ? swissDate(p.dateOfBirth) : '',
        canton: canton ? `${canton.name} (${canton.code})` : '',
        taxId: auth?.tinNumber ?? '',
        spouse: spouse ? [spouse.firstName, spouse.lastName].filter((s) => s.trim()).join(' ') : undefined,
        place: p.city ?? '',
        date: swissDate(new Date(ctx.now()).toISOString().slice(0, 10)),
      },
    },
    language,
  )
  return { bytes, filename: `power-of-attorney-${taxYear}-${language}.pdf` }
}

/** The asked language when the PDF has it; a Swiss German or Chinese interface gets German or English. */
function pickLanguage(lang: string): PoaLanguage {
  if (isPoaLanguage(lang)) return lang
  return lang === 'gsw' ? 'de' : 'en'
}
