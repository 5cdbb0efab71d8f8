import type { AppContext } from '../context'
import { APP_VERSION } from '../../shared/version'
import { bytecodeOrderStats } from 'bun:jsc'

/** Upper bounds of the latency histogram (seconds), Prometheus' usual web buckets. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/**
 * What the server counts per request. Recording is a map increment and a short bucket scan, so the
 * polled GETs pay next to nothing; everything read from the database is read when /metrics is asked.
 */
export class Metrics {
  /** `method route status` → count; the route is Elysia's pattern (/api/files/:id), so the keys stay few. */
  readonly requests = new Map<string, number>()
  readonly latency = new Array<number>(BUCKETS.length + 1).fill(0)
  latencySum = 0
  uploads = { stored: 0, refused: 0 }

  record(method: string, route: string, status: number, seconds: number) {
    const key = `${method} ${route} ${status}`
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1)
    let i = 0
    while (i < BUCKETS.length && seconds > BUCKETS[i]!) i++
    this.latency[i]!++
    this.latencySum += seconds
    if (method === 'POST' && route === '/api/files/upload') this.uploads[status < 300 ? 'stored' : 'refused']++
  }

  /** The Prometheus text format (version 0.0.4). */
  async render(ctx: AppContext): Promise<string> {
    const out: string[] = []
    const metric = (name: string, type: string, help: string, lines: string[]) =>
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...lines)
    const label = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')

    metric('swisstax_info', 'gauge', 'The running version.', [`swisstax_info{version="${APP_VERSION}"} 1`])
    metric(
      'swisstax_http_requests_total',
      'counter',
      'Requests answered, by method, route and status.',
      [...this.requests].map(([key, n]) => {
        const [method, route, status] = key.split(' ')
        return `swisstax_http_requests_total{method="${method}",route="${label(route!)}",status="${status}"} ${n}`
      }),
    )
    let cumulative = 0
    const count = this.latency.reduce((a, b) => a + b, 0)
    metric('swisstax_http_request_duration_seconds', 'histogram', 'Time to answer a request.', [
      ...BUCKETS.map((le, i) => {
        cumulative += this.latency[i]!
        return `swisstax_http_request_duration_seconds_bucket{le="${le}"} ${cumulative}`
      }),
      `swisstax_http_request_duration_seconds_bucket{le="+Inf"} ${count}`,
      `swisstax_http_request_duration_seconds_sum ${this.latencySum}`,
      `swisstax_http_request_duration_seconds_count ${count}`,
    ])
    metric('swisstax_uploads_total', 'counter', 'Upload requests, stored or refused.', [
      `swisstax_uploads_total{outcome="stored"} ${this.uploads.stored}`,
      `swisstax_uploads_total{outcome="refused"} ${this.uploads.refused}`,
    ])
    const one = async (sql: string) => Number((await ctx.backend.get<{ n: number }>(sql))?.n ?? 0)
    metric('swisstax_recognition_queue', 'gauge', 'Document versions waiting to be read.', [
      `swisstax_recognition_queue ${await one(`SELECT count(*) AS n FROM recognitions WHERE status = 'pending'`)}`,
    ])
    metric('swisstax_mail_outbox', 'gauge', 'Client mails waiting to be sent (retries included).', [
      `swisstax_mail_outbox ${await one('SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL')}`,
    ])
    metric('swisstax_stored_bytes', 'gauge', 'Bytes of stored document versions (before encryption).', [
      `swisstax_stored_bytes ${await one('SELECT coalesce(sum(size), 0) AS n FROM file_versions')}`,
    ])
    metric('swisstax_database_bytes', 'gauge', 'Size of the database (SQLite: the file and its write-ahead log).', [
      `swisstax_database_bytes ${(await ctx.backend.stats()).bytes}`,
    ])
    metric('process_resident_memory_bytes', 'gauge', 'Resident memory of the server process.', [
      `process_resident_memory_bytes ${process.memoryUsage.rss()}`,
    ])
    // The executable's bytecode is laid out in the order of scripts/bytecode.order (build.ts): functions loaded from
    // outside its hot part mean the order is stale and the idle server's memory higher (`npm run bytecode-order`).
    const order = bytecodeOrderStats()
    if (order)
      metric('swisstax_bytecode_functions', 'gauge', 'Functions loaded, by part of the recorded bytecode order.', [
        `swisstax_bytecode_functions{part="hot"} ${order.hot}`,
        `swisstax_bytecode_functions{part="unknown"} ${order.unknown}`,
        `swisstax_bytecode_functions{part="cold"} ${order.cold}`,
      ])
    return `${out.join('\n')}\n`
  }
}
