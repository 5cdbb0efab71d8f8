/** E-mail rules shared by the login form and the server (spec part 1 §5, docs/sessions.md). */
export const EMAIL_MAX_LENGTH = 254
export const CODE_LENGTH = 6

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

// Deliberately simple: one @, a dot in the domain, no spaces. The code mail is the real check.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/**
 * Control and format characters (ESC, NUL, bidi overrides, zero-width): never part of an address, and a risk in logs.
 */
export const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u
export const isValidEmail = (email: string) =>
  email.length <= EMAIL_MAX_LENGTH && EMAIL_RE.test(email) && !CONTROL_OR_FORMAT.test(email)
export const isValidCode = (code: string) => /^\d{6}$/.test(code)
