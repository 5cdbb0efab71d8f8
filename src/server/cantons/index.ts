import { Elysia } from 'elysia'
import { CANTONS, type CantonsFile } from '../../shared/cantons'

// Built once from the shared list, so the file and the rules cannot disagree.
const file: CantonsFile = { cantons: CANTONS.map(({ name, code, imagePath }) => ({ name, code, imagePath })) }
const BODY = JSON.stringify(file)

/** GET /cantons/cantons.json: the static list of the 26 cantons (spec part 2 §7). Public, like the flags. */
export function cantonRoutes() {
  return new Elysia({ name: 'canton-routes' }).get(
    '/cantons/cantons.json',
    () =>
      new Response(BODY, {
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
      }),
  )
}
