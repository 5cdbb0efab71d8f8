/**
 * Putting an e-Steuerauszug's PDF417 symbols back together. The statement's barcode sheets carry
 * the zlib-compressed XML as one Macro PDF417 (structured append): every symbol holds its segment
 * index, the statement's file id and, in the standard's layout, the segment count ("Beilage zu
 * eCH-0196 V2.2.0 – Barcode Generierung – Technische Wegleitung", 2.2). Symbols are read page by page
 * in whatever order the PDF paints them, so they are sorted by index here, not by where they were found.
 */

export interface BarcodeSymbol {
  format: 'PDF417' | 'Code128'
  bytes: Uint8Array
  text: string
  /** 0-based segment index; -1 when the symbol is not part of a structured append. */
  sequenceIndex: number
  /** Segments in the statement; -1 outside structured append, 0 when the symbol does not say. */
  sequenceSize: number
  /** The Macro PDF417 file id: symbols of one statement share it. */
  sequenceId: string
}

export type Assembled =
  | { ok: true; bytes: Uint8Array; symbols: number; fileId: string }
  | { ok: false; reason: 'none' | 'incomplete' | 'too_large'; detail: string }

/** Compressed payload at most: a statement of thousands of positions is a few hundred kB. */
export const MAX_COMPRESSED_BYTES = 2 * 1024 * 1024

/**
 * The payload of the statement found among `symbols`: segments in index order, each index once (a
 * page read twice gives the same segment again). A missing index, or fewer segments than the count
 * says, is an incomplete statement, never a guess.
 */
export function assemble(symbols: BarcodeSymbol[]): Assembled {
  const macro = symbols.filter((s) => s.format === 'PDF417' && s.sequenceIndex >= 0)
  // A statement in one symbol (a tiny one) carries no macro block.
  if (macro.length === 0) {
    const single = symbols.filter((s) => s.format === 'PDF417' && s.sequenceIndex < 0)
    if (single.length === 1) return { ok: true, bytes: single[0]!.bytes, symbols: 1, fileId: '' }
    return { ok: false, reason: 'none', detail: 'no PDF417 symbols' }
  }
  // Several statements in one upload: the one with the most segments found is read.
  const byId = new Map<string, BarcodeSymbol[]>()
  for (const s of macro) byId.set(s.sequenceId, [...(byId.get(s.sequenceId) ?? []), s])
  const [fileId, group] = [...byId].sort((a, b) => b[1].length - a[1].length)[0]!
  const segments = new Map<number, BarcodeSymbol>()
  for (const s of group) if (!segments.has(s.sequenceIndex)) segments.set(s.sequenceIndex, s)
  const count = Math.max(0, ...group.map((s) => s.sequenceSize))
  const highest = Math.max(...segments.keys())
  const expected = count > 0 ? count : highest + 1
  const missing: number[] = []
  for (let i = 0; i < expected; i++) if (!segments.has(i)) missing.push(i + 1)
  if (missing.length || highest >= expected)
    return {
      ok: false,
      reason: 'incomplete',
      detail:
        `${segments.size} of ${expected} barcode segments read` +
        (missing.length ? `, missing ${missing.slice(0, 10).join(', ')}` : ''),
    }
  let size = 0
  for (let i = 0; i < expected; i++) size += segments.get(i)!.bytes.length
  if (size > MAX_COMPRESSED_BYTES) return { ok: false, reason: 'too_large', detail: `${size} bytes of barcodes` }
  const bytes = new Uint8Array(size)
  let at = 0
  for (let i = 0; i < expected; i++) {
    bytes.set(segments.get(i)!.bytes, at)
    at += segments.get(i)!.bytes.length
  }
  return { ok: true, bytes, symbols: expected, fileId }
}

/** The 16 digits of a page's CODE128C barcode (the guideline's 2.4, "1D-Seiten-Barcode"). */
export interface PageCode {
  /** "196" for an e-Steuerauszug. */
  form: string
  /** "22" for version 2.2. */
  version: string
  /** The institution's number, e.g. its clearing number. */
  organisation: string
  page: number
  /** The page is a barcode sheet (carries PDF417 segments). */
  barcodeSheet: boolean
}

export function pageCode(text: string): PageCode | null {
  const m = /^(\d{3})(\d{2})(\d{5})(\d{3})([01])(\d)(\d)$/.exec(text.trim())
  if (!m) return null
  return { form: m[1]!, version: m[2]!, organisation: m[3]!, page: Number(m[4]), barcodeSheet: m[5] === '1' }
}
