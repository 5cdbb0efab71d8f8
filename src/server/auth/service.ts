import { first } from '../db/query'
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
 * Issues a code (docs/sessions.md). The answer is the same for known and unknown
 * addresses: accounts are created at first sign-in, so every address gets a mail.
 */
export async function requestCode(ctx: AppContext, rc: VisitorContext, input: { email: string; language?: string }) {
  const email = checkEmail(input.email)
  const ip = rc.ip
  const now = ctx.now()
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  // The throttles read the codes already issued, then the new one is written: one transaction, under the
  // address's and the e-mail's locks, so two processes cannot both pass the last allowed slot.
  const issued = await ctx.tx(async () => {
    await ctx.lock(`login-code:email:${email}`)
    await ctx.lock(`login-code:ip:${ip}`)
    const refusal = await throttled(ctx, ip, email, now)
    if (refusal) return refusal
    // A new code supersedes the older ones of this address.
    await ctx.db
      .update(loginCodes)
      .set({ consumedAt: now })
      .where(and(eq(loginCodes.email, email), isNull(loginCodes.consumedAt)))
    const row = await ctx.db
      .insert(loginCodes)
      .values({ email, codeHash: hmac(ctx, email, code), ip, createdAt: now, expiresAt: now + CODE_TTL_MS })
      .returning({ id: loginCodes.id })
    return { id: row[0]!.id }
  })
  if ('reason' in issued) {
    await audit(
      ctx,
      { user: null, ip },
      'rate_limited',
      { reason: issued.reason },
      { target: { email }, collapse: true },
    )
    throw tooManyRequests(issued.waitMs / 1000, 'Too many code requests. Please wait before asking for a new code.')
  }

  const user = await findUserByEmail(ctx, email)
  const language = isActiveLanguage(input.language) ? input.language : (user?.language ?? 'en')
  try {
    await ctx.mailer.sendLoginCode(email, code, language)
  } catch (err) {
    await ctx.tx(() => ctx.db.delete(loginCodes).where(eq(loginCodes.id, issued.id)))
    ctx.log.error('login code mail failed', { error: (err as Error).message })
    throw new ApiError(502, 'MAIL_FAILED', 'The code could not be sent. Please try again in a moment.')
  }
  return { message: 'Verification code sent', status: 'success' as const }
}

/** Which throttle refuses a new code now, and for how long; undefined when none does. */
async function throttled(
  ctx: AppContext,
  ip: string,
  email: string,
  now: number,
): Promise<{ reason: string; waitMs: number } | undefined> {
  const last = await first(
    ctx.db
      .select({ createdAt: loginCodes.createdAt })
      .from(loginCodes)
      .where(eq(loginCodes.email, email))
      .orderBy(desc(loginCodes.createdAt)),
  )
  if (last && now - last.createdAt < RESEND_INTERVAL_MS)
    return { reason: 'resend_interval', waitMs: RESEND_INTERVAL_MS - (now - last.createdAt) }

  const since = now - HOUR
  const perEmail = await first(
    ctx.db
      .select({ n: count(), oldest: min(loginCodes.createdAt) })
      .from(loginCodes)
      .where(and(eq(loginCodes.email, email), gt(loginCodes.createdAt, since))),
  )
  if (perEmail && perEmail.n >= CODES_PER_EMAIL_PER_HOUR)
    return { reason: 'email_hourly', waitMs: (perEmail.oldest ?? now) + HOUR - now }
  const perIp = await first(
    ctx.db
      .select({ n: count(), oldest: min(loginCodes.createdAt) })
      .from(loginCodes)
      .where(and(eq(loginCodes.ip, ip), gt(loginCodes.createdAt, since))),
  )
  if (perIp && perIp.n >= CODES_PER_IP_PER_HOUR)
    return { reason: 'ip_hourly', waitMs: (perIp.oldest ?? now) + HOUR - now }
  return undefined
}

