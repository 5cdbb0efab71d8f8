import type { AppContext } from '../context'
import type { BlobStore } from '../infra/blob-store'
import { createPool, type Pool } from './pool'
import { nextPending, runJob } from './service'

/**
 * Runs the persisted queue: at most `workers` jobs at once (RECOGNITION_WORKERS,
 * default 1: OCR takes a whole core), oldest first. Started at server start, so jobs
 * left by a stop run again; kicked by every upload.
 */
export function startRunner(ctx: AppContext, blobs: BlobStore, opts: { workers: number; pool?: Pool }) {
  const pool = opts.pool ?? createPool({ recycleAboveMB: ctx.config.recognitionRecycleMB })
  const running = new Set<string>()
  let stopped = false
  let waiters: (() => void)[] = []

  function kick() {
    if (stopped) return
    while (running.size < opts.workers) {
      let id: string | null
      try {
        id = nextPending(ctx, running)
      } catch (err) {
        ctx.log.error('recognition queue unreadable', { error: (err as Error).message })
        return
      }
      if (!id) break
      running.add(id)
      runJob(ctx, blobs, pool, id)
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
      pool.close()
    },
  }
}
export type Runner = ReturnType<typeof startRunner>
