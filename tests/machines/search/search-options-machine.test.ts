// The main search's select options: channels and fields once, the chosen channel's points each
// time another channel is chosen (a stale answer dropped), failures with a retry.
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import type { FieldOption } from "../../../src/domain/content/content-views.ts"
import { Offline } from "../../../src/domain/shared/errors.ts"
import { type SearchOptions, searchOptionsMachine } from "../../../src/machines/search/search-options-machine.ts"
import { controlledActor, flush } from "./controlled-actor.ts"

const option = (slug: string, permission = true): FieldOption => ({ slug, title: slug.toUpperCase(), permission })
const options: SearchOptions = {
  channels: [option("lung-channel"), option("stomach-channel", false)],
  fields: [option("indications")],
}

const start = (channel?: string) => {
  const loadOptions = controlledActor<SearchOptions, void>()
  const loadPoints = controlledActor<ReadonlyArray<FieldOption>, { readonly channel: string }>()
  const actor = createActor(
    searchOptionsMachine.provide({ actors: { loadOptions: loadOptions.logic, loadPoints: loadPoints.logic } }),
    { input: channel === undefined ? {} : { channel } },
  )
  actor.start()
  return { actor, loadOptions, loadPoints }
}

describe("search options machine", () => {
  it("loads the channels and fields, then waits for a channel", async () => {
    const { actor, loadOptions, loadPoints } = start()
    expect(actor.getSnapshot().value).toBe("loading")
    loadOptions.last().resolve(options)
    await flush()
    expect(actor.getSnapshot().value).toEqual({ ready: "noChannel" })
    expect(actor.getSnapshot().context).toMatchObject(options)
    expect(loadPoints.calls).toHaveLength(0)
  })

  it("loads the points of a channel given by the address once the options are there", async () => {
    const { actor, loadOptions, loadPoints } = start("lung-channel")
    loadOptions.last().resolve(options)
    await flush()
    expect(actor.getSnapshot().value).toEqual({ ready: "loadingPoints" })
    expect(loadPoints.last().input).toEqual({ channel: "lung-channel" })
    loadPoints.last().resolve([option("lu-9-taiyuan")])
    await flush()
    expect(actor.getSnapshot().value).toEqual({ ready: "points" })
    expect(actor.getSnapshot().context.points).toEqual([option("lu-9-taiyuan")])
  })

  it("loads another channel's points when another is chosen, dropping the stale answer", async () => {
    const { actor, loadOptions, loadPoints } = start()
    loadOptions.last().resolve(options)
    await flush()
    actor.send({ type: "channel.change", channel: "lung-channel" })
    const stale = loadPoints.last()
    actor.send({ type: "channel.change", channel: "large-intestine-channel" })
    expect(stale.signal.aborted).toBe(true)
    loadPoints.last().resolve([option("li-4-hegu")])
    stale.resolve([option("lu-9-taiyuan")])
    await flush()
    expect(actor.getSnapshot().context).toMatchObject({
      channel: "large-intestine-channel",
      points: [option("li-4-hegu")],
    })
    actor.send({ type: "channel.change", channel: "" })
    expect(actor.getSnapshot().value).toEqual({ ready: "noChannel" })
    expect(actor.getSnapshot().context.points).toEqual([])
  })

  it("fails with a message and loads again on retry", async () => {
    const { actor, loadOptions } = start()
    loadOptions.last().reject(new Offline())
    await flush()
    expect(actor.getSnapshot().value).toBe("failed")
    expect(actor.getSnapshot().context.error).toBe("errors.offline")
    actor.send({ type: "options.retry" })
    expect(actor.getSnapshot().value).toBe("loading")
    expect(loadOptions.calls).toHaveLength(2)
  })

  it("a failed points load can be retried", async () => {
    const { actor, loadOptions, loadPoints } = start("lung-channel")
    loadOptions.last().resolve(options)
    await flush()
    loadPoints.last().reject(new Offline())
    await flush()
    expect(actor.getSnapshot().value).toEqual({ ready: "pointsFailed" })
    actor.send({ type: "options.retry" })
    expect(actor.getSnapshot().value).toEqual({ ready: "loadingPoints" })
  })

  it("remembers a channel chosen while the options load", async () => {
    const { actor, loadOptions, loadPoints } = start()
    actor.send({ type: "channel.change", channel: "lung-channel" })
    loadOptions.last().resolve(options)
    await flush()
    expect(loadPoints.last().input).toEqual({ channel: "lung-channel" })
  })
})
