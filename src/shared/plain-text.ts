/**
 * Characters a one-line text (a name, a street, a search) never needs and an attacker can use: C0 and C1 control
 * characters (CR and LF start a new line in a mail; NUL ends a string in C code and FTS queries) and the Unicode
 * bidirectional controls (they reorder what a reader sees, e.g. an IBAN). The server refuses them at input.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const UNSAFE_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

/** The same for a text of several lines (a message): tab and line breaks are allowed. */
const UNSAFE_MULTILINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

/** Whether a one-line text holds a control or bidirectional character. */
export const hasUnsafeLineCharacters = (text: string) => UNSAFE_LINE.test(text)

/** Whether a text of several lines holds a control character other than tab and line breaks, or a bidi control. */
export const hasUnsafeTextCharacters = (text: string) => UNSAFE_MULTILINE.test(text)

/** Removes what `hasUnsafeLineCharacters` finds (for mail headers and lines built from stored text). */
export const stripUnsafeLineCharacters = (text: string) => text.replace(new RegExp(UNSAFE_LINE, 'g'), ' ')
