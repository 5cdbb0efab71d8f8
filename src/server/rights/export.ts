import { createHash } from 'node:crypto'
import type { ZipPassThrough } from 'fflate'
import type { AppContext } from '../context'
import type { BlobStore } from '../infra/blob-store'
import { auditAbout } from '../infra/audit'
import { getUser, publicUser } from '../users/service'
import { profileOf } from '../users/profile'
import { draftOf } from '../users/drafts'
import { yearStatuses } from '../tax-status/service'
import { latestDeclaration } from '../declarations/service'
import { advancedInfo } from '../advanced/service'
import { listOwnMessages } from '../messages/service'
import { listNotifications } from '../notifications/service'
import { exportableVersions } from '../documents/service'
import { categoryName } from '../documents/categories'
import { offeredTaxYears } from '../../shared/tax-years'
import { APP_VERSION } from '../../shared/version'

/** A source of bytes for one ZIP entry: a whole buffer, or a stream read only when the reader wants more. */
type Entry =
  | { path: string; bytes: Uint8Array }
  | { path: string; stream: () => ReadableStream<Uint8Array>; expectedSha256: string }

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`)
/** A path segment from a display name: no separators, nothing a ZIP tool could read as a path. */
const segment = (s: string) =>
  s
    .replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]/gu, '_')
    .replace(/^\.+/, '_')
    .slice(0, 120) || '_'

async function sections(ctx: AppContext, userId: number): Promise<Entry[]> {
  const user = await getUser(ctx, userId)
  const statuses = await yearStatuses(ctx, userId)
  const versions = await exportableVersions(ctx, userId)
  const years = [
    ...new Set([
      ...statuses.map((s) => s.taxYear),
      ...versions.map((v) => v.taxYear),
      ...offeredTaxYears(new Date(ctx.now())),
    ]),
  ].sort()
  const perYear = async <T>(read: (year: number) => Promise<T>) => {
    const out: Record<number, T | null> = {}
    for (const y of years) {
      try {
        out[y] = await read(y)
      } catch {
        out[y] = null // e.g. no declaration saved for that year
      }
    }
    return out
  }
  return [
    { path: 'data/profile.json', bytes: json({ ...publicUser(user), ...(await profileOf(ctx, userId)) }) },
    // The unfinished wizard and registration (issue 25), as kept.
    {
      path: 'data/unfinished-forms.json',
      bytes: json({
        wizard: await draftOf(ctx, userId, 'wizard'),
        registration: await draftOf(ctx, userId, 'registration'),
      }),
    },
    { path: 'data/tax-status.json', bytes: json(statuses) },
    { path: 'data/declarations.json', bytes: json(await perYear((y) => latestDeclaration(ctx, userId, y))) },
    { path: 'data/advanced-information.json', bytes: json(await perYear((y) => advancedInfo(ctx, userId, y))) },
    { path: 'data/messages.json', bytes: json(await listOwnMessages(ctx, userId)) },
    { path: 'data/notifications.json', bytes: json(await listNotifications(ctx, userId)) },
    { path: 'data/audit.json', bytes: json(await auditAbout(ctx, userId)) },
  ]
}

async function documentEntries(ctx: AppContext, store: BlobStore, userId: number, language: string) {
  return (await exportableVersions(ctx, userId)).map((v) => {
    const dot = v.name.lastIndexOf('.')
    const name =
      v.version === v.currentVersion
        ? v.name
        : dot > 0
          ? `${v.name.slice(0, dot)} (version ${v.version})${v.name.slice(dot)}`
          : `${v.name} (version ${v.version})`
    const path = `documents/${v.taxYear}/${segment(
      `${v.categoryId} ${categoryName(v.categoryId, language)}`,
    )}/${segment(name)}`
    return {
      entry: {
        path,
        stream: () => store.read(v.fileId, v.versionId, v.wrappedKey),
        expectedSha256: v.sha256,
      } satisfies Entry,
      meta: {
        path,
        fileId: v.fileId,
        version: v.version,
        size: v.size,
        uploadedAt: new Date(v.createdAt).toISOString(),
      },
    }
  })
}

/**
 * GET /api/user/export: everything held about the person as one ZIP (issue 13,
 * nFADP right of access). Entries are stored, not deflated (documents are mostly
 * compressed already), and the archive is produced as the reader pulls: one
 * 64 KiB chunk of one decrypted document at a time, so memory stays flat whatever
 * the total. manifest.json comes last with the SHA-256 of every entry, computed
 * on the bytes written (and checked against the hash stored at upload).
 */
// long: split after the storage work
export async function exportArchive(
  ctx: AppContext,
  store: BlobStore,
  userId: number,
): Promise<ReadableStream<Uint8Array>> {
  // The ZIP writer is loaded on the first export, not at start (issue 28).
  const { Zip, ZipPassThrough } = await import('fflate')
  const language = (await getUser(ctx, userId)).language
  const docs = await documentEntries(ctx, store, userId, language)
  const entries: Entry[] = [...(await sections(ctx, userId)), ...docs.map((d) => d.entry)]
  const manifest: { path: string; sha256: string; bytes: number }[] = []
  const out: Uint8Array[] = []
  let failed: Error | undefined
  let finished = false
  const zip = new Zip((err, chunk, final) => {
    if (err) failed = err
    else out.push(chunk)
    if (final) finished = true
  })
  const seen = new Set<string>()
  const unique = (path: string) => {
    let p = path
    for (let i = 2; seen.has(p); i++) p = path.replace(/(\.[^./]*)?$/, (ext) => ` (${i})${ext}`)
    seen.add(p)
    return p
  }

  let index = 0
  let current:
    | {
        file: ZipPassThrough
        reader: ReadableStreamDefaultReader<Uint8Array>
        hash: Awaited<ReturnType<typeof createHash>>
        bytes: number
        path: string
        expected: string
      }
    | undefined

  /** Moves the archive forward by one step: one whole small entry, or one chunk of a document. */
  async function step() {
    if (current) {
      const { done, value } = await current.reader.read()
      if (!done) {
        current.hash.update(value)
        current.bytes += value.byteLength
        current.file.push(value)
        return
      }
      const sha256 = current.hash.digest('hex')
      if (sha256 !== current.expected) throw new Error(`export: ${current.path} does not match its stored SHA-256`)
      manifest.push({ path: current.path, sha256, bytes: current.bytes })
      current.file.push(new Uint8Array(0), true)
      current = undefined
      return
    }
    const entry = entries[index++]
    if (!entry) {
      const file = new ZipPassThrough('manifest.json')
      zip.add(file)
      file.push(
        json({
          exportedAt: new Date(ctx.now()).toISOString(),
          app: APP_VERSION,
          documents: docs.map((d) => d.meta),
          entries: manifest,
        }),
        true,
      )
      zip.end()
      return
    }
    const path = unique(entry.path)
    const file = new ZipPassThrough(path)
    file.mtime = ctx.now()
    zip.add(file)
    if ('bytes' in entry) {
      manifest.push({
        path,
        sha256: createHash('sha256').update(entry.bytes).digest('hex'),
        bytes: entry.bytes.byteLength,
      })
      file.push(entry.bytes, true)
      return
    }
    current = {
      file,
      reader: entry.stream().getReader(),
      hash: createHash('sha256'),
      bytes: 0,
      path,
      expected: entry.expectedSha256,
    }
  }

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          while (out.length === 0 && !finished && !failed) await step()
        } catch (err) {
          failed = err as Error
        }
        if (failed) {
          ctx.log.error('export failed', { error: failed.message })
          await current?.reader.cancel().catch(() => {})
          return controller.error(failed)
        }
        const chunk = out.shift()
        if (chunk) controller.enqueue(chunk)
        if (finished && out.length === 0) controller.close()
      },
      async cancel() {
        await current?.reader.cancel().catch(() => {})
      },
    },
    { highWaterMark: 0 },
  )
}
