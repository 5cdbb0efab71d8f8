import { t } from 'elysia'
import type { AddressResult } from '../../shared/address'
import { mirroring } from '../http/schemas'

/** One found address of GET /api/address/search; the type is the widget's and the server's rule (src/shared). */
export const addressResultSchema = mirroring<AddressResult>()(
  t.Object({
    displayName: t.String(),
    street: t.String(),
    houseNumber: t.String(),
    postalCode: t.String(),
    city: t.String(),
    gemeinde: t.String(),
    state: t.String(),
    country: t.String(),
  }),
)
