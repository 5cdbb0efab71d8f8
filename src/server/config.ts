import { parsePlanPrices, type PlanPrices } from '../shared/plans'
import { RECYCLE_ABOVE_MB } from './recognition/pool'
import { JOB_TIMEOUT_MS, RETRY_AFTER_MS, WORKER_MEMORY_MB } from './recognition/bounds'

/** Runtime settings (DESIGN.md §3). Read once at start; tests build their own. */
export interface Config {
  port: number
  /** The address to listen on (HOST, default 0.0.0.0). */
  host: string
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
  /** Documents read at once in the background (RECOGNITION_WORKERS, default 1; 0 stops recognition). */
  recognitionWorkers: number
  /** A recognition worker above this resident memory after a document is replaced (RECOGNITION_RECYCLE_MB). */
  recognitionRecycleMB: number
  /** A recognition worker ends itself past this resident memory (RECOGNITION_WORKER_MB). */
  recognitionWorkerMB: number
  /** …and when one document holds it longer than this (RECOGNITION_TIMEOUT_SECONDS). */
  recognitionTimeoutMs: number
  /** A job whose worker ended is tried again after this, doubled each time (RECOGNITION_RETRY_SECONDS). */
  recognitionRetryMs: number
  /** FILING_DEADLINE 'MM-DD' (default 03-31): the deadline of year Y falls on that day of Y+1. */
  filingDeadline: { month: number; day: number }
  /** PLAN_PRICES, e.g. "CHF basic=90 premium=190"; null: the plans page shows no prices. */
  planPrices: PlanPrices | null
}

/** 'MM-DD' → month and day; a wrong setting stops the start with a clear message. */
export function parseFilingDeadline(raw: string | undefined): { month: number; day: number } {
  const m = /^(\d{2})-(\d{2})$/.exec(raw ?? '03-31')
  const month = Number(m?.[1]),
    day = Number(m?.[2])
  // 2001 is not a leap year, so 02-29 is refused: a deadline must exist every year.
  const probe = new Date(Date.UTC(2001, month - 1, day))
  if (!m || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw new Error(`FILING_DEADLINE must be a day of the year as MM-DD (e.g. 03-31), got "${raw}"`)
  }
  return { month, day }
}

export function loadConfig(env: Record<string, string | undefined> = process.env, argv: string[] = []): Config {
  const port = Number(env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  const dev = argv.includes('--dev') || env.NODE_ENV === 'development'
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '')
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    publicUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || `SwissTax <no-reply@${new URL(publicUrl).hostname}>`,
    adminEmails: new Set(
      (env.ADMIN_EMAILS ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
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
    recognitionWorkers: workerCount(env.RECOGNITION_WORKERS),
    recognitionRecycleMB: positive(env, 'RECOGNITION_RECYCLE_MB', RECYCLE_ABOVE_MB),
    recognitionWorkerMB: positive(env, 'RECOGNITION_WORKER_MB', WORKER_MEMORY_MB),
    recognitionTimeoutMs: positive(env, 'RECOGNITION_TIMEOUT_SECONDS', JOB_TIMEOUT_MS / 1000) * 1000,
    recognitionRetryMs: positive(env, 'RECOGNITION_RETRY_SECONDS', RETRY_AFTER_MS / 1000) * 1000,
    filingDeadline: parseFilingDeadline(env.FILING_DEADLINE || undefined),
    planPrices: parsePlanPrices(env.PLAN_PRICES),
  }
}

export const isHttps = (c: Config) => c.publicUrl.startsWith('https://')

/** RECOGNITION_WORKERS: each worker may use a core and about 250 MB while it reads a scan. */
function workerCount(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0 || n > 16)
    throw new Error(`RECOGNITION_WORKERS must be a number from 0 to 16, got "${raw}"`)
  return n
}

/** TRUST_PROXY=N: N trusted hops; 'true' is one, unset or 'false' none. */
function trustedHops(raw: string | undefined): number {
  if (!raw || raw === 'false') return 0
  if (raw === 'true') return 1
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0 || n > 10)
    throw new Error(`TRUST_PROXY must be a number of proxies from 0 to 10, got "${raw}"`)
  return n
}

function positive(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`)
  return n
}
