import { XMLParser } from 'fast-xml-parser'

/**
 * A bounded, entity-free XML reader for documents that come from outside (an e-Steuerauszug's
 * barcodes). Whatever a DTD could do (entity expansion, external files) is refused before parsing:
 * eCH-0196 has no DTD, so a document with one is not a statement. Only the five predefined entities
 * and character references are resolved, here, in attribute values and text.
 */
export interface XmlElement {
  /** The local name, without a namespace prefix. */
  name: string
  /** The prefix it had ("" for the default namespace). */
  prefix: string
  attrs: Record<string, string>
  children: XmlElement[]
  text: string
}

export class XmlRefused extends Error {}

export const XML_LIMITS = { maxChars: 10 * 1024 * 1024, maxDepth: 32, maxElements: 200_000 }

const TAG = /<(\/?)([A-Za-z_][\w:.-]*)(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(\/?)>/g

/** Refuses a DTD or entity declaration, and input too long, too deep or with too many elements. */
export function checkXml(xml: string, limits = XML_LIMITS): void {
  if (xml.length > limits.maxChars) throw new XmlRefused(`the XML is longer than ${limits.maxChars} characters`)
  const bare = xml.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '')
  if (/<!/.test(bare)) throw new XmlRefused('the XML has a DTD or entity declaration')
  let depth = 0
  let elements = 0
  for (const m of bare.matchAll(TAG)) {
    if (m[1]) depth--
    else {
      if (++elements > limits.maxElements) throw new XmlRefused(`the XML has more than ${limits.maxElements} elements`)
      if (!m[3] && ++depth > limits.maxDepth) throw new XmlRefused(`the XML is nested deeper than ${limits.maxDepth}`)
    }
  }
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
function resolveReferences(s: string): string {
  if (!s.includes('&')) return s
  return s.replace(/&(?:#x([0-9a-fA-F]{1,6})|#(\d{1,7})|(lt|gt|amp|quot|apos));/g, (whole, hex, dec, name) => {
    if (name) return PREDEFINED[name]!
    const code = hex ? Number.parseInt(hex, 16) : Number(dec)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  htmlEntities: false,
  parseAttributeValue: false,
  parseTagValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
})

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> }

/** The document's root element, after checkXml. Throws XmlRefused for input that is not well-formed. */
export function parseXml(xml: string, limits = XML_LIMITS): XmlElement {
  checkXml(xml, limits)
  let doc: Ordered[]
  try {
    doc = parser.parse(xml, true) as Ordered[]
  } catch (err) {
    throw new XmlRefused(`the XML is not well-formed: ${(err as Error).message.slice(0, 200)}`)
  }
  const roots = doc.map(toElement).filter((e): e is XmlElement => e !== null)
  if (roots.length !== 1) throw new XmlRefused('the XML has no single root element')
  return roots[0]!
}

function toElement(node: Ordered): XmlElement | null {
  const key = Object.keys(node).find((k) => k !== ':@')
  if (!key || key === '#text' || key.startsWith('?')) return null
  const colon = key.indexOf(':')
  const attrs: Record<string, string> = {}
  for (const [k, v] of Object.entries(node[':@'] ?? {})) attrs[k] = resolveReferences(String(v))
  const content = (node[key] as Ordered[]) ?? []
  const text = content
    .filter((c) => '#text' in c)
    .map((c) => resolveReferences(String(c['#text'])))
    .join('')
  return {
    name: colon >= 0 ? key.slice(colon + 1) : key,
    prefix: colon >= 0 ? key.slice(0, colon) : '',
    attrs,
    children: content.map(toElement).filter((e): e is XmlElement => e !== null),
    text,
  }
}
