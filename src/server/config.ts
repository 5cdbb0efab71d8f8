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
  /** The firm named as representative in the power of attorney (DESIGN.md §11). */
  firmName: string
  /** Its postal address, one line (commas separate the parts); empty: a line to fill in by hand. */
  firmAddress: string
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
    firmName: env.FIRM_NAME?.trim() || env.APP_NAME || 'SwissTax',
    firmAddress: env.FIRM_ADDRESS?.trim() ?? '',
  }
}

export const isHttps = (c: Config) => c.publicUrl.startsWith('https://')
