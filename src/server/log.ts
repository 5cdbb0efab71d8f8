/** A small structured logger. Never give it a code, a token or a key. */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

export function createLogger(write: (line: string) => void = (l) => console.log(l)): Logger {
  const emit = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
    write(`${new Date().toISOString()} ${level} ${msg}${fields ? ' ' + JSON.stringify(fields) : ''}`)
  return { info: emit('INFO'), warn: emit('WARN'), error: emit('ERROR') }
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} }
