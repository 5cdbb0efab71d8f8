// A first visit speaks the browser's language (issue 25, finding 1); a choice made here before wins.
import { expect, test } from 'bun:test'
import { browserLanguage, storedLanguage } from './locales'

const storage = (value: string | null) => ({ getItem: () => value }) as unknown as Storage

test("the browser's first language the app speaks, by its primary subtag", () => {
  expect(browserLanguage(['de-CH', 'en'])).toBe('de')
  expect(browserLanguage(['rm-CH', 'fr-CH', 'de'])).toBe('fr')
  expect(browserLanguage(['zh-Hans-CN'])).toBe('zh')
  expect(browserLanguage(['gsw-CH'])).toBe('gsw')
  expect(browserLanguage(['IT'])).toBe('it')
  expect(browserLanguage(['es-ES', 'pt'])).toBeUndefined()
})

test('a stored choice wins over the browser; neither gives English', () => {
  expect(storedLanguage(storage('it'), ['de-CH'])).toBe('it')
  expect(storedLanguage(storage(null), ['de-CH'])).toBe('de')
  expect(storedLanguage(storage('xx'), ['fr-CH'])).toBe('fr')
  expect(storedLanguage(storage(null), ['es'])).toBe('en')
})
