/**
 * Which reader a file goes to, by its extension (the content was checked at upload).
 * Kept apart from the readers: the server imports this, and must not load PDF.js or
 * the OCR engine, which only the worker process needs.
 */
export type ExtractKind = 'pdf' | 'image' | 'docx' | 'txt' | 'doc'
export function kindOf(name: string): ExtractKind | null {
  const ext = name.toLowerCase().split('.').pop()
  if (ext === 'pdf') return 'pdf'
  if (ext === 'jpg' || ext === 'jpeg' || ext === 'png') return 'image'
  if (ext === 'docx') return 'docx'
  if (ext === 'txt') return 'txt'
  if (ext === 'doc') return 'doc'
  return null
}
