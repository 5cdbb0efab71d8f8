import type { Busboy } from 'busboy'
import { extensionOf, MAX_UPLOAD_BYTES } from '../../shared/documents'
import { ApiError, badRequest } from '../http/errors'
import type { BlobStore, BlobWriter } from '../infra/blob-store'
import { ContentInspector, displayName, requireAllowedName } from './content-check'

/** One file part of an upload, already encrypted into a temporary blob (or refused on the way). */
export interface IncomingFile {
  name: string
  extension: string
  writer?: BlobWriter
  inspector?: ContentInspector
  sha256?: string
  wrappedKey?: string
  size: number
  error?: ApiError
}

export interface ParsedUpload {
  fields: Map<string, string[]>
  files: IncomingFile[]
  /** Removes every temporary blob not yet committed. */
  discardAll(): void
}

const MAX_FILES = 20
const MAX_MB = MAX_UPLOAD_BYTES / (1024 * 1024)
const YIELD_EVERY = 1024 * 1024
const tooLarge = (name: string) =>
  new ApiError(
    413,
    'FILE_TOO_LARGE',
    `File Too Large: ${name} is larger than ${MAX_MB}MB. Please select a file smaller than ${MAX_MB}MB.`,
  )

/** State of one upload while it streams. */
interface Parsing {
  fields: Map<string, string[]>
  files: IncomingFile[]
  /** The files' last chunks and fsyncs, which run off the server's thread. */
  finishing: Promise<void>[]
  /** Set when a file passes 50 MB: the request is refused then and the rest of its body never read. */
  overLimit?: ApiError
}

/**
 * Streams a multipart body (Bun's formData() would buffer it whole, bun#13804):
 * each `files` part is hashed and encrypted chunk by chunk into a temporary
 * blob. A part over 50 MB refuses the whole request while it streams: the
 * rest of the body is not read (the client sends one file per request).
 * Only parts named `files` carry files.
 */
export async function parseUpload(request: Request, store: BlobStore): Promise<ParsedUpload> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    throw badRequest('The upload must be multipart/form-data', 'INVALID_UPLOAD')
  }
  const state: Parsing = { fields: new Map(), files: [], finishing: [] }
  const discardAll = () => {
    for (const f of state.files) f.writer?.discard()
  }
  const bb = await multipartParser(contentType)
  bb.on('field', (name, value) => {
    const list = state.fields.get(name) ?? []
    list.push(value)
    state.fields.set(name, list)
  })
  bb.on('file', (name, stream, info) => {
    // A body cut off mid-file errors the part's stream; without a listener that would be an uncaught exception.
    stream.on('error', () => {})
    if (name !== 'files') stream.resume()
    else receiveFile(state, store, stream, info.filename ?? '')
  })
  const finished = new Promise<void>((resolve, reject) => {
    bb.on('close', resolve)
    bb.on('error', reject)
    bb.on('filesLimit', () => reject(badRequest(`At most ${MAX_FILES} files per upload`, 'TOO_MANY_FILES')))
  })
  finished.catch(() => {})

  try {
    await feed(request.body, bb, state)
    bb.end()
    await finished
    await Promise.all(state.finishing)
  } catch (err) {
    discardAll()
    bb.destroy()
    if (err instanceof ApiError) throw err
    throw badRequest('The upload could not be read (malformed or interrupted multipart body)', 'INVALID_UPLOAD')
  }
  return { fields: state.fields, files: state.files, discardAll }
}

/** A busboy parser with the upload's limits; a content type without a boundary is a 400. */
async function multipartParser(contentType: string): Promise<Busboy> {
  // Imported on the first upload: busboy and the node:stream machinery it pulls in cost
  // several MB of resident memory that an idle server does not need.
  const { default: busboy } = await import('busboy')
  try {
    return busboy({
      headers: { 'content-type': contentType },
      // busboy signals the limit on reaching fileSize, so one byte more lets exactly 50 MB through.
      limits: {
        fileSize: MAX_UPLOAD_BYTES + 1,
        files: MAX_FILES,
        fields: 100,
        fieldSize: 64 * 1024,
        parts: MAX_FILES + 100,
      },
      defParamCharset: 'utf8',
    })
  } catch {
    throw badRequest('The upload must be multipart/form-data with a boundary', 'INVALID_UPLOAD')
  }
}

/** One `files` part: checked by name and content, hashed and encrypted into a temporary blob as it streams. */
function receiveFile(state: Parsing, store: BlobStore, stream: NodeJS.ReadableStream, filename: string) {
  const shown = displayName(filename)
  const file: IncomingFile = { name: shown, extension: extensionOf(shown), size: 0 }
  state.files.push(file)
  try {
    requireAllowedName(shown)
    file.writer = store.begin()
    file.inspector = new ContentInspector(file.extension)
  } catch (err) {
    file.error = toApiError(err)
    stream.resume()
    return
  }
  const fail = (error: ApiError) => {
    if (file.error) return
    file.error = error
    file.writer?.discard()
    file.writer = undefined
  }
  stream.on('data', (chunk: Buffer) => {
    if (!file.writer) return
    try {
      file.writer.write(chunk)
      file.inspector!.feed(chunk)
    } catch (err) {
      fail(toApiError(err))
    }
  })
  stream.on('limit', () => {
    state.overLimit ??= tooLarge(shown)
  })
  stream.on('error', () => fail(badRequest('The upload was interrupted', 'INVALID_UPLOAD')))
  stream.on('end', () => {
    if (!file.writer || file.error) return
    state.finishing.push(
      file.writer.finish().then(
        (done) => void Object.assign(file, done),
        (err) => fail(toApiError(err)),
      ),
    )
  })
}

/** Hands the body to the parser a megabyte at a time, and stops reading it once a file is over the limit. */
async function feed(body: ReadableStream<Uint8Array>, bb: Busboy, state: Parsing) {
  const reader = body.getReader()
  let sinceTurn = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    // A body that has already arrived comes in large chunks and without waiting (promises only), and was
    // parsed, hashed and encrypted in one go: a 48 MB upload held every other request ~200 ms at a time.
    // A megabyte at a time, with a turn of the event loop for other requests in between.
    for (let at = 0; at < value.length; at += YIELD_EVERY) {
      const part = value.subarray(at, at + YIELD_EVERY)
      if (!bb.write(part)) await new Promise((resolve) => bb.once('drain', resolve))
      sinceTurn += part.length
      if (sinceTurn >= YIELD_EVERY) {
        sinceTurn = 0
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
    if (state.overLimit) {
      await reader.cancel().catch(() => {})
      throw state.overLimit
    }
  }
}

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err
  return new ApiError(400, 'UPLOAD_FAILED', 'Upload failed')
}
