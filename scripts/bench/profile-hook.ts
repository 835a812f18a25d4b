// Loaded into the bench's server with `--import`: SIGUSR2 starts the V8 CPU profiler, the next
// SIGUSR2 stops it and writes the profile to $BENCH_CPU_PROFILE, so the profile covers exactly the
// load the bench applies and nothing of the start-up. Without that variable it does nothing.
import { renameSync, writeFileSync } from "node:fs"
import { Session } from "node:inspector/promises"

const target = process.env.BENCH_CPU_PROFILE

if (target !== undefined && target !== "") {
  let session: Session | undefined
  process.on("SIGUSR2", () => {
    void (async () => {
      if (session === undefined) {
        session = new Session()
        session.connect()
        await session.post("Profiler.enable")
        await session.post("Profiler.setSamplingInterval", { interval: 500 })
        await session.post("Profiler.start")
        writeFileSync(`${target}.started`, "")
      } else {
        const { profile } = await session.post("Profiler.stop")
        session.disconnect()
        session = undefined
        writeFileSync(`${target}.partial`, JSON.stringify(profile))
        renameSync(`${target}.partial`, target)
      }
    })()
  })
}
