import { signal, type Signal } from '@preact/signals-react'

/**
 * The upload list (spec part 1 §3 "Upload queue item"). Progress changes many
 * times a second, so each item's progress is a signal: the bar updates without
 * re-rendering the dashboard (docs/client.md).
 */
export interface QueueItem {
  key: number
  file: File
  hash?: string
  categoryId: number
  categoryName: string
  /** "I don't know the category": sent to Other Documents for the server to move once recognised. */
  auto: boolean
  progress: Signal<number>
  status: Signal<UploadStatus>
  error: Signal<string>
  /** Set when the server already had this exact file: the version it is stored as. */
  alreadyVersion?: number
}

/** The item states of spec part 1 §4 "Upload item": uploading (hashing included), then success or error. */
export type UploadStatus = 'uploading' | 'success' | 'error'

export const queue = signal<QueueItem[]>([])
let nextKey = 1

export function enqueue(file: File, categoryId: number, categoryName: string, auto = false): QueueItem {
  const item: QueueItem = {
    key: nextKey++,
    file,
    categoryId,
    categoryName,
    auto,
    progress: signal(0),
    status: signal<UploadStatus>('uploading'),
    error: signal(''),
  }
  queue.value = [...queue.value, item]
  return item
}

export const clearQueue = () => {
  queue.value = []
}
export const removeFromQueue = (items: QueueItem[]) => {
  queue.value = queue.value.filter((i) => !items.includes(i))
}
