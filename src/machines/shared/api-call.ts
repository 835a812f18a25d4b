// An API call as a machine sees it: an actor declared with a typed stub, provided by the feature's
// wiring, that resolves with the answer or rejects with the catalogue's `ApiFailure`. Guards read
// the failure through `isFailure`, never by casting the error event.
import { fromPromise } from "xstate"
import { type ApiFailure, type ApiFailureTag, failureOf } from "../../domain/shared/failures.ts"

/** The stub of an API call until the wiring provides it: it fails loudly when it is not. */
export const apiCall = <Output, Input = void>(name: string) =>
  fromPromise<Output, Input>(() => Promise.reject(new Error(`${name} actor not provided`)))

/**
 * A guard that holds when the event is an actor's failure with this tag of the catalogue
 * (`isFailure("EmailNotVerified")`); for any other event it does not.
 */
export const isFailure =
  <T extends ApiFailureTag>(tag: T) =>
  ({ event }: { readonly event: object }): boolean =>
    "error" in event && failureOf(event.error)?._tag === tag

/** Like `isFailure`, and the failure of that tag also meets `holds` (`TestClosed` for want of time). */
export const isFailureWhere =
  <T extends ApiFailureTag>(tag: T, holds: (failure: Extract<ApiFailure, { readonly _tag: T }>) => boolean) =>
  ({ event }: { readonly event: object }): boolean => {
    const failure = "error" in event ? failureOf(event.error) : null
    return failure !== null && failure._tag === tag && holds(failure as Extract<ApiFailure, { readonly _tag: T }>)
  }

/** The failure an actor's error event carries, or undefined for any other event. */
export const errorOf = (event: object): unknown => ("error" in event ? event.error : undefined)
