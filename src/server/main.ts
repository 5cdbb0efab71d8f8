#!/usr/bin/env bun
import { type Config, loadConfig, SettingError, withoutPassword } from './config'
import { ApiError } from './http/errors'
import { knownMigrations, NewerSchemaError } from './db'
import { createContext, lockInstances } from './boot'
import { createApp } from './app'
import type { AppContext } from './context'
import { recognitionRunner } from './recognition/index'
import { syncAdminEmails } from './users/roles'
import { MasterKeyError } from './keys'
import { DataFolderInUse } from './data-lock'
import { queueUnread, retryFailedAfterUpgrade } from './backfill'
import { lifecycle } from './health/index'
import { collectWhenIdle, releaseIdleMemory } from './health/idle-gc'
import { restartWithoutTopTier } from './health/jit-tiers'
import { diskAssets, type Asset } from './static/assets'
import { APP_VERSION } from '../shared/version'
import { setListeningServer } from './infra/request-context'
import { releaseRecognitionLeases } from './recognition/service'
import { releaseMailLeases } from './client-mail/service'

/** How often the recognition queue is looked at besides the kicks of this process's own uploads. */
const RECOGNITION_POLL_MS = 5_000
/** At SIGTERM, the requests in flight get this long to finish. */
const STOP_WAIT_MS = 30_000

/** Refusals with a message written for the operator: printed alone, without a stack. */
const OPERATOR_ERRORS = [SettingError, DataFolderInUse, MasterKeyError, NewerSchemaError, ApiError]

type Server = Awaited<ReturnType<typeof createApp>>
type Lock = Awaited<ReturnType<typeof lockInstances>>

/** The help text, only when asked for: a server does not hold it. */
const help = async () => (await import('./cli/help')).HELP

export async function main(argv: string[]) {
  const args = argv.filter((a) => a !== '--dev')
  const [command = 'serve', ...rest] = args
  if (command === '--help' || command === '-h' || command === 'help') return console.log(await help())
  if (command === '--version' || command === '-v') return console.log(APP_VERSION)
  // Internal: the server starts its recognition workers as this sub-command of the same executable.
  if (command === 'recognition-worker') return (await import('./recognition/worker/main')).runWorker()

  if (command === 'serve') restartWithoutTopTier()
  const config = loadConfig(process.env, argv)
  if (command === 'serve') return serve(config)
  // Every other command's code is loaded only for it (cli/commands.ts).
  const { runCommand } = await import('./cli/commands')
  if (await runCommand(config, command, rest)) return
  console.error(`unknown command: ${args.join(' ')}\n\n${await help()}`)
  process.exit(2)
}

/** `swisstax serve`: opens the data, starts the app and its background work, listens, stops on a signal. */
async function serve(config: Config) {
  // Servers share the data folder; the key commands need it alone (data-lock.ts). Held until the process ends and
  // kept referenced (stop() releases it): a lock object left to the garbage collector would close its database.
  const lock = await lockInstances(config, 'start the server', 'shared')
  const ctx = await createContext(config)
  for (const email of await syncAdminEmails(ctx))
    ctx.log.info(`${email} left ADMIN_EMAILS: the admin role it gave is taken away`)
  const app = await createApp(ctx, await loadAssets(), { maintenance: true, recognition: true })
  await queueBacklog(ctx)
  listen(app, config)
  // The executable starts with JIT tier-up made 8× more reluctant (build.ts), so run-once
  // start-up code is not compiled; from here on the request paths get the normal policy.
  Bun.unsafe.setJITPolicy(1)
  const { metrics } = lifecycle(ctx)
  collectWhenIdle(() => metrics.latency.reduce((sum, n) => sum + n, 0))
  announce(ctx, app)
  // The start's own code (migrations, routes being built, the backlog) and garbage are not needed any more.
  releaseIdleMemory()
  process.on('SIGTERM', () => stop(ctx, app, lock, 'SIGTERM'))
  process.on('SIGINT', () => stop(ctx, app, lock, 'SIGINT'))
}

