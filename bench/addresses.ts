// Address streets benchmark (issue 12), run by `npm run bench addresses` (or `bun bench/addresses.ts` after a build):
// - generates a register of building addresses in the official swisstopo CSV layout (ADDRESS_ROWS, default
//   3 million rows; real postal codes and places, generated streets and numbers);
// - times `dist/swisstax data import-addresses FILE` and measures how much the database grows;
// - runs 2,000 searches of mixed shapes against GET /api/address/search, one at a time: p50/p99.
// It prints a markdown table that bench/run.ts puts into RESULTS.md.
import { createWriteStream, mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BINARY, cleanup, cpuMicros, median, signIn, startBinary } from './lib'
import { embeddedLocalities } from '../src/server/address/localities'

const ROWS = Number(process.env.ADDRESS_ROWS ?? 3_000_000)
const SEARCHES = 2000

// A small deterministic generator, so every run indexes the same register.
// mulberry32: 32-bit integer arithmetic throughout (a float LCG loses its low bits and cycles early).
let seed = 12
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!

const STEMS = [
  'Bahnhof',
  'Haupt',
  'Dorf',
  'Kirch',
  'Schul',
  'See',
  'Berg',
  'Wald',
  'Garten',
  'Linden',
  'Birken',
  'Rosen',
  'Sonnen',
  'Mühle',
  'Industrie',
  'Post',
  'Ober',
  'Unter',
  'Feld',
  'Wiesen',
  'Buchen',
  'Eichen',
  'Tannen',
  'Acker',
  'Rebberg',
  'Bach',
  'Brunnen',
  'Burg',
  'Schloss',
  'Alpen',
  'Jura',
  'Zürcher',
  'Berner',
  'Basler',
  'Luzerner',
  'Kreuz',
  'Stein',
  'Hof',
  'Matt',
  'Gerbe',
  'Schützen',
  'Riet',
  'Moos',
  'Grund',
  'Bühl',
  'Allmend',
  'Sand',
  'Holz',
  'Weiher',
  'Reben',
]
const SUFFIXES = ['strasse', 'weg', 'gasse', 'platz', 'rain', 'matte', 'halde', 'ring']
const FRENCH = [
  'Rue de la Gare',
  'Rue du Lac',
  'Chemin des Vignes',
  'Avenue de la Gare',
  'Route de Berne',
  'Rue du Temple',
  'Chemin du Bois',
  'Place du Marché',
  'Rue des Alpes',
  'Chemin de la Forêt',
]
const ITALIAN = ['Via Cantonale', 'Via alla Chiesa', 'Via San Gottardo', 'Piazza Grande', 'Via dei Faggi', 'Via Lucino']
const LATIN = new Set(['GE', 'VD', 'NE', 'JU', 'FR', 'VS'])

async function generate(file: string) {
  const places = await embeddedLocalities()
  const out = createWriteStream(file)
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((ok) => out.once('drain', () => ok()))
  await write(
    '\uFEFFADR_EGAID;STR_ESID;BDG_EGID;ADR_EDID;STN_LABEL;ADR_NUMBER;BDG_CATEGORY;BDG_NAME;ZIP_LABEL;' +
      'COM_FOSNR;COM_NAME;COM_CANTON;ADR_STATUS;ADR_OFFICIAL;ADR_MODIFIED;ADR_EASTING;ADR_NORTHING\n',
  )
  let n = 0
  let buf = ''
  while (n < ROWS) {
    const place = pick(places)
    const streets = 5 + Math.floor(rnd() * 60)
    const used = new Set<string>()
    for (let s = 0; s < streets && n < ROWS; s++) {
      const street = LATIN.has(place.canton)
        ? `${pick(FRENCH)}${rnd() < 0.5 ? '' : ` ${pick(STEMS)}`}`
        : place.canton === 'TI'
          ? `${pick(ITALIAN)}${rnd() < 0.5 ? '' : ` ${pick(STEMS)}`}`
          : pick(STEMS) + pick(SUFFIXES)
      if (used.has(street)) continue
      used.add(street)
      const numbers = 1 + Math.floor(rnd() * 40)
      for (let h = 1; h <= numbers && n < ROWS; h++, n++) {
        const number = rnd() < 0.08 ? `${h}${pick(['a', 'b', 'c'])}` : String(h)
        buf +=
          `${100000000 + n};${10000000 + s};${1000000 + n};0;${street};${number};residential;;` +
          `${place.postalCode} ${place.locality};0;${place.municipality};${place.canton};` +
          'real;true;01.03.2025;2600000.000;1200000.000\n'
        if (buf.length > 1 << 20) {
          await write(buf)
          buf = ''
        }
      }
    }
  }
  await write(buf)
  await new Promise<void>((ok) => out.end(ok))
}

