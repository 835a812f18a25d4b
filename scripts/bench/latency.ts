// Latency of single API calls under a small sequential or concurrent load (fetch, 127.0.0.1).
import { percentile } from "./util.ts"

export interface Latency {
  readonly label: string
  readonly p50: number
  readonly p95: number
  readonly p99: number
  readonly perSecond: number
}

export const measureLatency = async (
  label: string,
  n: number,
  concurrency: number,
  call: () => Promise<Response>,
): Promise<Latency> => {
  const times: Array<number> = []
  let next = 0
  const worker = async () => {
    while (next < n) {
      next++
      const t = performance.now()
      const response = await call()
      await response.arrayBuffer()
      times.push(performance.now() - t)
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  const seconds = (performance.now() - t0) / 1000
  const result = {
    label,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    perSecond: n / seconds,
  }
  console.log(
    `  ${label.padEnd(44)} n=${String(n).padEnd(4)} c=${String(concurrency).padEnd(3)} p50 ${result.p50.toFixed(1).padStart(6)} ms  p95 ${result.p95.toFixed(1).padStart(6)} ms  ${result.perSecond.toFixed(0).padStart(5)} req/s`,
  )
  return result
}
