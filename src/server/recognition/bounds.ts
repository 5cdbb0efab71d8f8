/**
 * What one document may cost its reader (issue 21). Kept apart from the readers: the server
 * imports these, and must not load PDF.js or the OCR engine. Pictures have their bound beside
 * their decoders (MAX_IMAGE_PIXELS in worker/downscale.ts, 100 megapixels), for photos and a
 * PDF's page images alike.
 */

// The limits a worker runs under are settings, so their defaults and the reasons for them are in config.ts.
export { JOB_TIMEOUT_MS, RETRY_AFTER_MS, WORKER_MEMORY_MB } from '../config'

/**
 * Characters of text kept from one document: classification needs the first pages (a salary
 * statement says what it is at its top), and the text is stored. A 52 MB .txt used to be
 * decoded and classified whole on the server's thread, which stalled every request for a minute.
 */
export const MAX_TEXT_CHARS = 256 * 1024
/**
 * Bytes of a .docx's word/document.xml inflated at most: its markup is several times its text, and
 * the zip's declared size is the uploader's word (a 94 KB file inflated to 48 MB).
 */
export const MAX_DOCX_XML_BYTES = 4 * 1024 * 1024
/**
 * Pages a PDF may declare (its page tree's /Count). Past it the PDF is "too large to read": a
 * 1.8 KB file declaring 10^10 pages, or 100,000 empty ones, held the worker for minutes.
 */
export const MAX_PDF_PAGES = 1000

/** Reasons a worker gives when it ends itself, and the server stores once the last try failed. */
export const TOO_LARGE = 'the document is too large to read'
