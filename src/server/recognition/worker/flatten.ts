/**
 * Evens out the light of a grey page before OCR: each pixel is divided by the paper's brightness
 * around it (the 90th percentile of its block, smoothed and interpolated), then the ink is stretched to
 * black. Tesseract thresholds a page once, globally (Otsu): on a phone photo lit from one side or a
 * faint copy, that threshold cuts through the paper itself, and the page reads as nothing. Issue 25:
 * such pages gave no text at all. In place; one pass to measure, one to write.
 */
export function flattenLight(data: Uint8Array, width: number, height: number): Uint8Array {
  if (width < 64 || height < 64) return data
  const block = Math.max(16, Math.round(Math.max(width, height) / 40))
  const gw = Math.ceil(width / block),
    gh = Math.ceil(height / block)
  const smooth = paperFactors(paperOfBlocks(data, width, height, block), gw, gh)
  const out = new Uint8Array(data.length)
  const inkHist = new Uint32Array(256)
  // The paper's factor along the current row, at every block column (interpolated between block rows).
  const row = new Float32Array(gw)
  const x0s = new Uint32Array(width),
    fxs = new Float32Array(width)
  for (let x = 0; x < width; x++) {
    const gx = Math.min(gw - 1.001, Math.max(0, (x + 0.5) / block - 0.5))
    x0s[x] = Math.floor(gx)
    fxs[x] = gx - x0s[x]!
  }
  for (let y = 0; y < height; y++) {
    const gy = Math.min(gh - 1.001, Math.max(0, (y + 0.5) / block - 0.5))
    const y0 = Math.floor(gy),
      fy = gy - y0,
      y1 = Math.min(gh - 1, y0 + 1)
    for (let x = 0; x < gw; x++) row[x] = smooth[y0 * gw + x]! * (1 - fy) + smooth[y1 * gw + x]! * fy
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const x0 = x0s[x]!,
        fx = fxs[x]!
      const v = Math.min(255, (data[i]! * (row[x0]! * (1 - fx) + row[Math.min(gw - 1, x0 + 1)]! * fx)) | 0)
      out[i] = v
      inkHist[v]!++
    }
  }
  // The darkest 0.3 % of the page is ink: it becomes black, the paper stays white.
  let seen = 0,
    ink = 0
  for (; ink < 255; ink++) {
    seen += inkHist[ink]!
    if (seen >= data.length * 0.003) break
  }
  if (ink > 8 && ink < 215) {
    const stretch = new Uint8Array(256)
    for (let v = 0; v < 256; v++) stretch[v] = Math.max(0, Math.round(((v - ink) * 255) / (255 - ink)))
    for (let i = 0; i < out.length; i++) out[i] = stretch[out[i]!]!
  }
  data.set(out)
  return data
}

/** Each block's paper: the 90th percentile of its pixels. */
function paperOfBlocks(data: Uint8Array, width: number, height: number, block: number): Float32Array {
  const gw = Math.ceil(width / block),
    gh = Math.ceil(height / block)
  const paper = new Float32Array(gw * gh)
  const hist = new Uint32Array(256)
  for (let by = 0; by < gh; by++)
    for (let bx = 0; bx < gw; bx++) {
      hist.fill(0)
      const x1 = Math.min(width, (bx + 1) * block),
        y1 = Math.min(height, (by + 1) * block)
      let n = 0
      for (let y = by * block; y < y1; y++)
        for (let x = bx * block, i = y * width + x; x < x1; x++, i++) {
          hist[data[i]!]!++
          n++
        }
      // The 90th percentile: paper, even in a block crossed by a few lines of text.
      let seen = 0,
        v = 255
      for (; v > 0; v--) {
        seen += hist[v]!
        if (seen >= n * 0.1) break
      }
      paper[by * gw + bx] = v
    }
  return paper
}

/** The factor that makes each block's paper white, from a 3 × 3 mean of the blocks. */
function paperFactors(paper: Float32Array, gw: number, gh: number): Float32Array {
  // A 3 × 3 mean of the blocks: no block edges in the result, and a block filled by a bold title
  // borrows its neighbours' paper.
  const smooth = new Float32Array(gw * gh)
  for (let y = 0; y < gh; y++)
    for (let x = 0; x < gw; x++) {
      let s = 0,
        n = 0,
        top = 0
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx,
            yy = y + dy
          if (xx < 0 || yy < 0 || xx >= gw || yy >= gh) continue
          const p = paper[yy * gw + xx]!
          s += p
          n++
          top = Math.max(top, p)
        }
      // Kept as the factor that makes that paper white.
      smooth[y * gw + x] = 255 / Math.max(16, paper[y * gw + x]!, (s / n + top) / 2)
    }
  return smooth
}
