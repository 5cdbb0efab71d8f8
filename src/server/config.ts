/** Runtime settings (DESIGN.md §3). Read once at start; tests build their own. */
export interface Config {
  port: number
  dataDir: string
  publicUrl: string
  smtpUrl?: string
  mailFrom: string
  adminEmails: ReadonlySet<string>
  masterKey?: string
  dev: boolean
  /** How many proxies in front of the server append to X-Forwarded-For (0: ignore the header). */
  trustProxy: number
  appName: string
  /** Session lifetime without use, and at the latest after sign-in (ms). */
  sessionIdleMs: number
  sessionMaxMs: number
  addressSearchUrl?: string
  /** The firm named as representative in the power of attorney (DESIGN.md §11). */
  firmName: string
  /** Its postal address, one line (commas separate the parts); empty: a line to fill in by hand. */
  firmAddress: string
  /** Audit entries older than this are swept daily (AUDIT_RETENTION_DAYS, default 365). */
  auditRetentionDays: number
  /** Stored bytes per person, all versions of live files (USER_QUOTA_MB, default 2048). */
  userQuotaBytes: number
}

export function loadConfig(env: Record<string, string | undefined> = process.env, argv: string[] = []): Config {
  const port = Number(env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  const dev = argv.includes('--dev') || env.NODE_ENV === 'development'
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '')
  return {
    port,
    dataDir: env.DATA_DIR ?? './data',
    publicUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || `SwissTax <no-reply@${new URL(publicUrl).hostname}>`,
    adminEmails: new Set((env.ADMIN_EMAILS ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)),
    masterKey: env.SWISSTAX_MASTER_KEY || undefined,
    dev,
    trustProxy: trustedHops(env.TRUST_PROXY),
    appName: env.APP_NAME || 'SwissTax',
    sessionIdleMs: Number(env.SESSION_IDLE_MINUTES ?? 60) * 60_000,
    sessionMaxMs: Number(env.SESSION_MAX_HOURS ?? 12) * 3_600_000,
    addressSearchUrl: env.ADDRESS_SEARCH_URL || undefined,
    firmName: env.FIRM_NAME?.trim() || env.APP_NAME || 'SwissTax',
    firmAddress: env.FIRM_ADDRESS?.trim() ?? '',
    auditRetentionDays: positive(env, 'AUDIT_RETENTION_DAYS', 365),
    userQuotaBytes: positive(env, 'USER_QUOTA_MB', 2048) * 1024 * 1024,
  }
}

export const isHttps = (c: Config) => c.publicUrl.startsWith('https://')

/** TRUST_PROXY=N: N trusted hops; 'true' is one, unset or 'false' none. */
function trustedHops(raw: string | undefined): number {
  if (!raw || raw === 'false') return 0
  if (raw === 'true') return 1
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0 || n > 10) throw new Error(`TRUST_PROXY must be a number of proxies from 0 to 10, got "${raw}"`)
  return n
}

function positive(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`)
  return n
}
