import { join } from 'node:path'
import { setPriority } from 'node:os'
import type { Subprocess } from 'bun'
import type { WorkerAnswer, WorkerRequest } from './worker/main'
import { WATCHDOG_PREFIX } from './worker/watchdog'
import { JOB_TIMEOUT_MS, TOO_LARGE, WORKER_MEMORY_MB } from './bounds'
import { RECYCLE_ABOVE_MB } from '../config'

export { RECYCLE_ABOVE_MB }

/** The command that starts a recognition worker: the executable itself, or Bun with the worker's source. */
export function workerCommand(): string[] {
  // A compiled executable carries embedded files (the client, the language data); `bun file.ts` has none.
  // (import.meta.dir cannot tell: the bundler writes the source folder into it.)
  return Bun.embeddedFiles.length > 0
    ? [process.execPath, 'recognition-worker']
    : [process.execPath, join(import.meta.dir, 'worker', 'main.ts')]
}

/**
 * What a worker's environment may hold: where programs and temporary files are, and the locale. Nothing else of
 * the server's: the worker needs no secret (the server decrypts before it sends, and keeps the keys to itself),
 * and an allow-list cannot let a new one through (the database's URL, the bucket's keys, the master key, SMTP).
 */
const WORKER_ENV = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LANGUAGE', 'LC_ALL', 'LC_CTYPE', 'TZ']

/** The worker's environment: the allow-listed settings, and its limits for its watchdog (worker/watchdog.ts). */
function workerEnv(limits: { memoryMB: number; jobTimeoutMs: number }): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of WORKER_ENV) {
    const value = process.env[name]
    if (value !== undefined) env[name] = value
  }
  env.SWISSTAX_WORKER_MEMORY_BYTES = String(Math.round(limits.memoryMB * 1024 * 1024))
  env.SWISSTAX_WORKER_JOB_MS = String(Math.round(limits.jobTimeoutMs))
  return env
}

/** Tesseract's chatter about optional files and guessed resolutions is not news for an operator. */
const NOISE = /special-words|Estimating resolution|Invalid resolution|^\s*$/
/** Forwards the worker's stderr to the server's; resolves with the watchdog's last word, if it spoke. */
async function forwardStderr(stream: ReadableStream<Uint8Array>): Promise<string | null> {
  let rest = '',
    watchdog: string | null = null
  const decoder = new TextDecoder()
  for await (const chunk of stream) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n')
    rest = lines.pop() ?? ''
    for (const line of lines) {
      if (line.startsWith(WATCHDOG_PREFIX)) watchdog = line.slice(WATCHDOG_PREFIX.length)
      if (!NOISE.test(line)) process.stderr.write(`recognition worker: ${line}\n`)
    }
  }
  return watchdog
}
/**
 * A file goes to the worker on its stdin in parts of this size, each written without blocking: sent as
 * an IPC message, a 48 MB upload held the server's thread for 430 ms (serialised and written in one go).
 */
export const SEND_PART = 256 * 1024
/** How long an ended worker's last stderr lines are waited for. */
const STDERR_GRACE_MS = 2000
/** The server's own timer is this much later than the worker's: the worker's limit speaks first. */
export const BACKSTOP_MS = 10_000

/** The worker's scheduling priority (nice value) relative to the server's 0. */
const WORKER_NICE = 10

export interface PoolStats {
  peakWorkerRss: number
  started: number
  /** Workers ended for their memory after a job. */
  recycled: number
}

/** What the workers of one pool share: its counters, its idle and live workers, their limits and command. */
interface PoolState {
  stats: PoolStats
  idle: WorkerProcess[]
  all: Set<WorkerProcess>
  limits: { memoryMB: number; jobTimeoutMs: number }
  command?: string[]
}

/** One worker process and the jobs it was sent, answered through its IPC channel. */
class WorkerProcess {
  pool: PoolState
  proc: Subprocess
  pending = new Map<number, { resolve: (a: WorkerAnswer) => void; reject: (e: Error) => void }>()
  timer: Awaited<ReturnType<typeof setTimeout>> | null = null
  dead = false
  stderr: Promise<string | null>
  constructor(pool: PoolState) {
    this.pool = pool
    pool.stats.started++
    this.proc = Bun.spawn(pool.command ?? workerCommand(), {
      stdio: ['pipe', 'inherit', 'pipe'],
      env: workerEnv(pool.limits),
      serialization: 'advanced',
      ipc: (answer: WorkerAnswer) => {
        pool.stats.peakWorkerRss = Math.max(pool.stats.peakWorkerRss, answer.rss)
        const p = this.pending.get(answer.id)
        this.pending.delete(answer.id)
        p?.resolve(answer)
      },
      onExit: () => {
        // Out of the pool at once; its jobs learn why once its last words are read.
        this.gone(null)
        const said = Promise.race([this.stderr, Bun.sleep(STDERR_GRACE_MS).then(() => null)])
        void said.then((why) => this.fail(new Error(why ?? 'the recognition worker stopped')))
      },
    })
    pool.all.add(this)
    // Reading is background work: the requests of the server come first when the cores are busy.
    try {
      setPriority(this.proc.pid, WORKER_NICE)
    } catch {
      /* not allowed here: it runs at the server's priority */
    }
    this.stderr = forwardStderr(this.proc.stderr as ReadableStream<Uint8Array>).catch(() => null)
  }
  gone(err: Error | null) {
    if (this.timer) clearTimeout(this.timer)
    this.dead = true
    this.pool.all.delete(this)
    const i = this.pool.idle.indexOf(this)
    if (i >= 0) this.pool.idle.splice(i, 1)
    if (err) this.fail(err)
  }
  fail(err: Error) {
    for (const p of this.pending.values()) p.reject(err)
    this.pending.clear()
  }
  kill(why = 'the recognition worker was stopped') {
    if (this.timer) clearTimeout(this.timer)
    this.proc.kill('SIGKILL')
    this.gone(new Error(why))
  }
}

