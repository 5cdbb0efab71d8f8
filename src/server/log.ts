import { AsyncLocalStorage } from 'node:async_hooks'

/** A small structured logger. Never give it a code, a token or a key. */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

/**
 * The request a line belongs to: the access log (health/access-log.ts) enters it when a request
 * arrives, so every line the request causes, in any area, carries its id without passing it around.
 */
export const requestScope = new AsyncLocalStorage<RequestScope>()

export interface RequestScope {
  requestId: string
  /** performance.now() at arrival. */
  start: number
  /** Elysia's route pattern, once routed (for the metrics' labels). */
  route?: string
  /** Bun's server, for the client address (absent when a test calls app.handle). */
  server?: { requestIP(req: Request): { address: string } | null } | null
}

/**
 * Control and format characters become \u{…} escapes, so text from a request (an
 * e-mail, a file name, a path) can neither colour the operator's terminal nor
 * reorder a line with bidi overrides nor forge a new line.
 */
export const escapeForLog = (text: string) =>
  text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)

/** The same characters as JSON's own \uXXXX escapes (JSON.stringify leaves DEL, C1, bidi and line separators). */
const escapeForJson = (json: string) =>
  json.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (c) =>
    Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
  )

/**
 * Standard output, the lines of one turn of the event loop in one write (issue 28): a write per access-log line was
 * a quarter of a polled request's CPU. Each line stays whole and in order; whatever is pending is written before the
 * process exits (an uncaught error included); only a SIGKILL can lose the last turn's lines.
 */
function batchedStdout(): (line: string) => void {
  let pending: string[] = []
  const flush = () => {
    if (!pending.length) return
    const lines = pending
    pending = []
    console.log(lines.join('\n'))
  }
  process.on('exit', flush)
  return (line) => {
    if (pending.push(line) === 1) setImmediate(flush)
  }
}

/** The one batched standard output of the process, made on first use (one exit listener, however many loggers). */
let stdoutLines: ((line: string) => void) | undefined
function stdout() {
  stdoutLines ??= batchedStdout()
  return stdoutLines
}

/** The time of a line, formatted once per millisecond (under load many lines share one). */
let isoMs = 0
let iso = ''
function isoNow(): string {
  const ms = Date.now()
  if (ms !== isoMs) {
    isoMs = ms
    iso = new Date(ms).toISOString()
  }
  return iso
}

/**
 * 'text': `TIME LEVEL message {fields}`, for a person reading the terminal. 'json' (LOG_FORMAT=json): one
 * JSON object a line, `{"time","level","msg",...fields}`, for a log collector. Either way one line an event.
 */
export function createLogger(write: (line: string) => void = stdout(), format: 'text' | 'json' = 'text'): Logger {
  const emit = (level: 'INFO' | 'WARN' | 'ERROR') => (msg: string, fields?: Record<string, unknown>) => {
    const requestId = requestScope.getStore()?.requestId
    const all = requestId && !fields?.requestId ? { ...fields, requestId } : fields
    const time = isoNow()
    if (format === 'json') {
      write(escapeForJson(JSON.stringify({ time, level: level.toLowerCase(), msg, ...all })))
    } else write(escapeForLog(`${time} ${level} ${msg}${all ? ` ${JSON.stringify(all)}` : ''}`))
  }
  return { info: emit('INFO'), warn: emit('WARN'), error: emit('ERROR') }
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} }
