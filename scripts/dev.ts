// `npm run dev`: development mode. Builds the client (debug panel kept), rebuilds
// it when src/client, locales or assets change, and runs the server with
// `bun --watch` in development mode (dev mailbox, dev-only routes). No external service.
import { watch } from 'node:fs'
import { buildClient } from '../build'

const outDir = 'dist/dev-client' // apart from dist/client, which the executable embeds
await buildClient({ development: true, outDir })
const server = Bun.spawn([process.execPath, '--watch', 'src/server/main.ts', 'serve', '--dev'], {
  stdout: 'inherit',
  stderr: 'inherit',
  env: { ...process.env, NODE_ENV: 'development', CLIENT_DIR: outDir, DATA_DIR: process.env.DATA_DIR ?? './data' },
})
let timer: ReturnType<typeof setTimeout> | undefined
const rebuild = () => {
  clearTimeout(timer)
  timer = setTimeout(async () => {
    try {
      await buildClient({ development: true, outDir })
      console.log('client rebuilt; restarting the server to pick it up')
      // bun --watch restarts when an imported file changes; touching main.ts is the simplest trigger.
      const main = Bun.file('src/server/main.ts')
      await Bun.write('src/server/main.ts', await main.text())
    } catch (err) {
      console.error(err)
    }
  }, 150)
}
const watchers = ['src/client', 'src/shared', 'locales', 'assets'].map((dir) =>
  watch(dir, { recursive: true }, rebuild),
)
// npm passes SIGTERM (and Ctrl-C's SIGINT) to this process only: the server is stopped with it, or it
// would stay behind holding the port and the data folder's lock.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(sig, async () => {
    for (const w of watchers) w.close()
    server.kill(sig === 'SIGHUP' ? 'SIGTERM' : sig)
    await server.exited
    process.exit(0)
  })
process.exit(await server.exited)
