// bun scripts/record-bytecode-order.ts: records which functions the server runs when it
// starts, signs someone in and answers the dashboard's polling, into scripts/bytecode.order.
// build.ts lays the executable's bytecode out in that order (--bytecode-order), so the
// pages a running server touches sit together: about 2 MB less resident memory.
// Functions are matched by a hash of their syntax, so the profile survives code changes;
// record again when `bytecodeOrderStats()` (bun:jsc) shows many cold functions.
import { existsSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { cleanup, signIn, startBinary } from '../bench/lib'

const OUT = resolve('scripts/bytecode.order')
if (!existsSync('dist/swisstax')) throw new Error('build first: bun build.ts')
rmSync(OUT, { force: true })

const server = await startBinary({ BUN_BYTECODE_ORDER_OUT: OUT })
const cookie = await signIn(server, 'profile@example.ch')
const year = new Date().getFullYear() - 1
for (let i = 0; i < 200; i++) {
  for (const path of [
    '/api/user',
    '/api/notifications',
    `/api/tax-status?taxYear=${year}`,
    '/api/files',
    '/api/debug/check-auth',
    '/',
  ]) {
    await (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).arrayBuffer()
  }
}
await server.stop() // the profile is written on exit
cleanup(server.dataDir)
if (!existsSync(OUT)) throw new Error('no profile written')
console.log(`wrote ${OUT}`)
