import { writeSync } from 'node:fs'
import { TOO_LARGE } from '../bounds'

/**
 * The recognition worker's own limits, kept by a thread of its own. OCR is synchronous
 * WebAssembly that holds the worker's main thread for seconds, and a decoder can allocate
 * gigabytes in one call: a timer on that thread cannot fire while it runs, and the server's
 * timer cannot help once the server is gone. A second thread (a Bun Worker, started from a
 * Blob URL so the compiled executable needs no file for it) looks every WATCH_MS at the
 * process's resident memory (/proc/self/status VmRSS, all threads), at how long the current
 * job has run (a SharedArrayBuffer the main thread writes), and at its parent (a changed
 * parent pid in /proc/self/stat means the server died and the process was re-parented). Past
 * a limit it says why on stderr, which the server's pool reads, and ends the process with
 * SIGKILL, which nothing in the process can delay.
 */
export interface WatchdogLimits {
  /** Resident memory in bytes. */
  memoryBytes: number
  /** Time one job may take, in ms. */
  jobMs: number
}

export const WATCH_MS = 100
/** The line a watchdog writes before it ends the process; the pool turns it into the job's reason. */
export const WATCHDOG_PREFIX = 'watchdog: '

// Plain JavaScript: the thread's source is a string, bundled into the executable with this module.
const SOURCE = `
import { readFileSync, writeSync } from 'node:fs'
const field = (text, name) => Number(new RegExp(name + ':\\\\s+(\\\\d+)').exec(text)?.[1] ?? 0)
const parentPid = () => {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return process.ppid
  }
}
const end = (why) => {
  try { writeSync(2, '${WATCHDOG_PREFIX}' + why + '\\n') } catch {}
  process.kill(process.pid, 'SIGKILL')
}
self.onmessage = ({ data }) => {
  const { shared, memoryBytes, jobMs, parent, watchMs } = data
  const started = new BigInt64Array(shared)
  setInterval(() => {
    if (parentPid() !== parent) return end('the server is gone')
    let rss = 0
    try { rss = field(readFileSync('/proc/self/status', 'utf8'), 'VmRSS') * 1024 } catch {}
    if (rss > memoryBytes)
      return end('${TOO_LARGE}: its reader passed its memory limit (' + Math.round(memoryBytes / 1048576) + ' MB)')
    const since = Number(Atomics.load(started, 0))
    if (since > 0 && Date.now() - since > jobMs)
      return end('${TOO_LARGE}: its reader passed its time limit (' + Math.round(jobMs / 100) / 10 + ' s)')
  }, watchMs)
}
`

/**
 * Starts the watchdog thread for this process; the answer marks where a job starts and ends.
 * The parent is the one this process has now: started from the server, that is the server.
 */
export function startWatchdog(limits: WatchdogLimits) {
  const shared = new SharedArrayBuffer(8)
  const started = new BigInt64Array(shared)
  const thread = new Worker(URL.createObjectURL(new Blob([SOURCE], { type: 'application/javascript' })))
  thread.postMessage({ shared, ...limits, parent: process.ppid, watchMs: WATCH_MS })
  // The thread does not keep the process alive: a worker whose server closed the channel just exits.
  ;(thread as unknown as { unref?: () => void }).unref?.()
  return {
    jobStarted: () => Atomics.store(started, 0, BigInt(Date.now())),
    jobEnded: () => Atomics.store(started, 0, 0n),
  }
}

/** Limits from the environment the pool gives its workers (see pool.ts), or the defaults. */
export function limitsFromEnv(env = process.env, defaults: WatchdogLimits): WatchdogLimits {
  const n = (raw: string | undefined, fallback: number) =>
    raw && Number.isFinite(Number(raw)) && Number(raw) > 0 ? Number(raw) : fallback
  return {
    memoryBytes: n(env.SWISSTAX_WORKER_MEMORY_BYTES, defaults.memoryBytes),
    jobMs: n(env.SWISSTAX_WORKER_JOB_MS, defaults.jobMs),
  }
}

/** For a process that cannot start the thread (no Worker): said once, and the server's timer remains. */
export function watchdogUnavailable(err: unknown) {
  writeSync(2, `the recognition worker runs without its watchdog: ${(err as Error).message}\n`)
}