/**
 * Checks a code: constant-time comparison, consumed atomically (of two parallel
 * verifications exactly one wins, in any process), dead after five wrong tries.
 */
export async function verifyCode(
  ctx: AppContext,
  rc: VisitorContext,
  input: { email: string; code: string; language?: string },
) {
  const ip = rc.ip
  const email = checkEmail(input.email)
  const now = ctx.now()
  const wait = await hit(ctx, LIMITS.verifyPerIp, ip)
  if (wait > 0) {
    await audit(ctx, rc, 'rate_limited', { reason: 'verify_ip' }, { target: { email }, collapse: true })
    throw tooManyRequests(wait / 1000, 'Too many sign-in attempts from your network. Please wait and try again.')
  }
  const code = input.code.trim()
  if (!isValidCode(code)) throw badRequest('The code has 6 digits', 'INVALID_CODE_FORMAT')
  const outcome = await ctx.tx(async () => {
    await ctx.lock(`login-code:email:${email}`)
    const row = await first(
      ctx.db
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
        .orderBy(desc(loginCodes.createdAt)),
    )
    if (!row) return { failed: 'no_valid_code' as const }
    const expected = Buffer.from(row.codeHash, 'hex')
    const given = Buffer.from(hmac(ctx, email, code), 'hex')
    if (!timingSafeEqual(expected, given)) {
      await ctx.backend.run('UPDATE login_codes SET attempts = attempts + 1 WHERE id = ?', row.id)
      return { failed: 'wrong_code' as const, attempt: row.attempts + 1 }
    }
    const claimed = await ctx.backend.run(
      'UPDATE login_codes SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL AND attempts < ?',
      now,
      row.id,
      CODE_MAX_ATTEMPTS,
    )
    return claimed.changes === 1 ? { failed: null } : { failed: 'no_valid_code' as const }
  })
  if (outcome.failed === 'no_valid_code') {
    await audit(
      ctx,
      { user: null, ip },
      'verify_failed',
      { reason: 'no_valid_code' },
      { target: { email }, collapse: true },
    )
    throw badRequest('This code is no longer valid. Please request a new code.', 'CODE_EXPIRED')
  }
  if (outcome.failed === 'wrong_code') {
    await audit(
      ctx,
      { user: null, ip },
      'verify_failed',
      { reason: 'wrong_code', attempt: outcome.attempt },
      { target: { email }, collapse: true },
    )
    if (outcome.attempt >= CODE_MAX_ATTEMPTS)
      throw badRequest('Too many wrong attempts. Please request a new code.', 'CODE_EXPIRED')
    throw badRequest('Invalid verification code', 'INVALID_CODE')
  }

  // The account is created at the first sign-in; ADMIN_EMAILS grants the admin role.
  const user = await ensureUser(ctx, email)
  // The language the person signs in with is the account's from now on (mails follow it); an unknown one is ignored.
  if (isActiveLanguage(input.language) && input.language !== user.language) {
    await setLanguage(ctx, user.id, input.language)
    user.language = input.language
  }
  await recordSignIn(ctx, user.id)
  await audit(ctx, { user, ip }, 'sign_in')
  return user
}

/** Ends the session of this cookie's token, if any; the sign-out is audited for the user it belonged to. */
export async function signOut(ctx: AppContext, sessions: SessionStore, rc: VisitorContext, token: string | undefined) {
  await sessions.destroy(token)
  if (rc.user) await audit(ctx, rc, 'sign_out')
}

/** Login codes are kept a day: long enough for the hourly caps and the audit, then gone. */
const CODE_RETENTION_MS = 24 * HOUR

/** Maintenance task: removes login codes older than a day. */
export async function purgeOldLoginCodes(ctx: AppContext) {
  await ctx.backend.run('DELETE FROM login_codes WHERE created_at < ?', ctx.now() - CODE_RETENTION_MS)
}
