import { and, count, desc, eq, gt, isNull, lt, min } from 'drizzle-orm'
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { AppContext } from '../context'
import { loginCodes } from '../db/schema'
import { findUserByEmail, recordSignIn, setLanguage } from '../users/service'
import { ensureUser } from '../users/roles'
import { ApiError, badRequest, tooManyRequests } from '../http/errors'
import { audit } from '../infra/audit'
import type { VisitorContext } from '../infra/request-context'
import type { SessionStore } from '../infra/sessions'
import { hit, LIMITS } from '../infra/rate-limit'
import { isValidCode, isValidEmail, normaliseEmail } from '../../shared/email'
import { isActiveLanguage } from '../../shared/languages'

export const CODE_TTL_MS = 10 * 60_000
const CODE_MAX_ATTEMPTS = 5
const RESEND_INTERVAL_MS = 60_000
const CODES_PER_EMAIL_PER_HOUR = 5
const CODES_PER_IP_PER_HOUR = 20
const HOUR = 3_600_000

const hmac = (ctx: AppContext, email: string, code: string) =>
  createHmac('sha256', ctx.keys.codeHmac).update(`${email}\n${code}`).digest('hex')

function checkEmail(raw: string) {
  const email = normaliseEmail(raw)
  if (!isValidEmail(email)) throw badRequest('Please enter a valid e-mail address', 'INVALID_EMAIL')
  return email
}

/**
 * Issues a code (DESIGN.md §5). The answer is the same for known and unknown
 * addresses: accounts are created at first sign-in, so every address gets a mail.
 */
export async function requestCode(ctx: AppContext, rc: VisitorContext, input: { email: string; language?: string }) {
  const email = checkEmail(input.email)
  const ip = rc.ip
  const now = ctx.now()
  enforceRateLimits(ctx, rc, email, now)

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const id = ctx.sqlite.transaction(() => {
    // A new code supersedes the older ones of this address.
    ctx.db
      .update(loginCodes)
      .set({ consumedAt: now })
      .where(and(eq(loginCodes.email, email), isNull(loginCodes.consumedAt)))
      .run()
    return ctx.db
      .insert(loginCodes)
      .values({ email, codeHash: hmac(ctx, email, code), ip, createdAt: now, expiresAt: now + CODE_TTL_MS })
      .returning({ id: loginCodes.id })
      .get().id
  })()

  const user = findUserByEmail(ctx, email)
  const language = isActiveLanguage(input.language) ? input.language : (user?.language ?? 'en')
  try {
    await ctx.mailer.sendLoginCode(email, code, language)
  } catch (err) {
    ctx.db.delete(loginCodes).where(eq(loginCodes.id, id)).run()
    ctx.log.error('login code mail failed', { error: (err as Error).message })
    throw new ApiError(502, 'MAIL_FAILED', 'The code could not be sent. Please try again in a moment.')
  }
  return { message: 'Verification code sent', status: 'success' as const }
}

function enforceRateLimits(ctx: AppContext, rc: VisitorContext, email: string, now: number) {
  const ip = rc.ip
  const last = ctx.db
    .select({ createdAt: loginCodes.createdAt })
    .from(loginCodes)
    .where(eq(loginCodes.email, email))
    .orderBy(desc(loginCodes.createdAt))
    .limit(1)
    .get()
  const refuse = (retryAfterMs: number, reason: string) => {
    audit(ctx, { user: null, ip }, 'rate_limited', { reason }, { target: { email }, collapse: true })
    return tooManyRequests(retryAfterMs / 1000, 'Too many code requests. Please wait before asking for a new code.')
  }
  if (last && now - last.createdAt < RESEND_INTERVAL_MS)
    throw refuse(RESEND_INTERVAL_MS - (now - last.createdAt), 'resend_interval')

  const since = now - HOUR
  const perEmail = ctx.db
    .select({ n: count(), oldest: min(loginCodes.createdAt) })
    .from(loginCodes)
    .where(and(eq(loginCodes.email, email), gt(loginCodes.createdAt, since)))
    .get()
  if (perEmail && perEmail.n >= CODES_PER_EMAIL_PER_HOUR)
    throw refuse((perEmail.oldest ?? now) + HOUR - now, 'email_hourly')
  const perIp = ctx.db
    .select({ n: count(), oldest: min(loginCodes.createdAt) })
    .from(loginCodes)
    .where(and(eq(loginCodes.ip, ip), gt(loginCodes.createdAt, since)))
    .get()
  if (perIp && perIp.n >= CODES_PER_IP_PER_HOUR) throw refuse((perIp.oldest ?? now) + HOUR - now, 'ip_hourly')
}