async function loadAssets(): Promise<Map<string, Asset>> {
  // The compiled binary carries the client inside (build.ts writes dist/embedded.gen.ts);
  // `bun src/server/main.ts` (development) reads dist/client from disk instead.
  if (Bun.embeddedFiles.length > 0) {
    // The file exists after a build and not before, so @ts-expect-error would fail one of the two.
    // biome-ignore lint/suspicious/noTsIgnore: see above
    // @ts-ignore: written by build.ts just before compiling; absent in a fresh checkout.
    const { embeddedAssets } = await import('../../dist/embedded.gen')
    return embeddedAssets() as Map<string, Asset>
  }
  return diskAssets(process.env.CLIENT_DIR ?? 'dist/client')
}

/** Recognition work left by an earlier version or by another process, queued; then the queue is watched. */
async function queueBacklog(ctx: AppContext) {
  const unread = await queueUnread(ctx)
  if (unread) ctx.log.info('documents never read are queued for recognition', { documents: unread })
  const retried = await retryFailedAfterUpgrade(ctx)
  if (retried) ctx.log.info('documents whose reading failed are queued again after the upgrade', { documents: retried })
  // Jobs queued by another process on the database, a job whose process died (its lease runs out), one put back
  // in the queue outside an upload: the queue is looked at every few seconds (one indexed query when idle).
  setInterval(() => recognitionRunner(ctx)?.kick(), RECOGNITION_POLL_MS).unref()
}

function listen(app: Server, config: Config) {
  try {
    // Elysia turns SO_REUSEPORT on by default: a second server on a busy port would start and take part
    // of the traffic. Off unless SHARED_PORT=1 asks for it.
    app.listen({ port: config.port, hostname: config.host, reusePort: config.sharedPort })
    setListeningServer(app.server)
  } catch (err) {
    if ((err as { code?: string }).code !== 'EADDRINUSE') throw err
    throw new Error(
      `Refusing to start: port ${config.port} on ${config.host} is in use by another program. Stop it, or set ` +
        'PORT to a free port (SHARED_PORT=1 lets several swisstax processes share one port on purpose).',
    )
  }
}

/** The start line: version, where it listens, which database and blob store (never a password or a key). */
function announce(ctx: AppContext, app: Server) {
  const { config } = ctx
  ctx.log.info(`swisstax ${APP_VERSION} listening on ${config.publicUrl}`, {
    version: APP_VERSION,
    port: app.server?.port,
    mode: config.dev ? 'development' : 'production',
    dataDir: config.dataDir,
    database: config.databaseUrl ? withoutPassword(config.databaseUrl) : 'SQLite in DATA_DIR',
    blobs: config.storage
      ? `s3://${config.storage.bucket}/${config.storage.prefix} at ${config.storage.endpoint ?? 'Amazon S3'}`
      : 'DATA_DIR',
    migrations: knownMigrations(ctx.backend.dialect).length,
    pid: process.pid,
  })
  if (!config.smtpUrl)
    ctx.log.warn('no mail configured (SMTP_URL unset): login codes are written to this log instead of being mailed')
}

let stopping = false

/** SIGTERM/SIGINT: drain, stop accepting, let the requests in flight finish, give back what was claimed, exit. */
async function stop(ctx: AppContext, app: Server, lock: Lock, signal: string) {
  // A second signal while draining stops at once.
  if (stopping) process.exit(0)
  stopping = true
  lifecycle(ctx).draining = true
  ctx.log.info('shutting down', { signal, drainSeconds: ctx.config.drainMs / 1000 })
  if (ctx.config.drainMs) await Bun.sleep(ctx.config.drainMs)
  recognitionRunner(ctx)?.stop()
  // Stop accepting; the requests in flight finish, for at most STOP_WAIT_MS.
  await Promise.race([app.stop(), Bun.sleep(STOP_WAIT_MS)])
  // What this process claimed and did not finish goes back to the others at once, not after the lease.
  await releaseRecognitionLeases(ctx).catch(() => {})
  await releaseMailLeases(ctx).catch(() => {})
  ctx.backend.close()
  lock.release()
  ctx.log.info('stopped')
  process.exit(0)
}

if (import.meta.main)
  main(process.argv.slice(2)).catch((err) => {
    // A refusal is a message for the operator; anything else gets its stack (readable: build.ts keeps names).
    const refusal =
      OPERATOR_ERRORS.some((kind) => err instanceof kind) ||
      err?.name === 'LastAdminError' ||
      /^Refusing/.test(err?.message)
    console.error(err instanceof Error ? (refusal || !err.stack ? err.message : err.stack) : err)
    process.exit(1)
  })
