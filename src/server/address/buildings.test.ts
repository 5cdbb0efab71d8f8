import { afterEach, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { testApp } from '../test-helpers'
import { ftsQuery, hasBuildingIndex, importBuildingAddresses, searchBuildingAddresses, splitCsvLine } from './buildings'

let t: Awaited<ReturnType<typeof testApp>> | undefined
let cookie: string | undefined
afterEach(() => {
  t?.close()
  t = undefined
  cookie = undefined
})

// The register's published header (swisstopo, "Amtliches Verzeichnis der Gebäudeadressen", CSV, 2025 layout).
const HEADER =
  '\uFEFFADR_EGAID;STR_ESID;BDG_EGID;ADR_EDID;STN_LABEL;ADR_NUMBER;BDG_CATEGORY;BDG_NAME;ZIP_LABEL;' +
  'COM_FOSNR;COM_NAME;COM_CANTON;ADR_STATUS;ADR_OFFICIAL;ADR_MODIFIED;ADR_EASTING;ADR_NORTHING'
const ROWS = [
  '100000001;10000001;1000001;0;Bahnhofstrasse;10;non_residential;;8001 ' +
    'Zürich;261;Zürich;ZH;real;true;01.03.2025;2683000.123;1247000.456',
  '100000002;10000001;1000002;0;Bahnhofstrasse;12;non_residential;;8001 ' +
    'Zürich;261;Zürich;ZH;real;true;01.03.2025;2683010.000;1247010.000',
  '100000003;10000002;1000003;0;Bahnhofstrasse;10;residential;;3303 ' +
    'Jegenstorf;540;Jegenstorf;BE;real;true;01.03.2025;2603000.000;1210000.000',
  // A non-official alternative address of building 1000001: left out.
  '100000004;10000003;1000001;1;Rennweg;2;non_residential;;8001 ' +
    'Zürich;261;Zürich;ZH;real;false;01.03.2025;2683000.000;1247000.000',
  // An outdated address and a building without a number: skipped.
  '100000005;10000001;1000005;0;Bahnhofstrasse;99;residential;;8001 Zürich;261;Zürich;ZH;outdated;true;01.03.2025;0;0',
  '100000006;10000004;1000006;0;Im langen Loh;;residential;;4054 ' +
    'Basel;2701;Basel;BS;real;true;15.11.2024;2609441.493;1267258.694',
  '100000007;10000005;1000007;0;"Rue de la Gare; Est";5;residential;;1201 ' +
    'Genève;6621;Genève;GE;real;true;01.03.2025;2500000.000;1118000.000',
  '100000008;10000006;1000008;0;Im langen Loh;19;residential;;4054 ' +
    'Basel;2701;Basel;BS;real;true;15.11.2024;2609441.493;1267258.694',
]
const CSV = `${[HEADER, ...ROWS].join('\r\n')}\r\n`

async function importCsv(text: string) {
  t ??= await testApp()
  const file = join(t.dataDir, 'gebaeudeadressen.csv')
  writeFileSync(file, text)
  return importBuildingAddresses(t.ctx, file)
}

async function search(q: string) {
  cookie ??= (await t!.signIn('anna@example.ch')).cookie
  return t!.request('GET', `/api/address/search?q=${encodeURIComponent(q)}`, { cookie })
}

describe('swisstax data import-addresses', () => {
  test('imports the official layout: rows counted, outdated/numberless skipped, alternatives left out', async () => {
    expect(await importCsv(CSV)).toEqual({ rows: 8, imported: 5, skipped: 2, alternatives: 1 })
    expect(await hasBuildingIndex(t!.ctx)).toBe(true)
  })

  test('"Bahnhofstrasse 10 Zürich" finds the address with its house number, first', async () => {
    await importCsv(CSV)
    const res = await search('Bahnhofstrasse 10 Zürich')
    expect(res.status).toBe(200)
    expect(res.json[0]).toEqual({
      displayName: 'Bahnhofstrasse 10, 8001 Zürich, ZH',
      street: 'Bahnhofstrasse',
      houseNumber: '10',
      postalCode: '8001',
      city: 'Zürich',
      gemeinde: 'Zürich',
      state: 'Zürich',
      country: 'Switzerland',
    })
    // Without the place both Bahnhofstrasse 10 come; 12 does not (a number matches whole).
    // A number the register does not have: the streets come with the number as typed.
    expect((await search('Bahnhofstrasse 77 Zürich')).json[0]).toMatchObject({
      street: 'Bahnhofstrasse',
      houseNumber: '77',
      postalCode: '8001',
    })
    const both = (await search('Bahnhofstr 10')).json.filter((r: { houseNumber: string }) => r.houseNumber)
    expect(both.map((r: { postalCode: string }) => r.postalCode).sort()).toEqual(['3303', '8001'])
    // Accents and case folded; a quoted field with a semicolon is one street.
    expect((await search('rue de la gare 5 geneve')).json[0]).toMatchObject({
      street: 'Rue de la Gare; Est',
      houseNumber: '5',
      postalCode: '1201',
      state: 'Genève',
    })
    expect((await search('Im langen Loh 19')).json[0]).toMatchObject({
      street: 'Im langen Loh',
      houseNumber: '19',
      city: 'Basel',
    })
  })

  test('a postal code alone still answers from the postal-code list, not with every building', async () => {
    await importCsv(CSV)
    const res = await search('8001')
    expect(res.json[0]).toMatchObject({ postalCode: '8001', street: '', houseNumber: '' })
  })

  test('coverage says whether streets can be found', async () => {
    t = await testApp()
    cookie = (await t.signIn('anna@example.ch')).cookie
    expect((await t.request('GET', '/api/address/coverage', { cookie })).json).toEqual({ streets: false })
    expect((await t.request('GET', '/api/address/coverage')).status).toBe(401)
    await importCsv(CSV)
    expect((await t.request('GET', '/api/address/coverage', { cookie })).json).toEqual({ streets: true })
  })

  test('a file without the columns is refused and leaves the previous index', async () => {
    await importCsv(CSV)
    await expect(importCsv('a;b;c\n1;2;3\n')).rejects.toThrow(/missing column\(s\) STN_LABEL/)
    await expect(importCsv(`${HEADER}\n${ROWS[5]}\n`)).rejects.toThrow(/no building addresses/)
    expect((await search('Bahnhofstrasse 10 Zürich')).json[0].houseNumber).toBe('10')
  })

  test('an address the register holds twice (two entrances) is imported once and counted as skipped', async () => {
    // The same street and number of building 1000001 again under another entrance id.
    const again = ROWS[0]!.replace('100000001;10000001;1000001;0', '100000009;10000001;1000001;1')
    expect(await importCsv(`${[HEADER, ROWS[0], again, ROWS[1]].join('\n')}\n`)).toEqual({
      rows: 3,
      imported: 2,
      skipped: 1,
      alternatives: 0,
    })
  })

  test('a second import replaces the first', async () => {
    await importCsv(CSV)
    expect((await importCsv(`${HEADER}\n${ROWS[7]}\n`)).imported).toBe(1)
    expect(await searchBuildingAddresses(t!.ctx, 'Bahnhofstrasse 10')).toEqual([])
    expect((await searchBuildingAddresses(t!.ctx, 'Im langen Loh 19')).map((r) => r.city)).toEqual(['Basel'])
  })

  test('the CLI streams the file, prints progress and a summary', async () => {
    t = await testApp()
    const file = join(t.dataDir, 'gebaeudeadressen.csv')
    writeFileSync(file, CSV)
    const proc = Bun.spawn(
      [process.execPath, join(import.meta.dir, '..', 'main.ts'), 'data', 'import-addresses', file],
      {
        env: { ...process.env, ...t.cliEnv },
        stdout: 'pipe',
        stderr: 'pipe',
      },
    )
    expect(await proc.exited).toBe(0)
    expect(await new Response(proc.stdout).text()).toMatch(
      /imported 5 building addresses from .* \(2 row\(s\) skipped, 1 non-official alternative\(s\) left out\)/,
    )
    expect(await new Response(proc.stderr).text()).toContain('100% read, 8 rows, 5 addresses')
    expect((await search('Bahnhofstrasse 12')).json[0]).toMatchObject({ houseNumber: '12', postalCode: '8001' })
  })
})

describe('query and CSV helpers', () => {
  test(
    'ftsQuery: words as prefixes, postal codes whole, house numbers left to the key lookup, nothing without a ' +
      'word',
    () => {
      expect(ftsQuery('Bahnhofstrasse 10 Zürich')).toBe('"bahnhofstrasse"* "zurich"*')
      expect(ftsQuery('Bahnhofstr. 10a, 8001')).toBe('"bahnhofstr"* "8001"')
      expect(ftsQuery('Grossstraße 1')).toBe('"grossstrasse"*')
      expect(ftsQuery('8001 12')).toBeNull()
      expect(ftsQuery('"*) OR x')).toBe('"or" "x"*')
    },
  )

  test('splitCsvLine keeps quoted semicolons and doubled quotes', () => {
    expect(splitCsvLine('a;"b;c";"say ""hi""";')).toEqual(['a', 'b;c', 'say "hi"', ''])
  })
})