/** What people type: a street with number and place, a street and number, a half-typed street, a French address. */
function queries(): string[] {
  const qs: string[] = []
  const shapes = [
    () =>
      `${pick(STEMS)}${pick(SUFFIXES)} ${1 + Math.floor(rnd() * 30)} ` +
      `${pick(['Zürich', 'Bern', 'Basel', 'Luzern', 'Winterthur', 'St. Gallen'])}`,
    () => `${pick(STEMS)}${pick(SUFFIXES)} ${1 + Math.floor(rnd() * 30)}`,
    () => `${pick(STEMS)}${pick(SUFFIXES).slice(0, 3)}`,
    () => `${pick(FRENCH)} ${1 + Math.floor(rnd() * 20)} ${pick(['Genève', 'Lausanne', 'Neuchâtel', 'Sion'])}`,
    () => `${pick(STEMS)}${pick(SUFFIXES)} ${1 + Math.floor(rnd() * 30)}, ${pick(['8001', '3011', '4051', '6003'])}`,
  ]
  for (let i = 0; i < SEARCHES; i++) qs.push(shapes[i % shapes.length]!())
  return qs
}

const dir = mkdtempSync(join(tmpdir(), 'swisstax-bench-addresses-'))
try {
  const csv = join(dir, 'gebaeudeadressen.csv')
  let t0 = performance.now()
  await generate(csv)
  console.error(
    `generated ${ROWS} rows (${(statSync(csv).size / 1e6).toFixed(0)} MB) in ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s`,
  )

  // A fresh data folder: start once so the database exists, then import with the server stopped.
  const dataDir = join(dir, 'data')
  const first = await startBinary({}, dataDir)
  await first.stop()
  const dbSize = () =>
    statSync(join(dataDir, 'swisstax.db')).size +
    (() => {
      try {
        return statSync(join(dataDir, 'swisstax.db-wal')).size
      } catch {
        return 0
      }
    })()
  const before = dbSize()
  t0 = performance.now()
  const imp = Bun.spawnSync([BINARY, 'data', 'import-addresses', csv], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const importSeconds = (performance.now() - t0) / 1000
  if (imp.exitCode !== 0) throw new Error(`import failed: ${imp.stdout.toString()}`)
  const growth = dbSize() - before

  const server = await startBinary({}, dataDir)
  try {
    const cookie = await signIn(server, 'bench.addresses@example.ch')
    const times: number[] = []
    let found = 0
    const qs = queries()
    for (const q of qs.slice(0, 50))
      await fetch(`${server.url}/api/address/search?q=${encodeURIComponent(q)}`, { headers: { Cookie: cookie } })
    const cpu0 = cpuMicros(server.pid)
    for (const q of qs) {
      const start = performance.now()
      const res = await fetch(`${server.url}/api/address/search?q=${encodeURIComponent(q)}`, {
        headers: { Cookie: cookie },
      })
      const body = (await res.json()) as { houseNumber: string }[]
      times.push(performance.now() - start)
      if (res.status !== 200) throw new Error(`search ${res.status}`)
      if (body.some((r) => r.houseNumber)) found++
    }
    const cpuPerSearch = (cpuMicros(server.pid) - cpu0) / qs.length
    times.sort((a, b) => a - b)
    const p99 = times[Math.floor(times.length * 0.99)]!
    const ok = (b: boolean) => (b ? '✅' : '❌')
    console.log(
      `### Address streets (issue 12): ${ROWS.toLocaleString('en')} generated rows in the official ` +
        `Gebäudeadressen layout

| import (dist/swisstax data import-addresses) | database growth | per row | search p50 | search p99 | server CPU per\
 search | searches with a house-number hit |
|---|---|---|---|---|---|---|
| ${importSeconds.toFixed(1)} s (${Math.round(ROWS / importSeconds).toLocaleString('en')} rows/s) |\
 ${(growth / 1e6).toFixed(0)} MB | ${(growth / ROWS).toFixed(0)} B | ${median(times).toFixed(2)} ms |\
 ${p99.toFixed(2)} ms | ${(cpuPerSearch / 1000).toFixed(2)} ms | ${found} of ${qs.length} |

- ${SEARCHES} searches over HTTP, one at a time, five shapes (street + number + place, street + number, half-typed\
 street, French address with place, street + number + postal code)
- search p99 ≤ 20 ms ${ok(p99 <= 20)} (load average at the end:\
 ${(await Bun.file('/proc/loadavg').text()).split(' ')[0]} on ${navigator.hardwareConcurrency} cores; the machine is\
 shared)
`,
    )
  } finally {
    await server.stop()
  }
} finally {
  // BENCH_KEEP=1 leaves the generated register and database for a closer look.
  if (process.env.BENCH_KEEP) console.error(`kept ${dir}`)
  else cleanup(dir)
}