/**
 * Checks a code: constant-time comparison, consumed atomically (of two parallel
 * verifications exactly one wins), dead after five wrong tries.
 */
export function verifyCode(
  ctx: AppContext,
  rc: VisitorContext,
  input: { email: string; code: string; language?: string },
) {
  const ip = rc.ip
  const email = checkEmail(input.email)
  const now = ctx.now()
  const wait = hit(ctx, LIMITS.verifyPerIp, ip)
  if (wait > 0) {
    audit(ctx, rc, 'rate_limited', { reason: 'verify_ip' }, { target: { email }, collapse: true })
    throw tooManyRequests(wait / 1000, 'Too many sign-in attempts from your network. Please wait and try again.')
  }
  const code = input.code.trim()
  if (!isValidCode(code)) throw badRequest('The code has 6 digits', 'INVALID_CODE_FORMAT')
  const row = ctx.db
    .select()
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.email, email),
        isNull(loginCodes.consumedAt),
        gt(loginCodes.expiresAt, now),
        lt(loginCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .orderBy(desc(loginCodes.createdAt))
    .limit(1)
    .get()
  if (!row) {
    audit(ctx, { user: null, ip }, 'verify_failed', { reason: 'no_valid_code' }, { target: { email }, collapse: true })
    throw badRequest('This code is no longer valid. Please request a new code.', 'CODE_EXPIRED')
  }
  const expected = Buffer.from(row.codeHash, 'hex')
  const given = Buffer.from(hmac(ctx, email, code), 'hex')
  if (!timingSafeEqual(expected, given)) {
    ctx.sqlite.query('UPDATE login_codes SET attempts = attempts + 1 WHERE id = ?').run(row.id)
    audit(
      ctx,
      { user: null, ip },
      'verify_failed',
      { reason: 'wrong_code', attempt: row.attempts + 1 },
      { target: { email }, collapse: true },
    )
    const left = CODE_MAX_ATTEMPTS - row.attempts - 1
    if (left <= 0) throw badRequest('Too many wrong attempts. Please request a new code.', 'CODE_EXPIRED')
    throw badRequest('Invalid verification code', 'INVALID_CODE')
  }
  const claimed = ctx.sqlite
    .query('UPDATE login_codes SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL AND attempts < ?')
    .run(now, row.id, CODE_MAX_ATTEMPTS)
  if (claimed.changes !== 1)
    throw badRequest('This code is no longer valid. Please request a new code.', 'CODE_EXPIRED')

  // The account is created at the first sign-in; ADMIN_EMAILS grants the admin role.
  const user = ensureUser(ctx, email)
  // The language the person signs in with is the account's from now on (mails follow it); an unknown one is ignored.
  if (isActiveLanguage(input.language) && input.language !== user.language) {
    setLanguage(ctx, user.id, input.language)
    user.language = input.language
  }
  recordSignIn(ctx, user.id)
  audit(ctx, { user, ip }, 'sign_in')
  return user
}

/** Ends the session of this cookie's token, if any; the sign-out is audited for the user it belonged to. */
export function signOut(ctx: AppContext, sessions: SessionStore, rc: VisitorContext, token: string | undefined) {
  sessions.destroy(token)
  if (rc.user) audit(ctx, rc, 'sign_out')
}

/** Login codes are kept a day: long enough for the hourly caps and the audit, then gone. */
const CODE_RETENTION_MS = 24 * HOUR

/** Maintenance task: removes login codes older than a day. */
export function purgeOldLoginCodes(ctx: AppContext) {
  ctx.db
    .delete(loginCodes)
    .where(lt(loginCodes.createdAt, ctx.now() - CODE_RETENTION_MS))
    .run()
}
