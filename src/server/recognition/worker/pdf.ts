// PDF.js as unpdf ships it for servers (no canvas, no worker thread). Its own index module
// is not used: it calls import.meta.resolve, which the executable's CommonJS bundle cannot hold.
import { getDocument, OPS } from 'unpdf/pdfjs'
import { MAX_IMAGE_PIXELS } from './downscale'

type Doc = Awaited<ReturnType<typeof getDocument>['promise']>
export interface PageImage {
  data: Uint8Array | Uint8ClampedArray
  width: number
  height: number
  channels: number
}

export async function openPdf(bytes: Uint8Array) {
  // maxImageSize: a picture over MAX_IMAGE_PIXELS is dropped from the page before it is decoded
  // (a 875 KB PDF holding one 30,000 × 30,000 picture took the worker past 4 GB).
  const task = getDocument({ data: bytes, useSystemFonts: true, disableFontFace: true, maxImageSize: MAX_IMAGE_PIXELS })
  const doc: Doc = await task.promise
  return {
    pages: doc.numPages,
    /** Text of the first pages, until `maxChars` are read; line ends kept, runs of blanks collapsed. */
    async text(maxChars: number): Promise<string> {
      const texts: string[] = []
      let chars = 0
      for (let p = 1; p <= doc.numPages && chars < maxChars; p++) {
        const content = await (await doc.getPage(p)).getTextContent()
        const page = content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : '') : '')).join('')
        texts.push(page)
        chars += page.length
      }
      return texts
        .join('\n')
        .replace(/[^\S\n]+/g, ' ')
        .replace(/ ?\n ?/g, '\n')
        .replace(/\n{3,}/g, '\n\n')
    },
    /** The raster images painted on a page (a scan wrapped in a PDF is one of these). */
    async images(pageNumber: number): Promise<PageImage[]> {
      const page = await doc.getPage(pageNumber)
      const ops = await page.getOperatorList()
      const out: PageImage[] = []
      for (let i = 0; i < ops.fnArray.length; i++) {
        if (ops.fnArray[i] !== OPS.paintImageXObject) continue
        const key = ops.argsArray[i][0] as string
        const image = await new Promise<{ data?: Uint8ClampedArray; width?: number; height?: number } | null>(
          (resolve) => (key.startsWith('g_') ? page.commonObjs : page.objs).get(key, resolve),
        )
        if (!image?.data || !image.width || !image.height) continue
        const channels = image.data.length / (image.width * image.height)
        if (channels === 1 || channels === 3 || channels === 4)
          out.push({ data: image.data, width: image.width, height: image.height, channels })
      }
      return out
    },
    /** The page's drawing operations (the e-Steuerauszug reader draws vector barcodes from them). */
    async operators(pageNumber: number): Promise<{ fnArray: number[]; argsArray: unknown[][] }> {
      return (await doc.getPage(pageNumber)).getOperatorList()
    },
    close: () => task.destroy(),
  }
}
