// The log's standard output (issue 28): the lines of one turn of the event loop in one write, none lost at exit.
import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { createLogger } from './log'
import { pathOf } from './health/access-log'

describe('the standard-output log', () => {
  test('lines logged in one turn go out in one write, whole and in order, after the turn', async () => {
    const writes: string[] = []
    const original = console.log
    console.log = (text: string) => writes.push(text)
    try {
      const log = createLogger()
      log.info('first', { n: 1 })
      log.warn('second')
      log.error('third')
      expect(writes).toEqual([])
      await new Promise((resolve) => setImmediate(resolve))
      expect(writes).toHaveLength(1)
      expect(writes[0]!.split('\n').map((l) => l.replace(/^\S+ /, ''))).toEqual([
        'INFO first {"n":1}',
        'WARN second',
        'ERROR third',
      ])
    } finally {
      console.log = original
    }
  })

  for (const [name, end] of [
    ['process.exit', 'process.exit(3)'],
    ['an uncaught error', "throw new Error('boom')"],
  ] as const)
    test(`nothing pending is lost when the process ends by ${name}`, async () => {
      const script = `const { createLogger } = await import(${JSON.stringify(join(import.meta.dir, 'log.ts'))})
const log = createLogger()
log.info('one'); log.info('two'); log.error('last words')
${end}`
      const p = Bun.spawn([process.execPath, '-e', script], { stdout: 'pipe', stderr: 'ignore' })
      const out = await new Response(p.stdout).text()
      expect(await p.exited).not.toBe(0)
      expect(
        out
          .trim()
          .split('\n')
          .map((l) => l.replace(/^\S+ /, '')),
      ).toEqual(['INFO one', 'INFO two', 'ERROR last words'])
    })
})

describe("the access log's path (health/access-log.ts pathOf)", () => {
  test('as URL.pathname for the URLs a server is handed: no query, no fragment, / for none', () => {
    for (const url of [
      'http://127.0.0.1:3000/api/tax-status?taxYear=2025',
      'http://localhost/api/files',
      'https://example.ch/a/b?x=1#y',
      'http://localhost:3000/?a=/b',
      'http://localhost:3000',
      'http://localhost:3000?x=/y',
    ])
      expect(pathOf(url)).toBe(new URL(url).pathname)
  })
})
