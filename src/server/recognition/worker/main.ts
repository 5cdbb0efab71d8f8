import { readFileSync } from 'node:fs'
import { classify, type Classification } from '../../../shared/recognition/classify'
import { JOB_TIMEOUT_MS, WORKER_MEMORY_MB } from '../bounds'
import { extract, Unsupported } from './extract'
import { kindOf } from './kinds'
import { statementClassification, type EStatement } from '../../../shared/recognition/e-statement'
import { limitsFromEnv, startWatchdog, watchdogUnavailable } from './watchdog'

/**
 * The recognition worker: a child process of the server (`swisstax recognition-worker`,
 * or this file under Bun in development and tests). OCR is synchronous WebAssembly that
 * runs for seconds; in its own process it neither blocks the server's requests nor
 * counts against its memory. It keeps its own limits (memory, time per job, a living parent: see
 * watchdog.ts), and classifies what it read here too, so the server's thread does no work on the text.
 *
 * Protocol: the server sends {id, name, size} (IPC) and the file's `size` bytes on the worker's stdin,
 * jobs one after the other (a pipe costs the server's thread nothing; an IPC message is serialised
 * and written in one go, 430 ms for a 48 MB upload). The worker answers (IPC)
 * {id, ok: true, text, result, method, pages, ocrConfidence, ms, ...Usage}
 * or {id, ok: false, unsupported, error, ...Usage}.
 * `text` is at most MAX_TEXT_CHARS characters (bounds.ts).
 */
export interface WorkerRequest {
  id: number
  name: string
  /** The file's length: that many bytes follow on stdin. */
  size: number
}
/** What the worker process has used so far, sent with every answer. */
export interface Usage {
  /** Peak resident memory of this process so far (bytes), for the server's figures and the bench. */
  rss: number
  /** Resident memory now, after the job (bytes): the pool ends a worker that stays above its limit. */
  rssNow: number
  /** CPU time of this process since it started (user + system, ms), engine load included. */
  cpuMs: number
  pid: number
}
export type WorkerAnswer =
  | ({
      id: number
      ok: true
      text: string
      result: Classification
      method: string
      pages: number
      ocrConfidence?: number
      ms: number
      /** An e-Steuerauszug read from its barcodes, its XML, and notes such as barcodes that did not read. */
      statement?: EStatement
      statementXml?: string
      notes?: string[]
    } & Usage)
  | ({ id: number; ok: false; unsupported: boolean; error: string } & Usage)

/**
 * This process's resident memory now and at its peak: Linux's VmRSS and VmHWM, which starts anew at
 * exec. Not getrusage's maxRSS: that carries the spawning process's peak across exec (the server's or
 * the bench's, 500 MB and more), which is how an earlier bench reported a 596 MB worker.
 */
function ownMemory(): { now: number; peak: number } {
  try {
    const status = readFileSync('/proc/self/status', 'utf8')
    const kB = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)\\s*kB`).exec(status)?.[1] ?? 0) * 1024
    return { now: kB('VmRSS'), peak: kB('VmHWM') }
  } catch {
    return { now: 0, peak: 0 } // not Linux: the current RSS, sampled per job, stands in
  }
}

export function runWorker() {
  let watchdog: Awaited<ReturnType<typeof startWatchdog>> | null = null
  try {
    watchdog = startWatchdog(
      limitsFromEnv(process.env, { memoryBytes: WORKER_MEMORY_MB * 1024 * 1024, jobMs: JOB_TIMEOUT_MS }),
    )
  } catch (err) {
    watchdogUnavailable(err)
  }
  let peakRss = 0
  const usage = (): Usage => {
    const memory = ownMemory()
    const sampled = process.memoryUsage().rss
    peakRss = Math.max(peakRss, memory.peak, sampled)
    const cpu = process.cpuUsage()
    return { rss: peakRss, rssNow: memory.now || sampled, cpuMs: (cpu.user + cpu.system) / 1000, pid: process.pid }
  }
  let queue = Promise.resolve()
  const input = stdinReader()
  process.on('message', (msg: WorkerRequest) => {
    queue = queue.then(async () => {
      // The file's bytes, in the order the requests came.
      const bytes = await input.read(msg.size)
      const started = performance.now()
      watchdog?.jobStarted()
      let answer: WorkerAnswer
      try {
        const kind = kindOf(msg.name)
        if (!kind) throw new Unsupported('This file type is not read.')
        const r = await extract(kind, bytes)
        // An e-Steuerauszug's category and year come from its barcodes' XML; anything else from its words.
        const result = r.statement ? statementClassification(r.statement, classify(r.text).language) : classify(r.text)
        if (r.notes?.length) result.reason = [...r.notes, ...result.reason]
        answer = { id: msg.id, ok: true, ...r, result, ms: Math.round(performance.now() - started), ...usage() }
      } catch (err) {
        answer = {
          id: msg.id,
          ok: false,
          unsupported: err instanceof Unsupported,
          error: err instanceof Error ? err.message : String(err),
          ...usage(),
        }
      }
      watchdog?.jobEnded()
      process.send!(answer)
    })
  })
  // The server going away closes the channel: nothing left to do.
  process.on('disconnect', () => process.exit(0))
}

/** Reads stdin by exact lengths. */
function stdinReader() {
  const reader = Bun.stdin.stream().getReader()
  let held: Uint8Array = new Uint8Array(0)
  return {
    async read(size: number): Promise<Uint8Array> {
      const out = new Uint8Array(size)
      let filled = 0
      while (filled < size) {
        if (!held.length) {
          const { value, done } = await reader.read()
          if (done) throw new Error('the server closed the input')
          held = value
        }
        const take = held.subarray(0, size - filled)
        out.set(take, filled)
        filled += take.length
        held = held.subarray(take.length)
      }
      return out
    },
  }
}

if (import.meta.main) runWorker()
