// Registered devices (§3, §6, §9): the account's sign-ins load (a failure says so inline, with a
// retry); the first few are shown until the user asks for all; one device is signed out after a
// confirmation with `POST api/remove-individual-device`, all of them (this one too) after another
// with `POST api/logout-all-devices`. A failed removal shows the server's message as a toast (§8).
import { assign, setup } from "xstate"
import type { RegisteredDevice } from "../../domain/account/devices.ts"
import { formErrorKey } from "../../domain/shared/failures.ts"
import { apiCall } from "../shared/api-call.ts"

export interface DevicesContext {
  readonly devices: ReadonlyArray<RegisteredDevice>
  readonly showAll: boolean
  readonly loadError: string | null
  /** The device asked about, then being signed out. */
  readonly removing: string | null
}

export type DevicesEvent =
  | { readonly type: "devices.retry" }
  | { readonly type: "devices.toggleAll" }
  | { readonly type: "device.remove"; readonly id: string }
  | { readonly type: "remove.confirm" }
  | { readonly type: "remove.dismiss" }
  | { readonly type: "logoutAll.request" }
  | { readonly type: "logoutAll.confirm" }
  | { readonly type: "logoutAll.dismiss" }

export const devicesMachine = setup({
  types: { context: {} as DevicesContext, events: {} as DevicesEvent },
  actors: {
    loadDevices: apiCall<ReadonlyArray<RegisteredDevice>>("loadDevices"),
    removeDevice: apiCall<{ readonly message: string }, { readonly device_id: string }>("removeDevice"),
    logoutAll: apiCall<{ readonly message: string }>("logoutAll"),
  },
  actions: {
    /** Provided by the wiring: a success toast with the server's message. */
    announce: (_, _params: { readonly message: string }) => {},
    /** Provided by the wiring: the failure's message as an error toast. */
    announceFailure: (_, _params: { readonly error: unknown }) => {},
    /** Provided by the wiring: this browser's session is over too; clear it and go to /login. */
    signedOutEverywhere: () => {},
  },
  guards: {
    isOtherDevice: ({ context, event }) =>
      event.type === "device.remove" && context.devices.some((d) => d.id === event.id && d.status !== "current"),
  },
}).createMachine({
  id: "devices",
  context: { devices: [], showAll: false, loadError: null, removing: null },
  initial: "loading",
  on: { "devices.toggleAll": { actions: assign(({ context }) => ({ showAll: !context.showAll })) } },
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "loadDevices",
        onDone: { target: "ready", actions: assign(({ event }) => ({ devices: event.output, loadError: null })) },
        onError: { target: "loadFailed", actions: assign(({ event }) => ({ loadError: formErrorKey(event.error) })) },
      },
    },
    loadFailed: { on: { "devices.retry": "loading" } },
    ready: {
      on: {
        "device.remove": {
          guard: "isOtherDevice",
          target: "confirmingRemove",
          actions: assign(({ event }) => ({ removing: event.id })),
        },
        "logoutAll.request": "confirmingLogoutAll",
      },
    },
    confirmingRemove: {
      on: { "remove.confirm": "removing", "remove.dismiss": { target: "ready", actions: assign({ removing: null }) } },
    },
    removing: {
      tags: ["busy"],
      invoke: {
        src: "removeDevice",
        input: ({ context }) => ({ device_id: context.removing ?? "" }),
        onDone: {
          target: "loading",
          actions: [
            assign(({ context }) => ({
              devices: context.devices.filter((d) => d.id !== context.removing),
              removing: null,
            })),
            { type: "announce", params: ({ event }) => ({ message: event.output.message }) },
          ],
        },
        onError: {
          target: "loading",
          actions: [
            assign({ removing: null }),
            { type: "announceFailure", params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    confirmingLogoutAll: { on: { "logoutAll.confirm": "loggingOutAll", "logoutAll.dismiss": "ready" } },
    loggingOutAll: {
      tags: ["busy"],
      invoke: {
        src: "logoutAll",
        onDone: { target: "signedOut", actions: "signedOutEverywhere" },
        onError: {
          target: "ready",
          actions: { type: "announceFailure", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    signedOut: { type: "final" },
  },
})
