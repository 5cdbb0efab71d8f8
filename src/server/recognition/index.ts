import { Elysia } from 'elysia'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import type { SessionStore } from '../auth/session'
import { authPlugin } from '../auth/plugin'
import { audit } from '../audit'
import { users } from '../db/schema'
import { onFileRemoved, onVersionStored } from '../documents/events'
import type { Viewer } from '../documents/service'
import { enqueue, recognisedText, recognitionFor, removeForFile } from './service'
import { startRunner, workersFromEnv, type Runner } from './runner'

const runners = new WeakMap<AppContext, Runner>()
/** The running queue of a context (tests stop it; the bench reads its pool's figures). */
export const recognitionRunner = (ctx: AppContext) => runners.get(ctx)

/**
 * Recognition (DESIGN.md §14). Every stored version is queued; with `run` the queue is
 * worked here (the server, and the tests that want it); without, jobs wait in the
 * database for a process that runs them.
 */
export function recognitionRoutes(ctx: AppContext, sessions: SessionStore, opts: { run?: boolean } = {}) {
  let runner: Runner | undefined
  if (opts.run) {
    runner = startRunner(ctx, { workers: workersFromEnv(process.env.RECOGNITION_WORKERS) })
    runners.set(ctx, runner)
    // Jobs left by the last stop.
    setTimeout(() => runner?.kick(), 0)
  }
  onVersionStored(ctx, (v) => {
    enqueue(ctx, v)
    runner?.kick()
  })
  onFileRemoved(ctx, (fileId) => removeForFile(ctx, fileId))

  const viewer = (user: { id: number; role: string }): Viewer => ({
    id: user.id, role: user.role, language: ctx.db.select({ l: users.language }).from(users).where(eq(users.id, user.id)).get()?.l ?? 'en',
  })
  return new Elysia({ name: 'recognition-routes', seed: pluginSeed(ctx) })
    .use(authPlugin(ctx, sessions))
    .get('/api/files/:id/recognition', ({ params, user }) => recognitionFor(ctx, viewer(user), params.id), { auth: true })
    .get('/api/files/:id/recognition/text', async ({ params, user }) => {
      const v = viewer(user)
      const text = await recognisedText(ctx, v, params.id)
      if (user.role === 'admin') audit(ctx, 'admin_read_text', user.id, null, { fileId: params.id })
      return { text }
    }, { auth: true })
}
