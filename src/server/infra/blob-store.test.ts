import { afterEach, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { CHUNK, createBlobStore } from './blob-store'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
function store() {
  const dir = mkdtempSync(join(tmpdir(), 'swisstax-blob-'))
  dirs.push(dir)
  return createBlobStore(dir, randomBytes(32))
}
const readAll = async (s: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(s).arrayBuffer())

function put(s: Awaited<ReturnType<typeof store>>, data: Uint8Array, pieces = 3) {
  const w = s.begin()
  const step = Math.ceil(data.length / pieces) || 1
  for (let i = 0; i < data.length; i += step) w.write(data.subarray(i, i + step))
  const done = w.finishSync()
  const fileId = randomUUID(),
    versionId = randomUUID()
  s.commit(w, fileId, versionId)
  return { fileId, versionId, ...done }
}

test.each([0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK, 3 * CHUNK + 17])('round trip of %i bytes', async (size) => {
  const s = store()
  const data = new Uint8Array(randomBytes(size))
  const b = put(s, data)
  expect(b.size).toBe(size)
  expect(await readAll(s.read(b.fileId, b.versionId, b.wrappedKey))).toEqual(data)
  expect(readdirSync(s.tmpDir)).toEqual([])
})

test('truncation at a chunk boundary, reordered chunks and a swapped key all fail to decrypt', async () => {
  const s = store()
  const data = new Uint8Array(randomBytes(3 * CHUNK + 10))
  const b = put(s, data)
  const path = s.pathOf(b.fileId, b.versionId)
  const original = readFileSync(path)
  const magic = 6,
    frame = CHUNK + 16

  truncateSync(path, magic + 2 * frame)
  await expect(readAll(s.read(b.fileId, b.versionId, b.wrappedKey))).rejects.toThrow('integrity')

  const swapped = Buffer.concat([
    original.subarray(0, magic),
    original.subarray(magic + frame, magic + 2 * frame),
    original.subarray(magic, magic + frame),
    original.subarray(magic + 2 * frame),
  ])
  writeFileSync(path, swapped)
  await expect(readAll(s.read(b.fileId, b.versionId, b.wrappedKey))).rejects.toThrow('integrity')

  writeFileSync(path, original)
  const other = put(s, data)
  await expect(readAll(s.read(b.fileId, b.versionId, other.wrappedKey))).rejects.toThrow('integrity')
  expect(await readAll(s.read(b.fileId, b.versionId, b.wrappedKey))).toEqual(data)
})

test('a discarded writer leaves nothing, and sweepTemp removes what a crash left', () => {
  const s = store()
  const w = s.begin()
  w.write(new Uint8Array(100))
  w.discard()
  expect(readdirSync(s.tmpDir)).toEqual([])
  s.begin().write(new Uint8Array(10))
  writeFileSync(join(s.tmpDir, 'left.part'), 'x')
  expect(s.sweepTemp(0)).toBe(2)
  expect(readdirSync(s.tmpDir)).toEqual([])
})

test('finish() fsyncs off the thread and gives what finishSync() gives: the file reads back whole', async () => {
  const s = store()
  const data = randomBytes(3 * CHUNK + 5)
  const w = s.begin()
  w.write(data)
  const done = await w.finish()
  expect(done.size).toBe(data.length)
  const fileId = randomUUID()
  const versionId = randomUUID()
  s.commit(w, fileId, versionId)
  expect(await readAll(s.read(fileId, versionId, done.wrappedKey))).toEqual(new Uint8Array(data))
})
