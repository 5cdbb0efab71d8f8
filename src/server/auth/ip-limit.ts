import type { AppContext } from '../context'

/** Sign-in attempts (verify-code) per address and window, right or wrong: enough for an office behind one NAT. */
export const VERIFY_PER_IP = 30
export const VERIFY_WINDOW_MS = 10 * 60_000
const MAX_TRACKED = 50_000

/**
 * A fixed-window counter per client address, in memory: verify-code is answered
 * by this one process, and a restart forgetting the counts costs an attacker a
 * window at most. Expired entries are dropped when the map grows, so a flood of
 * addresses cannot grow it without bound.
 */
export function createIpLimiter(limit: number, windowMs: number) {
  const windows = new Map<string, { start: number; n: number }>()
  return {
    /** Counts one attempt; returns 0 when allowed, else the milliseconds until the window ends. */
    hit(ip: string, now: number): number {
      let w = windows.get(ip)
      if (!w || now - w.start >= windowMs) {
        if (windows.size >= MAX_TRACKED) {
          for (const [key, value] of windows) if (now - value.start >= windowMs) windows.delete(key)
          if (windows.size >= MAX_TRACKED) windows.delete(windows.keys().next().value!)
        }
        w = { start: now, n: 0 }
        windows.set(ip, w)
      }
      w.n++
      return w.n > limit ? w.start + windowMs - now : 0
    },
  }
}

const limiters = new WeakMap<AppContext, ReturnType<typeof createIpLimiter>>()
export function verifyLimiter(ctx: AppContext) {
  let l = limiters.get(ctx)
  if (!l) {
    l = createIpLimiter(VERIFY_PER_IP, VERIFY_WINDOW_MS)
    limiters.set(ctx, l)
  }
  return l
}
