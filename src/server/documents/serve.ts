import { extensionOf, MIME_BY_EXTENSION, isInlineType, type AllowedExtension } from '../../shared/documents'
import { ApiError } from '../http/errors'
import type { BlobStore } from '../infra/blob-store'
import type { fileVersions } from '../db/schema'

type VersionRow = typeof fileVersions.$inferSelect

/**
 * Streams one decrypted version. The first chunk is decrypted before the
 * answer starts, so a damaged blob answers with an error instead of a 200;
 * damage further in aborts the stream (the length then falls short).
 */
export async function serveVersion(
  store: BlobStore,
  v: VersionRow,
  name: string,
  download: boolean,
): Promise<Response> {
  const extension = extensionOf(name)
  const stream = store.read(v.fileId, v.id, v.wrappedKey)
  const reader = stream.getReader()
  let first: Awaited<ReturnType<typeof reader.read>>
  try {
    first = await reader.read()
  } catch {
    throw new ApiError(
      500,
      'FILE_INTEGRITY_FAILED',
      'The stored file failed its integrity check. Please contact support.',
    )
  }
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (first.done) controller.close()
        else controller.enqueue(first.value)
      },
      async pull(controller) {
        try {
          const next = await reader.read()
          if (next.done) controller.close()
          else controller.enqueue(next.value)
        } catch (err) {
          controller.error(err)
        }
      },
      cancel() {
        return reader.cancel()
      },
    },
    { highWaterMark: 0 },
  )
  const inline = !download && isInlineType(extension)
  return new Response(body, {
    headers: {
      'Content-Type': MIME_BY_EXTENSION[extension as AllowedExtension] ?? 'application/octet-stream',
      'Content-Length': String(v.size),
      'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', name),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': documentCsp(extension, inline),
      'Cache-Control': 'private, no-store',
    },
  })
}

/** RFC 6266 with an ASCII fallback and the UTF-8 name in filename* (RFC 5987). */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

/**
 * docs/api.md asks for `default-src 'none'; sandbox` on served documents. A
 * sandboxed document cannot start Chrome's or Safari's PDF viewer (it counts as
 * a plugin, and no sandbox token re-enables it: chromium issue 413851), so a PDF
 * shown inline drops `sandbox` only; its Content-Type is fixed and nosniff is
 * set, so the bytes can never be rendered as HTML.
 */
export const documentCsp = (extension: string, inline: boolean) =>
  inline && extension === 'pdf' ? "default-src 'none'; frame-ancestors 'none'" : "default-src 'none'; sandbox"
