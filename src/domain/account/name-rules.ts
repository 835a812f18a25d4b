// Name rules of §5: values are trimmed; first name at least FIRST_NAME_MIN_LENGTH, last name at
// least LAST_NAME_MIN_LENGTH characters, both required.
import { Schema } from "effect"
import { MessageKey } from "../shared/validation.ts"

export const FIRST_NAME_MIN_LENGTH = 3
export const LAST_NAME_MIN_LENGTH = 2
export const NAME_MAX_LENGTH = 100

const name = (min: number, minMessage: string) =>
  Schema.Trim.check(
    Schema.isNonEmpty({ message: MessageKey.required }),
    Schema.isMaxLength(NAME_MAX_LENGTH, { message: MessageKey.tooLong }),
    Schema.isMinLength(min, { message: minMessage }),
  )

export const FirstName = name(FIRST_NAME_MIN_LENGTH, MessageKey.firstNameMin)
export const LastName = name(LAST_NAME_MIN_LENGTH, MessageKey.lastNameMin)
