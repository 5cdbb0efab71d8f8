import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

/** One servable file of the built client. */
export interface Asset {
  file: Blob
  gzip?: Blob
  type: string
  /** Hashed name: cache for a year. */
  immutable: boolean
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
}

export const contentType = (path: string) => TYPES[path.slice(path.lastIndexOf('.'))] ?? 'application/octet-stream'

/** Builds the url → asset table from a list of (url path, file) pairs; `x.gz` files become x's gzip variant. */
export function assetTable(entries: Iterable<[string, Blob]>): Map<string, Asset> {
  const all = new Map(entries)
  const table = new Map<string, Asset>()
  for (const [path, file] of all) {
    if (path.endsWith('.gz')) continue
    table.set(path, {
      file,
      gzip: all.get(`${path}.gz`),
      type: contentType(path),
      immutable: path.startsWith('/assets/'),
    })
  }
  return table
}

/** The built client read from a folder (development mode and tests). */
export function diskAssets(dir: string): Map<string, Asset> {
  if (!existsSync(dir)) return new Map()
  const entries: [string, Blob][] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name)
      if (statSync(full).isDirectory()) walk(full)
      else entries.push([`/${relative(dir, full).split(sep).join('/')}`, Bun.file(full)])
    }
  }
  walk(dir)
  return assetTable(entries)
}
