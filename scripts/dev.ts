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
for (const dir of ['src/client', 'src/shared', 'locales', 'assets']) watch(dir, { recursive: true }, rebuild)
process.on('SIGINT', () => {
  server.kill()
  process.exit(0)
})
await server.exited
