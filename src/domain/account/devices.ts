// Registered devices (§3, §6, §9): the account's sign-ins, each with a readable device name, the
// rough place it signed in from and its last use; the one this browser uses is marked. Only the first DEVICES_SHOWN are listed until
// the user asks for all.
import { Schema } from "effect"

export const DEVICES_SHOWN = 3

/** The place of a sign-in from a loopback or private address. */
export const LOCAL_NETWORK = "local"

export const RegisteredDevice = Schema.Struct({
  id: Schema.String,
  device_name: Schema.String,
  /** "current": this browser's sign-in; "active": another one. */
  status: Schema.Literals(["current", "active"]),
  /** ISO 8601. */
  last_used_at: Schema.String,
  signed_in_at: Schema.String,
  /** Where it signed in, roughly: an ISO country code, LOCAL_NETWORK, or null when unknown. */
  place: Schema.NullOr(Schema.String),
})
export type RegisteredDevice = typeof RegisteredDevice.Type

/** A new sign-in's device as the server records it: its readable name and rough place (or null). */
export interface SignInDevice {
  readonly name: string
  readonly place: string | null
}

export const RemoveDevicePayload = Schema.Struct({ device_id: Schema.String.check(Schema.isMaxLength(64)) })

/** The devices shown: the current one first, then by last use; the first DEVICES_SHOWN unless all. */
export const visibleDevices = (devices: ReadonlyArray<RegisteredDevice>, showAll: boolean) => {
  const sorted = [...devices].sort(
    (a, b) =>
      Number(b.status === "current") - Number(a.status === "current") || b.last_used_at.localeCompare(a.last_used_at),
  )
  return showAll ? sorted : sorted.slice(0, DEVICES_SHOWN)
}
