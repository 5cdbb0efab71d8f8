#!/usr/bin/env bun
import { loadConfig, type Config } from './config'
import { createContext } from './boot'
import { createApp } from './app'
import { grantAdmin } from './auth/service'
import { backup } from './cli/backup'
import { importLocalities } from './address/localities'
import { diskAssets, type Asset } from './static/assets'
import { APP_VERSION } from '../shared/version'

const HELP = `swisstax ${APP_VERSION}: Swiss tax-return preparation, one executable and one data folder.

Usage: swisstax [command] [--dev]

Commands:
  serve                 start the web server (the default)
  admin add EMAIL       give the admin role to EMAIL (the account is created if needed)
  backup FILE           write a consistent copy of the live database to FILE, blobs to FILE.blobs/
  data import-localities FILE
                        load swisstopo's Ortschaftenverzeichnis CSV (semicolon-separated) for the
                        address lookup, replacing the previous import
  --version             print the version
  --help                print this help

Settings (environment): PORT (3000), DATA_DIR (./data), PUBLIC_URL, SMTP_URL, MAIL_FROM,
ADMIN_EMAILS, SWISSTAX_MASTER_KEY, ADDRESS_SEARCH_URL (a Nominatim-style geocoder),
FIRM_NAME and FIRM_ADDRESS (the representative named in the power of attorney), NODE_ENV (production; --dev or NODE_ENV=development
turns on development mode).`

async function loadAssets(config: Config): Promise<Map<string, Asset>> {
  // The compiled binary carries the client inside (build.ts writes assets.gen.ts);
  // `bun src/server/main.ts` (development) reads dist/client from disk instead.
  if (Bun.embeddedFiles.length > 0) {
    // @ts-ignore: written by build.ts just before compiling; absent in a fresh checkout.
    const { embeddedAssets } = await import('../../dist/embedded.gen')
    return embeddedAssets() as Map<string, Asset>
  }
  return diskAssets(process.env.CLIENT_DIR ?? 'dist/client')
}

export async function main(argv: string[]) {
  const args = argv.filter((a) => a !== '--dev')
  const [command = 'serve', ...rest] = args
  if (command === '--help' || command === '-h' || command === 'help') return console.log(HELP)
  if (command === '--version' || command === '-v') return console.log(APP_VERSION)

  const config = loadConfig(process.env, argv)
  if (command === 'admin' && rest[0] === 'add' && rest[1]) {
    const ctx = createContext(config)
    const user = grantAdmin(ctx, rest[1])
    return console.log(`${user.email} is now an admin (user ${user.id})`)
  }
  if (command === 'backup' && rest[0]) {
    const ctx = createContext(config)
    const out = backup(ctx, rest[0])
    return console.log(`backup written: ${out.database}${out.blobs ? ` and ${out.blobs}` : ''}`)
  }
  if (command === 'data' && rest[0] === 'import-localities' && rest[1]) {
    const ctx = createContext(config)
    const out = importLocalities(ctx, rest[1])
    ctx.sqlite.close()
    return console.log(`imported ${out.imported} localities from ${rest[1]}${out.skipped ? ` (${out.skipped} line(s) skipped)` : ''}`)
  }
  if (command !== 'serve') {
    console.error(`unknown command: ${args.join(' ')}\n\n${HELP}`)
    process.exit(2)
  }

  const ctx = createContext(config)
  const app = createApp(ctx, await loadAssets(config), { maintenance: true })
  app.listen({ port: config.port, hostname: process.env.HOST ?? '0.0.0.0' })
  // The executable starts with JIT tier-up made 8× more reluctant (build.ts), so run-once
  // start-up code is not compiled; from here on the request paths get the normal policy.
  Bun.unsafe.setJITPolicy(1)
  ctx.log.info(`swisstax ${APP_VERSION} listening on ${config.publicUrl} (port ${app.server?.port}, ${config.dev ? 'DEVELOPMENT mode' : 'production mode'}, data in ${config.dataDir})`)
  if (!config.smtpUrl) ctx.log.warn('no mail configured (SMTP_URL unset): login codes are written to this log instead of being mailed')
  const stop = () => { app.stop(); ctx.sqlite.close(); process.exit(0) }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

if (import.meta.main) main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
