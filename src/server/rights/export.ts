import { createHash, type Hash } from 'node:crypto'
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
import { exportableVersions } from '../documents/reads'
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

/** One line of manifest.json: an entry's path, and the SHA-256 and size of the bytes written for it. */
interface ManifestLine {
  path: string
  sha256: string
  bytes: number
}

/** A document being copied into the archive one chunk at a time, hashed on the way. */
interface Copying {
  file: ZipPassThrough
  reader: ReadableStreamDefaultReader<Uint8Array>
  hash: Hash
  bytes: number
  path: string
  expected: string
}

/** What the ZIP writer has produced and the reader not yet taken, and how it ended. */
interface Output {
  chunks: Uint8Array[]
  failed?: Error
  finished: boolean
}

/** The ZIP writer, pushing what it writes to `out`. */
function zipWriter(Zip: typeof import('fflate').Zip, out: Output) {
  return new Zip((err, chunk, final) => {
    if (err) out.failed = err
    else out.chunks.push(chunk)
    if (final) out.finished = true
  })
}

/** Each path once: a second `a/b.pdf` becomes `a/b (2).pdf`, a third `a/b (3).pdf`. */
export function uniquePaths(): (path: string) => string {
  const seen = new Set<string>()
  return (path) => {
    let p = path
    for (let i = 2; seen.has(p); i++) p = path.replace(/(\.[^./]*)?$/, (ext) => ` (${i})${ext}`)
    seen.add(p)
    return p
  }
}

/**
 * Copies the document's next chunk into its entry. At its end, checks the bytes written against the hash
 * stored at upload (a mismatch fails the export) and records them in the manifest. Whether it has ended.
 */
export async function copyChunk(doc: Copying, manifest: ManifestLine[]): Promise<boolean> {
  const { done, value } = await doc.reader.read()
  if (!done) {
    doc.hash.update(value)
    doc.bytes += value.byteLength
    doc.file.push(value)
    return false
  }
  const sha256 = doc.hash.digest('hex')
  if (sha256 !== doc.expected) throw new Error(`export: ${doc.path} does not match its stored SHA-256`)
  manifest.push({ path: doc.path, sha256, bytes: doc.bytes })
  doc.file.push(new Uint8Array(0), true)
  return true
}

/** Starts an entry as `file`: a data section is written whole; a document is returned, to be copied by copyChunk. */
function startEntry(entry: Entry, file: ZipPassThrough, manifest: ManifestLine[]): Copying | undefined {
  if ('bytes' in entry) {
    manifest.push({
      path: file.filename,
      sha256: createHash('sha256').update(entry.bytes).digest('hex'),
      bytes: entry.bytes.byteLength,
    })
    file.push(entry.bytes, true)
    return undefined
  }
  return {
    file,
    reader: entry.stream().getReader(),
    hash: createHash('sha256'),
    bytes: 0,
    path: file.filename,
    expected: entry.expectedSha256,
  }
}

/** The stream the route answers with: each pull moves the archive on until it has a chunk to give. */
function pulledStream(
  ctx: AppContext,
  out: Output,
  step: () => Promise<void>,
  cancel: () => Promise<void>,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          while (out.chunks.length === 0 && !out.finished && !out.failed) await step()
        } catch (err) {
          out.failed = err as Error
        }
        if (out.failed) {
          ctx.log.error('export failed', { error: out.failed.message })
          await cancel()
          return controller.error(out.failed)
        }
        const chunk = out.chunks.shift()
        if (chunk) controller.enqueue(chunk)
        if (out.finished && out.chunks.length === 0) controller.close()
      },
      cancel,
    },
    { highWaterMark: 0 },
  )
}

/**
 * GET /api/user/export: everything held about the person as one ZIP (issue 13,
 * nFADP right of access). Entries are stored, not deflated (documents are mostly
 * compressed already), and the archive is produced as the reader pulls: one
 * 64 KiB chunk of one decrypted document at a time, so memory stays flat whatever
 * the total. manifest.json comes last with the SHA-256 of every entry, computed
 * on the bytes written (and checked against the hash stored at upload).
 */
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
  const manifest: ManifestLine[] = []
  const out: Output = { chunks: [], finished: false }
  const zip = zipWriter(Zip, out)
  const unique = uniquePaths()
  let index = 0
  let copying: Copying | undefined

  /** Moves the archive forward by one step: one whole data section, one chunk of a document, or the manifest. */
  async function step() {
    if (copying) {
      if (await copyChunk(copying, manifest)) copying = undefined
      return
    }
    const entry = entries[index++]
    if (entry) {
      const file = new ZipPassThrough(unique(entry.path))
      file.mtime = ctx.now() // before add, which writes the entry's header
      zip.add(file)
      copying = startEntry(entry, file, manifest)
      return
    }
    const file = new ZipPassThrough('manifest.json')
    zip.add(file)
    const exportedAt = new Date(ctx.now()).toISOString()
    file.push(json({ exportedAt, app: APP_VERSION, documents: docs.map((d) => d.meta), entries: manifest }), true)
    zip.end()
  }

  return pulledStream(ctx, out, step, async () => {
    await copying?.reader.cancel().catch(() => {})
  })
}
