// Words the walk through the product found wrong (issue 25), checked across every namespace so that they do not
// come back with the next text: French says "téléverser" for an upload and "télécharger" for a download only; the
// Chinese "section completed" is not "部分已完成" (which reads "partially completed"); French writes for everyone as
// the federal administration does, with epicene words or full pairs ("conjoint ou conjointe"), never "client·e" or
// "marié(e)".
import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'

type Tree = { [k: string]: string | Tree }
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  )
}
const texts = (lng: string) =>
  new Map(
    readdirSync(`locales/${lng}`).flatMap((file) =>
      leaves(JSON.parse(readFileSync(`locales/${lng}/${file}`, 'utf8'))).map(([k, v]) => [`${file}:${k}`, v] as const),
    ),
  )
const en = texts('en')

test('French: an upload is "téléverser", never "télécharger" (that is a download)', () => {
  const fr = texts('fr')
  const wrong = [...en]
    .filter(([k, v]) => /upload/i.test(v) && !/download/i.test(v) && /télécharg/i.test(fr.get(k) ?? ''))
    .map(([k]) => k)
  expect(wrong).toEqual([])
  expect(fr.get('documents.json:upload.upload_files')).toBe('Téléverser des fichiers')
  expect(fr.get('documents.json:history.download')).toBe('Télécharger')
})

test('Chinese: a completed section is not "partially completed"', () => {
  const zh = texts('zh')
  const wrong = [...zh].filter(([, v]) => /(^|[^本此])部分已完成/.test(v)).map(([k]) => k)
  expect(wrong).toEqual([])
})

test('French: no shortened inclusive forms ("·e", "(e)"): epicene words or full pairs instead', () => {
  const fr = texts('fr')
  const shortened = [...fr].filter(([, v]) => /\p{L}[·.•‧⋅-](e|es|ne|nes|trice)\b|\p{L}\((e|es|ne|trice)\)/u.test(v))
  expect(shortened.map(([k, v]) => `${k}: ${v}`)).toEqual([])
})