/**
 * Worker processes for extraction and OCR, started when a job comes and ended after
 * `idleMs` without one, so an idle server holds no OCR memory. A worker ends itself past
 * `memoryMB` or a job's `jobTimeoutMs` (its watchdog); the server's timer in `run` ends it
 * too. One that a job leaves above `recycleAboveMB` is ended. The next job starts a fresh one.
 * A job whose worker ended is rejected with the reason (TOO_LARGE when a limit ended it).
 */
export function createPool(
  opts: { idleMs?: number; command?: string[]; recycleAboveMB?: number; memoryMB?: number; jobTimeoutMs?: number } = {},
) {
  const idleMs = opts.idleMs ?? 30_000
  const limits = { memoryMB: opts.memoryMB ?? WORKER_MEMORY_MB, jobTimeoutMs: opts.jobTimeoutMs ?? JOB_TIMEOUT_MS }
  const recycleAbove = (opts.recycleAboveMB ?? RECYCLE_ABOVE_MB) * 1024 * 1024
  const stats: PoolStats = { peakWorkerRss: 0, started: 0, recycled: 0 }
  const idle: WorkerProcess[] = []
  const all = new Set<WorkerProcess>()
  let nextId = 1
  const pool: PoolState = { stats, idle, all, limits, command: opts.command }

  /**
   * One job: the file's bytes, or a stream of them with its length (a stored version, decrypted as it
   * is sent: the server never holds it whole). `timeoutMs` is the server's own timer, by default a
   * little after the worker's limit.
   */
  async function run(
    name: string,
    file: Uint8Array | { size: number; stream: ReadableStream<Uint8Array> },
    timeoutMs = limits.jobTimeoutMs + BACKSTOP_MS,
  ): Promise<WorkerAnswer> {
    const { size, stream } = file instanceof Uint8Array ? { size: file.length, stream: null } : file
    let worker = idle.pop()
    while (worker?.dead) worker = idle.pop()
    worker ??= new WorkerProcess(pool)
    if (worker.timer) clearTimeout(worker.timer)
    const w = worker
    const id = nextId++
    const answer = new Promise<WorkerAnswer>((resolve, reject) => w.pending.set(id, { resolve, reject }))
    const timeout = setTimeout(
      () => w.kill(`${TOO_LARGE}: it was not read in ${Math.round(timeoutMs / 1000)} s`),
      timeoutMs,
    )
    try {
      w.proc.send({ id, name, size } satisfies WorkerRequest)
      const input = w.proc.stdin as import('bun').FileSink
      let sent = 0
      try {
        for await (const chunk of stream ?? [file as Uint8Array]) {
          for (let at = 0; at < chunk.length && !w.dead; at += SEND_PART) {
            const part = chunk.subarray(at, Math.min(at + SEND_PART, chunk.length, at + size - sent))
            input.write(part)
            sent += part.length
            // Waits for the pipe: the server's thread serves requests meanwhile.
            await input.flush()
          }
        }
      } catch (err) {
        // The worker ended (`answer` says why), or the file could not be read: the worker waits for bytes that
        // never come.
        if (!w.dead) w.kill(`the document could not be read: ${(err as Error).message}`)
      }
      if (sent !== size && !w.dead) w.kill('the document could not be read: its length changed')
      const a = await answer
      // Between jobs, so nothing is lost: this answer is in hand and the worker holds no other job
      // (a worker is out of `idle` while it runs one). The job's row is written by the caller.
      if (a.rssNow > recycleAbove) {
        stats.recycled++
        w.kill()
      }
      return a
    } finally {
      clearTimeout(timeout)
      if (!w.dead) {
        idle.push(w)
        w.timer = setTimeout(() => w.kill(), idleMs)
      }
    }
  }

  return {
    run,
    stats,
    get running() {
      return all.size
    },
    close() {
      for (const w of [...all]) w.kill()
    },
  }
}
export type Pool = Awaited<ReturnType<typeof createPool>>
