import type { AppContext } from '../context'

const HOUR = 3_600_000

/** One housekeeping job of an area (expired sessions, old login codes, purged files); app.ts lists them. */
type MaintenanceTask = () => void

/** Runs every task; one failing task does not keep the others from running. */
export function runMaintenance(ctx: AppContext, tasks: readonly MaintenanceTask[]) {
  for (const task of tasks) {
    try {
      task()
    } catch (err) {
      ctx.log.error('maintenance failed', { task: task.name, error: (err as Error).message })
    }
  }
}

/** Runs the tasks now and then hourly. */
export function startMaintenance(ctx: AppContext, tasks: readonly MaintenanceTask[]) {
  runMaintenance(ctx, tasks)
  return setInterval(() => runMaintenance(ctx, tasks), HOUR)
}
