import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import { addressCoverage, searchAddresses } from './search'
import { addressResultSchema } from './model'

/** GET /api/address/search?q=: up to 5 Swiss addresses (spec part 2 §2 "Address lookup"). */
export function addressRoutes(ctx: AppContext, sessions: SessionStore) {
  return (
    new Elysia({ name: 'address-routes', seed: pluginSeed(ctx) })
      .use(authPlugin(ctx, sessions))
      .get(
        '/api/address/search',
        ({ query, request }) => {
          // The geocoder answers in the browser's language (spec: "language from browser").
          const language = /^[a-z]{2,3}/i.exec(request.headers.get('accept-language') ?? '')?.[0]?.toLowerCase() ?? 'en'
          return searchAddresses(ctx, query.q ?? '', language)
        },
        {
          auth: true,
          query: t.Object({ q: t.Optional(t.String({ maxLength: 500 })) }),
          response: t.Array(addressResultSchema),
        },
      )
      // What the search can find on this server, for the widget's hint (streets only after an import).
      .get('/api/address/coverage', () => addressCoverage(ctx), {
        auth: true,
        response: t.Object({ streets: t.Boolean() }),
      })
  )
}
