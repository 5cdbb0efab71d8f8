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
  trustProxy: boolean
  appName: string
  /** Session lifetime without use, and at the latest after sign-in (ms). */
  sessionIdleMs: number
  sessionMaxMs: number
  addressSearchUrl?: string
  /** FILING_DEADLINE 'MM-DD' (default 03-31): the deadline of year Y falls on that day of Y+1. */
  filingDeadline: { month: number; day: number }
}

/** 'MM-DD' → month and day; a wrong setting stops the start with a clear message. */
export function parseFilingDeadline(raw: string | undefined): { month: number; day: number } {
  const m = /^(\d{2})-(\d{2})$/.exec(raw ?? '03-31')
  const month = Number(m?.[1]), day = Number(m?.[2])
  // 2001 is not a leap year, so 02-29 is refused: a deadline must exist every year.
  const probe = new Date(Date.UTC(2001, month - 1, day))
  if (!m || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw new Error(`FILING_DEADLINE must be a day of the year as MM-DD (e.g. 03-31), got "${raw}"`)
  }
  return { month, day }
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
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    appName: env.APP_NAME || 'SwissTax',
    sessionIdleMs: Number(env.SESSION_IDLE_MINUTES ?? 60) * 60_000,
    sessionMaxMs: Number(env.SESSION_MAX_HOURS ?? 12) * 3_600_000,
    addressSearchUrl: env.ADDRESS_SEARCH_URL || undefined,
    filingDeadline: parseFilingDeadline(env.FILING_DEADLINE || undefined),
  }
}

export const isHttps = (c: Config) => c.publicUrl.startsWith('https://')
