// A point address however typed: the point it names replaces it, or /not-found; a failed look-up
// can be retried.
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { SEARCH_TOO_FAST_KEY } from "../../../src/domain/search/search-failures.ts"
import { Offline, TooManyRequests } from "../../../src/domain/shared/errors.ts"
import { pointReferenceMachine } from "../../../src/machines/search/point-reference-machine.ts"
import { controlledActor, flush } from "./controlled-actor.ts"

const start = (reference: string) => {
  const resolve = controlledActor<string | null, { readonly reference: string }>()
  const redirects: Array<string> = []
  let notFound = 0
  const actor = createActor(
    pointReferenceMachine.provide({
      actors: { resolve: resolve.logic },
      actions: { redirect: (_, { slug }) => void redirects.push(slug), notFound: () => void notFound++ },
    }),
    { input: { reference } },
  )
  actor.start()
  return { actor, resolve, redirects, notFound: () => notFound }
}

describe("point reference machine", () => {
  it("looks the reference up and replaces the address with the point's own", async () => {
    const started = start("LU9")
    expect(started.actor.getSnapshot().value).toBe("resolving")
    expect(started.resolve.last().input).toEqual({ reference: "LU9" })
    started.resolve.last().resolve("lu-9-taiyuan")
    await flush()
    expect(started.actor.getSnapshot().status).toBe("done")
    expect(started.redirects).toEqual(["lu-9-taiyuan"])
    expect(started.notFound()).toBe(0)
  })

  it("goes to /not-found when the reference names no point", async () => {
    const started = start("qq99")
    started.resolve.last().resolve(null)
    await flush()
    expect(started.notFound()).toBe(1)
    expect(started.redirects).toEqual([])
  })

  it("fails with a message and looks up again on retry", async () => {
    const started = start("LU9")
    started.resolve.last().reject(new Offline())
    await flush()
    expect(started.actor.getSnapshot().value).toBe("failed")
    expect(started.actor.getSnapshot().context.error).toBe("errors.offline")
    started.actor.send({ type: "reference.retry" })
    expect(started.resolve.calls).toHaveLength(2)
  })

  it("says to wait a moment when the look-up is refused as too fast (429)", async () => {
    const started = start("LU9")
    started.resolve.last().reject(new TooManyRequests({ message: "x", retryAfterSeconds: 1 }))
    await flush()
    expect(started.actor.getSnapshot().value).toBe("failed")
    expect(started.actor.getSnapshot().context.error).toBe(SEARCH_TOO_FAST_KEY)
    started.actor.send({ type: "reference.retry" })
    expect(started.resolve.calls).toHaveLength(2)
  })
})
