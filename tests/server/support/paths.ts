// Where the prepared test databases live.
import { resolve } from "node:path"

export const TMP_DIR = resolve(import.meta.dirname, "../../../.tmp/test-db")
export const PGLITE_DUMP = resolve(TMP_DIR, "pglite.tar.gz")
export const POSTGRES_TEMPLATE = "jingluo_test_template"

/** A PostgreSQL URL with rights to create databases, set by scripts/test.ts when a server runs. */
export const adminUrl = () => process.env.DATABASE_URL_TEST || undefined
