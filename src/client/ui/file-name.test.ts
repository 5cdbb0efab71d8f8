import { expect, test } from 'bun:test'
import { fileNameParts } from './file-name'

test('a file name wraps after its separators and at a lower-to-upper case change, and loses no character', () => {
  expect(fileNameParts('Lohnausweis_2025_Muster-AG.pdf')).toEqual(['Lohnausweis_', '2025_', 'Muster-', 'AG.', 'pdf'])
  expect(fileNameParts('SteuerauszugUBS 2025.PDF')).toEqual(['Steuerauszug', 'UBS ', '2025.', 'PDF'])
  expect(fileNameParts('Prämienübersicht')).toEqual(['Prämienübersicht'])
  expect(fileNameParts('年度工资单.pdf')).toEqual(['年度工资单.', 'pdf'])
  for (const name of ['__a--b..c__', 'a', '', 'Ärztliche.Rechnung_Öffentlich'])
    expect(fileNameParts(name).join('')).toBe(name)
})
