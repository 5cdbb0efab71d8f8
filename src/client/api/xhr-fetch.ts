/** An upload may take this long before it counts as a network failure. */
export const UPLOAD_TIMEOUT_MS = 30_000

/**
 * `fetch` through XMLHttpRequest, for the one thing fetch does not report: how much of the body has been sent. The
 * upload client (api/upload.ts) gives it to Treaty as its transport, so an upload's answer is typed and read like
 * every other call's. A failed or timed-out request rejects like fetch does (a TypeError), which Treaty hands back as
 * a network error.
 */
export function xhrFetch(onProgress: (loaded: number, total: number) => void): typeof fetch {
  const send = (input: RequestInfo | URL, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest()
      xhr.open((init.method ?? 'GET').toUpperCase(), String(input))
      xhr.timeout = UPLOAD_TIMEOUT_MS
      new Headers(init.headers).forEach((value, name) => {
        xhr.setRequestHeader(name, value)
      })
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(e.loaded, e.total)
      }
      xhr.onerror = () => reject(new TypeError('Network error occurred'))
      xhr.ontimeout = () => reject(new TypeError('Network error occurred'))
      init.signal?.addEventListener('abort', () => xhr.abort())
      xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'))
      xhr.onload = () => {
        const headers = new Headers()
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const colon = line.indexOf(':')
          if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
        }
        // A Response may not carry a body with these statuses.
        const body = [101, 204, 205, 304].includes(xhr.status) ? null : xhr.responseText
        resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers }))
      }
      xhr.send((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null)
    })
  // Bun's `typeof fetch` carries an extra `preconnect`; Treaty only ever calls it.
  return send as typeof fetch
}
