// What the server's process is started with beyond its settings: read by the C library when the
// process starts, so `npm start` (scripts/start.ts) and the bench (scripts/bench/server.ts) set it
// on the process that runs the server; the server cannot set it for itself.

/**
 * Two malloc arenas instead of glibc's default of eight per core. Node's HTTP, zlib and libuv threads
 * each take memory from an arena and glibc keeps what they free; with one arena per thread, a server
 * that had just answered ~100 000 requests stayed ~110 MB larger (RSS 470 against 360 MB, the V8 heap
 * the same 60 MB after a full collection). Other C libraries ignore it.
 */
export const SERVER_PROCESS_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: "2" }

/** Whether this process was started without it (then `npm start` runs the server in a child that has it). */
export const lacksServerProcessEnv = (env: NodeJS.ProcessEnv = process.env) =>
  process.platform === "linux" && Object.keys(SERVER_PROCESS_ENV).some((name) => env[name] === undefined)
