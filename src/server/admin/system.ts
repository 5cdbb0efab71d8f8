import { statSync } from 'node:fs'
import type { AppContext } from '../context'
import { outboxCounts } from '../client-mail/service'
import { countByRole } from '../users/service'
import { storedTotals } from '../documents/quota'
import { APP_VERSION } from '../../shared/version'

const startedAt = Date.now()

/** When this executable was built: the compiled binary's own file time (none when run from source). */
function buildDate(): string | null {
  if (!Bun.isStandaloneExecutable) return null
  try {
    return statSync(process.execPath).mtime.toISOString()
  } catch {
    return null
  }
}

/**
 * The system card (GET /api/admin/system). integrity_check reads the whole
 * database, so it runs only when asked for.
 */
export async function systemInfo(ctx: AppContext, opts: { integrity: boolean }) {
  const database = await ctx.backend.stats({ integrity: opts.integrity })
  const users = await countByRole(ctx)
  const stored = await storedTotals(ctx)
  const migrations = await ctx.backend.all<{ tag: string; appliedAt: number }>(
    'SELECT tag, applied_at AS "appliedAt" FROM __migrations ORDER BY tag',
  )
  return {
    environment: ctx.config.dev ? 'development' : 'production',
    version: APP_VERSION,
    buildDate: buildDate(),
    startedAt: new Date(startedAt).toISOString(),
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    database: { bytes: database.bytes, path: database.name },
    storedFiles: stored.files,
    storedVersions: stored.versions,
    storedBytes: stored.bytes,
    clients: users.clients ?? 0,
    admins: users.admins ?? 0,
    migrations,
    mail: { configured: Boolean(ctx.config.smtpUrl), ...(await outboxCounts(ctx)) },
    integrity: database.integrity,
  }
}
