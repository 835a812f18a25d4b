// The ui project's actors report their transitions (./coverage.ts). Both ways the app makes actors
// add the coverage inspector beside any inspector the caller gave: xstate's `createActor` (the
// wiring's long-lived actors) and @xstate/react's `useActorRef` (the views' actors). The hook is
// wrapped itself because the package resolves to its CommonJS build here, whose `require("xstate")`
// a mock of the ES module never reaches.
import { vi } from "vitest"

vi.mock("xstate", async (importOriginal) => {
  const xstate = await importOriginal<typeof import("xstate")>()
  const { withCoverage } = await import("./coverage.ts")
  const createActor: typeof xstate.createActor = (logic, ...[options]) =>
    xstate.createActor(logic, withCoverage(options) as never)
  return { ...xstate, createActor }
})

vi.mock("@xstate/react", async (importOriginal) => {
  const react = await importOriginal<typeof import("@xstate/react")>()
  const { withCoverage } = await import("./coverage.ts")
  const useActorRef: typeof react.useActorRef = (logic, ...[options, observer]) =>
    react.useActorRef(logic, withCoverage(options) as never, observer as never)
  return { ...react, useActorRef }
})
