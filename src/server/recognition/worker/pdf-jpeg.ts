import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib'

/**
 * The largest JPEG picture on each of the first `pages` pages of a PDF, as the JPEG file it is
 * stored as (an image XObject with the DCTDecode filter alone), or null where a page has none of
 * at least `minPixels`. A scanner's PDF is mostly one such picture a page: read as a JPEG file, it
 * goes through the same scaling decoder as an uploaded photo, where PDF.js would decode it to
 * full-size colour in JavaScript (the worker's peak went from 225 MB for the scan to 331 MB for
 * the same scan in a PDF).
 */
export async function pageJpegs(bytes: Uint8Array, pages: number, minPixels: number): Promise<(Uint8Array | null)[]> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })
  const out: (Uint8Array | null)[] = []
  for (const page of doc.getPages().slice(0, pages)) {
    let best: { pixels: number; jpeg: Uint8Array } | null = null
    const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)
    for (const ref of xobjects?.values() ?? []) {
      const stream = doc.context.lookup(ref)
      if (!(stream instanceof PDFRawStream) || !isJpegImage(stream.dict)) continue
      const size = (key: string) => stream.dict.lookupMaybe(PDFName.of(key), PDFNumber)?.asNumber() ?? 0
      const pixels = size('Width') * size('Height')
      if (pixels >= minPixels && pixels > (best?.pixels ?? 0)) best = { pixels, jpeg: stream.contents }
    }
    out.push(best?.jpeg ?? null)
  }
  return out
}

function isJpegImage(dict: PDFDict): boolean {
  if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) return false
  const filter = dict.get(PDFName.of('Filter'))
  const only = filter instanceof PDFArray && filter.size() === 1 ? filter.get(0) : filter
  return only === PDFName.of('DCTDecode')
}
