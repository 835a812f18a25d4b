// Apple sends the user's name only once, on the first sign-in, and not in the ID token: as a `user`
// form field posted to our callback with the answer (`{"name":{"firstName":"…","lastName":"…"},
// "email":"…"}`). Only the name is read, trimmed and cut to NAME_MAX_LENGTH; the e-mail always
// comes from the verified ID token. Anything else (unreadable, too long, no name, control characters)
// is no name.
import { Option, Schema } from "effect"
import { NAME_MAX_LENGTH } from "../../../src/domain/account/name-limits.ts"
import { hasUnsafeCharacters } from "../../../src/domain/shared/input-rules.ts"

/** Longer than any real `user` field: not read at all. */
export const POSTED_USER_MAX_LENGTH = 2000

export interface PostedName {
  readonly firstName: string
  readonly lastName: string
}

const PostedUser = Schema.fromJsonString(
  Schema.Struct({
    name: Schema.optional(
      Schema.Struct({
        firstName: Schema.optional(Schema.String),
        lastName: Schema.optional(Schema.String),
      }),
    ),
  }),
)
const decodePostedUser = Schema.decodeUnknownOption(PostedUser)

const cleaned = (value: string | undefined) => {
  const name = (value ?? "").trim()
  // Cutting may split a character in two; its half becomes U+FFFD rather than a lone surrogate.
  return hasUnsafeCharacters(name) ? "" : name.slice(0, NAME_MAX_LENGTH).toWellFormed()
}

/** The name in a provider's posted `user` field, or none. */
export const postedName = (raw: string | undefined): Option.Option<PostedName> => {
  if (raw === undefined || raw.length > POSTED_USER_MAX_LENGTH) return Option.none()
  return decodePostedUser(raw).pipe(
    Option.map(({ name }) => ({ firstName: cleaned(name?.firstName), lastName: cleaned(name?.lastName) })),
    Option.filter(({ firstName, lastName }) => firstName.length > 0 || lastName.length > 0),
  )
}
