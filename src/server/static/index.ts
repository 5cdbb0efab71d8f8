import { Elysia } from 'elysia'
import type { Asset } from './assets'
import { errorResponse } from '../http/errors'
import { type AskAs, firstScreenLinks } from './first-screen'

const EXTENSION = /\.[a-z0-9]+$/i

/**
 * Pictures without a hash in their name (the logo, the icons, the canton flags) change only with a release: an hour
 * without asking again, so that index.html's preload of the logo is the copy the page shows, not a second request.
 * index.html, the locales and the manifest are asked about every time.
 */
const PICTURES = /^\/(images|icons|cantons)\//

/** A strong ETag: the content's SHA-1. */
const etag = (content: string | ArrayBuffer) => `"${new Bun.CryptoHasher('sha1').update(content).digest('base64url')}"`

function cacheControl(path: string, asset: Asset) {
  if (asset.immutable) return 'public, max-age=31536000, immutable'
  return PICTURES.test(path) ? 'public, max-age=3600' : 'no-cache'
}

/**
 * Serves the SPA (docs/storage.md): hashed assets with year-long caching, gzip when
 * the browser takes it, and index.html for every client route so the SPA can
 * render its own not-found page. A route's index.html names what its first screen
 * will fetch (first-screen.ts); `askAs` reads the session for it.
 */
export function staticRoutes(assets: Map<string, Asset>, askAs?: AskAs) {
  const etags = new Map<string, string>()
  const etagOf = async (path: string, asset: Asset) => {
    let tag = etags.get(path)
    if (!tag) {
      tag = etag(await asset.file.arrayBuffer())
      etags.set(path, tag)
    }
    return tag
  }

  async function serve(request: Request, path: string, asset: Asset, status = 200) {
    const headers: Record<string, string> = {
      'Content-Type': asset.type,
      'Cache-Control': cacheControl(path, asset),
      Vary: 'Accept-Encoding',
    }
    if (!asset.immutable) {
      const etag = await etagOf(path, asset)
      headers.ETag = etag
      if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
    }
    let body: Blob = asset.file
    if (asset.gzip && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
      body = asset.gzip
      headers['Content-Encoding'] = 'gzip'
    }
    return new Response(request.method === 'HEAD' ? null : body, { status, headers })
  }

  const signedOut: AskAs = () => Promise.resolve(new Response(null, { status: 401 }))
  let page: Promise<{ html: string; linksFor: Awaited<ReturnType<typeof firstScreenLinks>> }> | undefined
  /** index.html for a client route, with its first screen's links; the service worker's copy (/index.html) has none. */
  async function servePage(request: Request, path: string, index: Asset) {
    page ??= index.file.text().then((html) => ({ html, linksFor: firstScreenLinks(html, askAs ?? signedOut) }))
    const { html, linksFor } = await page
    const links = await linksFor(request, path)
    const text = html.replace('</head>', `${links.html}\n</head>`)
    // A session's page names its reads: no cache keeps it. Signed out, it depends on the path only.
    const headers: Record<string, string> = {
      'Content-Type': index.type,
      'Cache-Control': links.personal ? 'no-store' : 'no-cache',
      Vary: 'Accept-Encoding, Cookie',
    }
    if (!links.personal) {
      headers.ETag = etag(text)
      if (request.headers.get('if-none-match') === headers.ETag) return new Response(null, { status: 304, headers })
    }
    let body: BodyInit = text
    if (/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
      body = Bun.gzipSync(text) as Uint8Array<ArrayBuffer>
      headers['Content-Encoding'] = 'gzip'
    }
    return new Response(request.method === 'HEAD' ? null : body, { headers })
  }

  const handler = ({ request, path }: { request: Request; path: string }) => {
    if (path.startsWith('/api/')) return errorResponse(404, 'NOT_FOUND', `No such endpoint: ${path}`)
    const asset = path === '/' ? undefined : assets.get(path)
    if (asset) return serve(request, path, asset)
    // A missing asset is a 404 in the one error shape too (docs/limits.md).
    const index = assets.get('/index.html')
    if (EXTENSION.test(path) || !index) return errorResponse(404, 'NOT_FOUND', 'Not found')
    return servePage(request, path, index)
  }

  return (
    new Elysia({ name: 'static' })
      /** The login sounds (spec part 1 §2): GET /api/audio/{file}. */
      .get('/api/audio/:file', ({ params, request }) => {
        const asset = /^[\w-]+\.(wav|mp3)$/.test(params.file) ? assets.get(`/sounds/${params.file}`) : undefined
        if (!asset) return errorResponse(404, 'NOT_FOUND', 'Sound not found')
        return serve(request, `/sounds/${params.file}`, asset)
      })
      .get('/*', handler)
      .head('/*', handler)
  )
}
