import { readFileSync } from 'node:fs'
import { extract, Unsupported } from './extract'
import { kindOf } from './kinds'

/**
 * The recognition worker: a child process of the server (`swisstax recognition-worker`,
 * or this file under Bun in development and tests). OCR is synchronous WebAssembly that
 * runs for seconds; in its own process it neither blocks the server's requests nor
 * counts against its memory, and the server can end it when it runs too long.
 *
 * Protocol (IPC): the server sends {id, name, bytes}; the worker answers
 * {id, ok: true, text, method, pages, ocrConfidence, ms, rss} or {id, ok: false, unsupported, error}.
 */
export interface WorkerRequest {
  id: number
  name: string
  bytes: Uint8Array
}
export type WorkerAnswer =
  | {
      id: number
      ok: true
      text: string
      method: string
      pages: number
      ocrConfidence?: number
      ms: number
      rss: number
    }
  | { id: number; ok: false; unsupported: boolean; error: string; rss: number }

/**
 * This process's own peak resident memory: Linux's VmHWM, which starts anew at exec. Not
 * getrusage's maxRSS: that carries the spawning process's peak across exec (the server's or
 * the bench's, 500 MB and more), which is how an earlier bench reported a 596 MB worker.
 */
function ownPeakRss(): number {
  try {
    const kb = /VmHWM:\s+(\d+)\s*kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]
    return kb ? Number(kb) * 1024 : 0
  } catch {
    return 0 // not Linux: the current RSS, sampled per job, stands in
  }
}

export function runWorker() {
  let peakRss = 0
  // The process's peak resident memory so far, for the server's figures and the bench.
  const rss = () => (peakRss = Math.max(peakRss, ownPeakRss(), process.memoryUsage().rss))
  let queue = Promise.resolve()
  process.on('message', (msg: WorkerRequest) => {
    queue = queue.then(async () => {
      const started = performance.now()
      let answer: WorkerAnswer
      try {
        const kind = kindOf(msg.name)
        if (!kind) throw new Unsupported('This file type is not read.')
        const r = await extract(kind, new Uint8Array(msg.bytes))
        answer = { id: msg.id, ok: true, ...r, ms: Math.round(performance.now() - started), rss: rss() }
      } catch (err) {
        answer = {
          id: msg.id,
          ok: false,
          unsupported: err instanceof Unsupported,
          error: err instanceof Error ? err.message : String(err),
          rss: rss(),
        }
      }
      process.send!(answer)
    })
  })
  // The server going away closes the channel: nothing left to do.
  process.on('disconnect', () => process.exit(0))
}

if (import.meta.main) runWorker()
