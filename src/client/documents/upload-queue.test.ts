import { afterEach, expect, test } from 'bun:test'
import { clearQueue, enqueue, queue, removeFromQueue } from './upload-queue'

afterEach(clearQueue)

test('a queued item starts as uploading at 0 % (spec part 1 §4: uploading, then success or error)', () => {
  const item = enqueue(new File(['x'], 'a.pdf'), 1, 'Salary Statement')
  expect(item.status.value).toBe('uploading')
  expect(item.progress.value).toBe(0)
  expect(item.error.value).toBe('')
  expect(queue.value).toEqual([item])
})

test('removeFromQueue drops only the given items; clearQueue empties the list', () => {
  const a = enqueue(new File(['a'], 'a.pdf'), 1, 'x')
  const b = enqueue(new File(['b'], 'b.pdf'), 1, 'x')
  removeFromQueue([a])
  expect(queue.value).toEqual([b])
  clearQueue()
  expect(queue.value).toEqual([])
})
