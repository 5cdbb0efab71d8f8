import { afterEach, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { testApp } from '../test-helpers'
import { importLocalities, parseLocalitiesCsv } from './localities'
import { parseQuery } from './search'
import { splitHouseNumber, streetLine } from '../../shared/address'

let t: Awaited<ReturnType<typeof testApp>> | undefined
let cookie: string | undefined
afterEach(() => {
  t?.close()
  t = undefined
  cookie = undefined
})

async function search(q: string, env: Record<string, string> = {}) {
  t ??= await testApp(env)
  cookie ??= (await t.signIn('anna@example.ch')).cookie
  return t.request('GET', `/api/address/search?q=${encodeURIComponent(q)}`, { cookie })
}

// A small Ortschaftenverzeichnis: 8866 spans two municipalities, 1290 two cantons' worth of places.
const CSV = [
  '\uFEFFOrtschaftsname;PLZ4;Zusatzziffer;Gemeindename;BFS-Nr;Kantonskürzel;E;N;Sprache;Validity',
  'Ziegelbrücke;8866;0;Schänis;3315;SG;2723260;1221190;de;2008-07-01',
  'Ziegelbrücke;8866;0;Glarus Nord;1630;GL;2723500;1221300;de;2008-07-01',
  'Ziegelbrücke;8866;2;Glarus Nord;1630;GL;2723500;1221300;de;2008-07-01',
  'Bern;3011;0;Bern;351;BE;2600000;1200000;de;2008-07-01',
  'Nowhere;ABCD;0;Nowhere;1;ZZ;0;0;de;2008-07-01',
].join('\n')

describe('GET /api/address/search, offline', () => {
  test('fewer than 3 characters answer an empty list', async () => {
    expect((await search('80')).json).toEqual([])
    expect((await search('  Z ')).json).toEqual([])
  })

  test('finds 8001 Zürich from the embedded list', async () => {
    const res = await search('8001')
    expect(res.status).toBe(200)
    expect(res.json[0]).toMatchObject({
      postalCode: '8001',
      city: 'Zürich',
      gemeinde: 'Zürich',
      state: 'Zürich',
      country: 'Switzerland',
    })
  })

  test('resolves 3011 to Bern, canton BE, with the street and house number split', async () => {
    const res = await search('Bundesgasse 3a, 3011 Bern')
    expect(res.json).toHaveLength(1)
    expect(res.json[0]).toEqual({
      displayName: 'Bundesgasse 3a, 3011 Bern, BE',
      street: 'Bundesgasse',
      houseNumber: '3a',
      postalCode: '3011',
      city: 'Bern',
      gemeinde: 'Bern',
      state: 'Bern',
      country: 'Switzerland',
    })
  })

  test('a place name finds its postal codes, at most 5', async () => {
    const res = await search('Lausanne')
    expect(res.json.length).toBe(5)
    for (const r of res.json) expect(r.city).toBe('Lausanne')
  })

  test('umlauts and accents are folded: "zurich" finds Zürich', async () => {
    expect((await search('zurich')).json[0].city).toBe('Zürich')
  })

  test('not signed in: 401', async () => {
    t = await testApp()
    expect((await t.request('GET', '/api/address/search?q=8001')).status).toBe(401)
  })
})

describe('imported localities', () => {
  test('the parser keeps one row per place, skips broken lines', () => {
    const { rows, skipped } = parseLocalitiesCsv(CSV)
    expect(rows).toHaveLength(3)
    expect(skipped).toBe(1)
    expect(rows[0]).toEqual({
      postalCode: '8866',
      locality: 'Ziegelbrücke',
      municipality: 'Schänis',
      bfsNumber: 3315,
      canton: 'SG',
    })
  })

  test('a file without the columns is refused and changes nothing', async () => {
    t = await testApp()
    const file = join(t.dataDir, 'bad.csv')
    writeFileSync(file, 'a;b;c\n1;2;3\n')
    expect(() => importLocalities(t!.ctx, file)).toThrow(/missing column/)
  })

  test(
    'after an import the table answers instead of the embedded list; a postal code with two municipalities offers ' +
      'both',
    async () => {
      t = await testApp()
      const file = join(t.dataDir, 'ortschaften.csv')
      writeFileSync(file, CSV)
      expect(await importLocalities(t.ctx, file)).toEqual({ imported: 3, skipped: 1 })
      const res = await search('8866')
      expect(res.json.map((r: { gemeinde: string; state: string }) => `${r.gemeinde}/${r.state}`).sort()).toEqual([
        'Glarus Nord/Glarus',
        'Schänis/St. Gallen',
      ])
      // 8001 is not in the imported file: the embedded list is no longer used.
      expect((await search('8001')).json).toEqual([])
      // A second import replaces the first.
      writeFileSync(file, CSV.split('\n').slice(0, 2).join('\n'))
      expect((await importLocalities(t.ctx, file)).imported).toBe(1)
      expect((await search('8866')).json).toHaveLength(1)
    },
  )

  test('the CLI sub-command imports into the data folder', async () => {
    t = await testApp()
    const file = join(t.dataDir, 'ortschaften.csv')
    writeFileSync(file, CSV)
    const proc = Bun.spawn(
      [process.execPath, join(import.meta.dir, '..', 'main.ts'), 'data', 'import-localities', file],
      {
        env: { ...process.env, ...t.cliEnv },
        stdout: 'pipe',
        stderr: 'pipe',
      },
    )
    expect(await proc.exited).toBe(0)
    expect(await new Response(proc.stdout).text()).toContain('imported 3 localities')
    expect((await search('Ziegelbr')).json).toHaveLength(2)
  })
})

describe('external geocoder (ADDRESS_SEARCH_URL)', () => {
  test('its Swiss results come first; foreign ones are dropped; the query is forwarded', async () => {
    const seen: URL[] = []
    const fake = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch(req) {
        seen.push(new URL(req.url))
        return Response.json([
          {
            display_name: 'Bahnhofstrasse 10, 8001 Zürich, Schweiz',
            address: {
              road: 'Bahnhofstrasse',
              house_number: '10',
              postcode: '8001',
              city: 'Zürich',
              state: 'Zürich',
              country: 'Schweiz',
              country_code: 'ch',
            },
          },
          {
            display_name: 'Bahnhofstraße 10, 80335 München',
            address: {
              road: 'Bahnhofstraße',
              house_number: '10',
              postcode: '80335',
              city: 'München',
              country: 'Deutschland',
              country_code: 'de',
            },
          },
          {
            display_name: 'Rue de la Gare 5, Genève',
            address: { road: 'Rue de la Gare 5', postcode: '1201', city: 'Genève', state: 'Genève', country: 'Suisse' },
          },
        ])
      },
    })
    try {
      const res = await search('Bahnhofstrasse 10, 8001 Zürich', {
        ADDRESS_SEARCH_URL: `http://127.0.0.1:${fake.port}/search`,
      })
      expect(seen[0]!.searchParams.get('q')).toBe('Bahnhofstrasse 10, 8001 Zürich')
      expect(seen[0]!.searchParams.get('countrycodes')).toBe('ch')
      expect(res.json.map((r: { city: string }) => r.city)).toEqual(['Zürich', 'Genève'])
      expect(res.json[1]).toMatchObject({ street: 'Rue de la Gare', houseNumber: '5', country: 'Switzerland' })
    } finally {
      fake.stop(true)
    }
  })

  test('a result without a house number takes the one typed for that street', async () => {
    const fake = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: () =>
        Response.json([
          {
            display_name: 'Seestrasse, 8002 Zürich, Schweiz',
            address: {
              road: 'Seestrasse',
              postcode: '8002',
              city: 'Zürich',
              state: 'Zürich',
              country: 'Schweiz',
              country_code: 'ch',
            },
          },
          {
            display_name: 'Seeweg, 8002 Zürich, Schweiz',
            address: {
              road: 'Seeweg',
              postcode: '8002',
              city: 'Zürich',
              state: 'Zürich',
              country: 'Schweiz',
              country_code: 'ch',
            },
          },
        ]),
    })
    try {
      const res = await search('Seestrasse 44, 8002 Zürich', {
        ADDRESS_SEARCH_URL: `http://127.0.0.1:${fake.port}/search`,
      })
      expect(res.json[0]).toMatchObject({ street: 'Seestrasse', houseNumber: '44', postalCode: '8002' })
      // Another street keeps no number: the typed one belongs to Seestrasse.
      expect(res.json[1]).toMatchObject({ street: 'Seeweg', houseNumber: '' })
    } finally {
      fake.stop(true)
    }
  })

  test('a geocoder that fails leaves the offline results', async () => {
    const fake = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('down', { status: 503 }) })
    try {
      const res = await search('3011 Bern', { ADDRESS_SEARCH_URL: `http://127.0.0.1:${fake.port}/search` })
      expect(res.status).toBe(200)
      expect(res.json[0]).toMatchObject({ postalCode: '3011', state: 'Bern' })
    } finally {
      fake.stop(true)
    }
  })
})

