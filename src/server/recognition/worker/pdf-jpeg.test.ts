import { expect, test } from 'bun:test'
import jpeg from 'jpeg-js'
import { PDFDocument } from 'pdf-lib'
import { PNG } from 'pngjs'
import { pageJpegs } from './pdf-jpeg'

const grey = (width: number, height: number, value: number) => ({
  data: Buffer.alloc(width * height * 4, value),
  width,
  height,
})
const asJpeg = (width: number, height: number, value: number) =>
  new Uint8Array(jpeg.encode(grey(width, height, value), 80).data)

test('a page picture stored as JPEG is found as the JPEG file it is, the largest of each page', async () => {
  const scan = asJpeg(400, 560, 200)
  const logo = asJpeg(60, 40, 10)
  const png = new PNG({ width: 800, height: 800 })
  png.data = grey(800, 800, 255).data
  const pdf = await PDFDocument.create()
  // Page 1: a small logo and the scanned page. Page 2: a larger picture, but not a JPEG (Flate).
  // Page 3: text only. Page 4: the scan again, past the pages asked for.
  const scanImage = await pdf.embedJpg(scan)
  const page1 = pdf.addPage([595, 842])
  page1.drawImage(await pdf.embedJpg(logo), { x: 10, y: 800, width: 60, height: 40 })
  page1.drawImage(scanImage, { x: 0, y: 0, width: 595, height: 780 })
  pdf.addPage([595, 842]).drawImage(await pdf.embedPng(PNG.sync.write(png)), { x: 0, y: 0 })
  pdf.addPage([595, 842]).drawText('Lohnausweis', { x: 50, y: 700 })
  pdf.addPage([595, 842]).drawImage(scanImage, { x: 0, y: 0 })
  const bytes = await pdf.save()

  const found = await pageJpegs(bytes, 3, 300 * 300)
  expect(found.length).toBe(3)
  expect(found[0]).toEqual(scan)
  expect(found[1]).toBeNull()
  expect(found[2]).toBeNull()
  // The logo alone is below the size of a page picture.
  expect((await pageJpegs(bytes, 1, 400 * 560 + 1))[0]).toBeNull()
  expect((await pageJpegs(bytes, 1, 50 * 40))[0]).toEqual(scan)
})
