import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { APP_VERSION, CHANGELOG_VERSIONS } from './version'

test('one version: package.json, and the change log starts with it in every language', () => {
  expect(APP_VERSION).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version)
  expect(CHANGELOG_VERSIONS[0] as string).toBe(APP_VERSION.split('.').slice(0, 2).join('.'))
  for (const lng of ['en', 'de', 'fr', 'it', 'gsw', 'zh']) {
    const entries = JSON.parse(readFileSync(`locales/${lng}/changelog.json`, 'utf8')).entries
    expect(Object.keys(entries)).toEqual(CHANGELOG_VERSIONS.map((v) => `v${v.replace('.', '_')}`))
  }
})