describe('query parsing', () => {
  test.each([
    ['Bahnhofstrasse 12', 'Bahnhofstrasse', '12'],
    ['Bahnhofstrasse 12a', 'Bahnhofstrasse', '12a'],
    ['Via Nassa 5 B', 'Via Nassa', '5B'],
    ['12 rue du Marché', 'rue du Marché', '12'],
    ['Seestrasse', 'Seestrasse', ''],
    ['Route de 1er Août', 'Route de 1er Août', ''],
  ])('splitHouseNumber(%p)', (text, street, houseNumber) => {
    expect(splitHouseNumber(text)).toEqual({ street, houseNumber })
    // streetLine puts them back together as a letter writes them (a leading number moves to the end).
    if (houseNumber) expect(splitHouseNumber(streetLine({ street, houseNumber }))).toEqual({ street, houseNumber })
  })

  test('parseQuery finds street, number, postal code and place in any order', () => {
    expect(parseQuery('Bahnhofstrasse 1, 8001 Zürich')).toEqual({
      street: 'Bahnhofstrasse',
      houseNumber: '1',
      postalCode: '8001',
      place: 'Zürich',
    })
    expect(parseQuery('Zürich 8001')).toEqual({ street: '', houseNumber: '', postalCode: '8001', place: 'Zürich' })
    expect(parseQuery('Bahnhofstrasse 1 8001 Zürich')).toEqual({
      street: 'Bahnhofstrasse',
      houseNumber: '1',
      postalCode: '8001',
      place: 'Zürich',
    })
    expect(parseQuery('Bern')).toEqual({ street: '', houseNumber: '', postalCode: '', place: 'Bern' })
  })
})

describe('GET /cantons/cantons.json', () => {
  test('the 26 cantons with name, code and imagePath, public', async () => {
    t = await testApp()
    const res = await t.request('GET', '/cantons/cantons.json')
    expect(res.status).toBe(200)
    expect(res.json.cantons).toHaveLength(26)
    expect(res.json.cantons[0]).toEqual({ name: 'Aargau', code: 'AG', imagePath: '/cantons/ag.svg' })
  })
})
