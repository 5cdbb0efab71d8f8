import { Elysia, t } from 'elysia'
import type { AppContext } from '../context'
import { pluginSeed } from '../context'
import type { SessionStore } from '../infra/sessions'
import { authPlugin } from '../infra/auth-plugin'
import type { BlobStore } from '../infra/blob-store'
import type { DocumentHooks } from '../documents/hooks'
import { onFileRemoved, onVersionStored, readSummariesWith } from '../documents/events'
import { recognitionSummaries } from './summary'
import { enqueue, recognisedText, recognitionFor, removeForFile } from './service'
import { startRunner, type Runner } from './runner'
import { recognitionAnswerSchema } from './model'
import { intParam } from '../http/params'
import { notFound } from '../http/errors'
import { statementXml } from './statement'

/** `?version=N` names an older version (the expert's client page reads each); absent, the current one. */
const versionQuery = t.Object({ version: t.Optional(t.String({ maxLength: 12 })) })
const versionOf = (raw: string | undefined) => (raw ? intParam(raw, 0, 1, 1_000_000, 'version') : undefined)

const runners = new WeakMap<AppContext, Runner>()
/** The running queue of a context (tests and the server stop it; the bench reads its pool's figures). */
export const recognitionRunner = (ctx: AppContext) => runners.get(ctx)

/**
 * Recognition (docs/recognition.md). Every stored version is queued; with `run` the queue is
 * worked here (the server, and the tests that want it); without, jobs wait in the
 * database for the next process that runs them.
 */
export async function recognitionRoutes(
  ctx: AppContext,
  sessions: SessionStore,
  blobs: BlobStore,
  hooks: DocumentHooks,
  opts: { run?: boolean } = {},
) {
  let runner: Runner | undefined
  if (opts.run) {
    runner = startRunner(ctx, blobs, hooks, { workers: ctx.config.recognitionWorkers })
    runners.set(ctx, runner)
    // Jobs left by the last stop.
    setTimeout(() => runner?.kick(), 0)
  }
  onVersionStored(ctx, async (v) => {
    await enqueue(ctx, v)
    // After the commit that holds the job, outside that transaction (the runner claims in transactions of its own).
    ctx.backend.afterCommit(() => void runner?.kick())
  })
  onFileRemoved(ctx, (fileId) => removeForFile(ctx, fileId))
  readSummariesWith(ctx, (versionIds) => recognitionSummaries(ctx, versionIds))

  return (
    new Elysia({ name: 'recognition-routes', seed: pluginSeed(ctx) })
      .use(authPlugin(ctx, sessions))
      .get(
        '/api/files/:id/recognition',
        ({ params, query, user }) => recognitionFor(ctx, user, params.id, versionOf(query.version)),
        { auth: true, query: versionQuery, response: recognitionAnswerSchema },
      )
      .get(
        '/api/files/:id/recognition/text',
        async ({ params, query, rc }) => ({ text: await recognisedText(ctx, rc, params.id, versionOf(query.version)) }),
        { auth: true, query: versionQuery, response: t.Object({ text: t.Union([t.String(), t.Null()]) }) },
      )
      // The eCH-0196 XML read from an e-Steuerauszug's barcodes, as the tax software imports it (owner or expert; an
      // expert's read is audited like a download). 404 for a file without a statement.
      .get(
        '/api/files/:id/statement.xml',
        async ({ params, query, rc }) => {
          const xml = await statementXml(ctx, rc, params.id, versionOf(query.version))
          if (xml === null) throw notFound('This file holds no e-tax statement.', 'NO_STATEMENT')
          return new Response(xml, {
            headers: {
              'Content-Type': 'application/xml; charset=utf-8',
              'Content-Disposition': `attachment; filename="e-tax-statement-${params.id.slice(0, 8)}.xml"`,
              'Content-Security-Policy': "default-src 'none'; sandbox",
              'Cache-Control': 'no-store',
            },
          })
        },
        { auth: true, query: versionQuery },
      )
  )
}
