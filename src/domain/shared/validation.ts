// Field validation shared by the app's forms and the server: the one mapping from Schema issues to
// field errors, in the message keys of message-keys.ts.
import { Exit, Schema, SchemaIssue } from "effect"
import { type FieldErrors, MessageKey, type Validated } from "./message-keys.ts"

export { type FieldErrors, MessageKey, type Validated }

const isMessageKey = (message: string) => message.startsWith("validation.")

// A missing key reads "required" unless the field names its own key (`messageMissingKey`); a message annotation that is one of our keys is kept; any other
// failure (wrong type, unexpected shape) reads "invalid". Effect's English texts never reach a user.
const formatter = SchemaIssue.makeFormatterStandardSchemaV1({
  leafHook: (issue) => {
    if (issue._tag === "MissingKey") {
      const own = issue.annotations?.messageMissingKey
      return typeof own === "string" && isMessageKey(own) ? own : MessageKey.required
    }
    const message = SchemaIssue.defaultLeafHook(issue)
    return isMessageKey(message) ? message : MessageKey.invalid
  },
})

/** Collapses a Schema issue into one message key per top-level field. */
export const fieldErrorsFromIssue = (issue: SchemaIssue.Issue): FieldErrors => {
  const errors: Record<string, string> = {}
  for (const entry of formatter(issue).issues) {
    const field = entry.path && entry.path.length > 0 ? String(entry.path[0]) : ""
    if (errors[field] !== undefined) continue
    errors[field] = isMessageKey(entry.message) ? entry.message : MessageKey.invalid
  }
  return errors
}

/** Decodes form input with a payload Schema; the same Schema the server decodes the request with. */
export const validate =
  <S extends Schema.Decoder<unknown>>(schema: S) =>
  (input: unknown): Validated<S["Type"]> => {
    const exit = Schema.decodeUnknownExit(schema)(input, { errors: "all", onExcessProperty: "ignore" })
    if (Exit.isSuccess(exit)) return { _tag: "Valid", value: exit.value }
    const error = Exit.findErrorOption(exit)
    if (error._tag === "Some" && Schema.isSchemaError(error.value)) {
      return { _tag: "Invalid", errors: fieldErrorsFromIssue(error.value.issue) }
    }
    return { _tag: "Invalid", errors: { "": MessageKey.invalid } }
  }
