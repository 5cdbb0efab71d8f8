// Issue 25, finding 14: the spec's admin-only "manual test bypass" upload sat on the taxpayer's dashboard, where no
// expert ever arrives (signed-in.tsx sends an expert from `/` to /admin), and the Debug button sat on
// every taxpayer's dashboard. Neither is built: the taxpayer's screens have no control for experts, so no role check.
import { expect, test } from 'bun:test'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

const ROOT = resolve(import.meta.dir)
/** The folders of the screens a taxpayer sees (the experts' are admin/; ui/ holds the shared header and its menu). */
const TAXPAYER_SCREENS = ['home', 'documents', 'wizard', 'profile', 'advanced', 'plans', 'cantons', 'address']

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) return sources(full)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

test("no taxpayer's screen has a control for experts: none of them looks at the role", () => {
  const files = TAXPAYER_SCREENS.flatMap((folder) => sources(join(ROOT, folder)))
  expect(files.length).toBeGreaterThan(40)
  const checks = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\brole\s*[!=]==?\s*'admin'|'admin'\s*[!=]==?\s*\w+(?:\?)?\.role\b/g)].map(
      (m) => `${relative(ROOT, file)}: ${m[0]}`,
    ),
  )
  expect(checks).toEqual([])
})
