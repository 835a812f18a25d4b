// Where the journeys' servers live: one per Playwright worker, on consecutive ports from E2E_PORT,
// each with its own data directory (database and outbox), named by its port so that runs on other
// ports in the same checkout never touch it.
import { resolve } from "node:path"

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)
/** Workers, and so servers: two by default (the machines have two cores). */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2)

export const e2eOrigin = (index: number) => `http://127.0.0.1:${E2E_PORT + index}`
export const e2eDataDir = (index: number) => `.tmp/e2e-data-${E2E_PORT + index}`
export const e2eOutbox = (index: number) => resolve(e2eDataDir(index), "outbox")
