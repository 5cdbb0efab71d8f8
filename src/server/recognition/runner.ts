import type { AppContext } from '../context'
import type { BlobStore } from '../infra/blob-store'
import type { DocumentHooks } from '../documents/hooks'
import { createPool, type Pool } from './pool'
import { claimNext, nextRetryAt, runJob } from './service'

/**
 * Runs the persisted queue: at most `workers` jobs at once (RECOGNITION_WORKERS,
 * default 1: OCR takes a whole core), oldest first. Started at server start, so jobs
 * left by a stop run again; kicked by every upload, and when a job's next try is due.
 */
export function startRunner(
  ctx: AppContext,
  blobs: BlobStore,
  hooks: DocumentHooks,
  opts: { workers: number; pool?: Pool },
) {
  const pool =
    opts.pool ??
    createPool({
      recycleAboveMB: ctx.config.recognitionRecycleMB,
      memoryMB: ctx.config.recognitionWorkerMB,
      jobTimeoutMs: ctx.config.recognitionTimeoutMs,
    })
  const running = new Set<string>()
  let stopped = false
  let waiters: (() => void)[] = []
  let retryTimer: Awaited<ReturnType<typeof setTimeout>> | null = null

  /** A job waits for its next try: the queue is looked at again when it is due. */
  async function wakeForRetry() {
    if (retryTimer) clearTimeout(retryTimer)
    retryTimer = null
    let at: number | null
    try {
      at = await nextRetryAt(ctx)
    } catch {
      return
    }
    if (at === null) return
    retryTimer = setTimeout(kick, Math.max(0, at - ctx.now()) + 5)
    // A server that is asked to stop does not wait for it.
    retryTimer.unref?.()
  }

  async function kick() {
    if (stopped) return
    while (running.size < opts.workers) {
      let id: string | null
      try {
        id = await claimNext(ctx)
      } catch (err) {
        ctx.log.error('recognition queue unreadable', { error: (err as Error).message })
        return
      }
      if (!id) break
      running.add(id)
      runJob(ctx, blobs, hooks, pool, id)
        .catch((err) => {
          if (!stopped) ctx.log.warn('recognition job failed', { versionId: id, error: (err as Error).message })
        })
        .finally(() => {
          running.delete(id!)
          if (!stopped) setTimeout(kick, 0)
          if (running.size === 0) {
            for (const w of waiters) w()
            waiters = []
          }
        })
    }
    if (running.size < opts.workers) await wakeForRetry()
    if (running.size === 0) {
      for (const w of waiters) w()
      waiters = []
    }
  }

  return {
    kick,
    pool,
    get running() {
      return running.size
    },
    /** Resolves once nothing runs (tests and the bench poll the API instead where they can). */
    settled: () => new Promise<void>((resolve) => (running.size === 0 ? resolve() : waiters.push(resolve))),
    stop() {
      stopped = true
      if (retryTimer) clearTimeout(retryTimer)
      pool.close()
    },
  }
}
export type Runner = Awaited<ReturnType<typeof startRunner>>
