/** A small structured logger. Never give it a code, a token or a key. */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

/**
 * Control and format characters become \u{…} escapes, so text from a request (an
 * e-mail, a file name, a path) can neither colour the operator's terminal nor
 * reorder a line with bidi overrides nor forge a new line.
 */
export const escapeForLog = (text: string) =>
  text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)

export function createLogger(write: (line: string) => void = (l) => console.log(l)): Logger {
  const emit = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
    write(escapeForLog(`${new Date().toISOString()} ${level} ${msg}${fields ? ` ${JSON.stringify(fields)}` : ''}`))
  return { info: emit('INFO'), warn: emit('WARN'), error: emit('ERROR') }
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} }
