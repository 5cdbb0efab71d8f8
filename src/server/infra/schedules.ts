import type { AppContext } from '../context'

/** A periodic job of an area (expired sessions, old login codes, purged files, sweeps, reminders). */
export interface ScheduledJob {
  /** Its row in `schedules`: one period is claimed by one process among all on the database. */
  readonly name: string
  readonly everyMs: number
  run(): Promise<unknown>
}

/** How often a process looks whether a job's period has come: a job runs at most this late. */
const TICK_MS = 60_000

/**
 * Claims the job's current period for this process: an atomic conditional UPDATE on the injectable clock,
 * so of any number of processes asking at once exactly one gets true, and nobody again before `everyMs`.
 */
export async function claimPeriod(ctx: AppContext, name: string, everyMs: number): Promise<boolean> {
  const now = ctx.now()
  return ctx.tx(async () => {
    await ctx.backend.run('INSERT INTO schedules (name, next_run_at) VALUES (?, 0) ON CONFLICT (name) DO NOTHING', name)
    const { changes } = await ctx.backend.run(
      'UPDATE schedules SET next_run_at = ?, last_run_at = ?, last_owner = ? WHERE name = ? AND next_run_at <= ?',
      now + everyMs,
      now,
      ctx.instance,
      name,
      now,
    )
    return changes === 1
  })
}

/** Runs every job whose period this process claims; one failing job does not keep the others from running. */
export async function runDueJobs(ctx: AppContext, jobs: readonly ScheduledJob[]): Promise<string[]> {
  const ran: string[] = []
  for (const job of jobs) {
    try {
      if (!(await claimPeriod(ctx, job.name, job.everyMs))) continue
      ran.push(job.name)
      await job.run()
    } catch (err) {
      ctx.log.error('scheduled job failed', { job: job.name, error: (err as Error)?.message ?? String(err) })
    }
  }
  return ran
}

/** Looks for due jobs now and then every minute; returns the stop function. */
export function startSchedules(ctx: AppContext, jobs: readonly ScheduledJob[]): () => void {
  let running: Promise<unknown> = runDueJobs(ctx, jobs)
  const timer = setInterval(() => {
    running = running.then(() => runDueJobs(ctx, jobs))
  }, TICK_MS)
  timer.unref?.()
  return () => clearInterval(timer)
}
