// Name rules of §5: values are trimmed; first name at least FIRST_NAME_MIN_LENGTH, last name at
// least LAST_NAME_MIN_LENGTH characters, both required. A name is greeted in e-mails and shown to
// the user, so it may not carry a web address (`://`, `www.`, `example.com/`) or control
// characters. Unicode bidi controls are stripped rather than refused: they are invisible, arrive
// with names pasted from right-to-left text, and their only other use is to make text read in a
// different order than it is stored; the stripped name is then checked like any other.
import { Schema, SchemaTransformation } from "effect"
import { MessageKey } from "../shared/validation.ts"
import { FIRST_NAME_MIN_LENGTH, LAST_NAME_MIN_LENGTH, NAME_MAX_LENGTH } from "./name-limits.ts"

/** The embedding, override and isolate controls and the directional marks (LRM, RLM, ALM). */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g
/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u
/** A scheme (`://`), `www.`, or a domain followed by a path (`example.com/`). */
const WEB_ADDRESS = /:\/\/|www\.|[\p{L}\p{N}]\.[\p{L}\p{N}-]*\p{L}[\p{L}\p{N}-]*\//iu

export const stripBidiControls = (value: string) => value.replace(BIDI_CONTROLS, "")
export const hasWebAddress = (value: string) => WEB_ADDRESS.test(value)
export const hasControlCharacters = (value: string) => CONTROL_CHARACTERS.test(value)

/** Bidi controls removed, then trimmed; encoding gives the value back as it is. */
const CleanName = Schema.String.pipe(
  Schema.decodeTo(
    Schema.String,
    SchemaTransformation.transform({ decode: (value) => stripBidiControls(value).trim(), encode: (value) => value }),
  ),
)

const name = (min: number, minMessage: string) =>
  CleanName.check(
    Schema.isNonEmpty({ message: MessageKey.required }),
    Schema.isMaxLength(NAME_MAX_LENGTH, { message: MessageKey.tooLong }),
    Schema.isMinLength(min, { message: minMessage }),
    Schema.makeFilter((value: string) => !hasWebAddress(value) && !hasControlCharacters(value), {
      message: MessageKey.nameCharacters,
    }),
  )

export const FirstName = name(FIRST_NAME_MIN_LENGTH, MessageKey.firstNameMin)
export const LastName = name(LAST_NAME_MIN_LENGTH, MessageKey.lastNameMin)
