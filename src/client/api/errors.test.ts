import { beforeAll, expect, test } from 'bun:test'
import i18next from 'i18next'
import { ApiRequestError, messageOf, serverErrorText, waitText } from './errors'

beforeAll(async () => {
  const common = JSON.parse(await Bun.file('locales/fr/common.json').text())
  await i18next.init({
    lng: 'fr',
    resources: { fr: { common } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  })
})

test('one list of server error texts serves every area, with its parameters', () => {
  // From sign-in, the dashboard and the documents: all in common:server_errors.
  expect(serverErrorText('RATE_LIMITED')).toBe(i18next.t('common:server_errors.RATE_LIMITED'))
  expect(
    messageOf(new ApiRequestError('400: x', 400, 'MESSAGE_TOO_LONG', 'Message too long'), 'fallback', { max: 5000 }),
  ).toContain('5000')
  expect(serverErrorText('TAX_YEAR_NOT_AVAILABLE', { year: 2026, nextYear: 2027 })).toBe(
    'La déclaration d’impôt 2026 peut être déposée à partir du 1er janvier 2027',
  )
  expect(serverErrorText('FILE_TOO_LARGE', { name: 'Lohn.pdf' })).toContain('Lohn.pdf')
})

test('an unknown code keeps the server message; no server message, the fallback', () => {
  expect(serverErrorText('SOMETHING_NEW')).toBeUndefined()
  expect(messageOf(new ApiRequestError('409: x', 409, 'SOMETHING_NEW', 'Server says no'), 'fallback')).toBe(
    'Server says no',
  )
  expect(messageOf(new ApiRequestError('500: x', 500), 'fallback')).toBe('fallback')
  expect(messageOf(new TypeError('network'), 'fallback')).toBe('fallback')
})

test('a 429 says how long to wait, from its Retry-After, in the largest whole unit (issue 25)', () => {
  const limited = (seconds?: number) => new ApiRequestError('429: x', 429, 'RATE_LIMITED', 'Too many', seconds)
  expect(messageOf(limited(780), 'fallback')).toBe('Trop de demandes. Veuillez réessayer dans 13 minutes.')
  expect(messageOf(limited(61), 'fallback')).toBe('Trop de demandes. Veuillez réessayer dans 2 minutes.')
  expect(messageOf(limited(), 'fallback')).toBe(i18next.t('common:server_errors.RATE_LIMITED'))
  expect([waitText(0.2), waitText(45), waitText(60), waitText(3600), waitText(86_400)]).toEqual([
    '1 seconde',
    '45 secondes',
    '1 minute',
    '1 heure',
    '24 heures',
  ])
})
