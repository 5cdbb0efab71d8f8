import { atom } from 'jotai'
import { defaultTaxYear } from '../../shared/tax-years'

/**
 * The tax year chosen on the dashboard (docs/statuses.md: the previous calendar
 * year by default). The documents area reads it for its checklist and uploads.
 */
export const selectedTaxYearAtom = atom<number>(defaultTaxYear())
