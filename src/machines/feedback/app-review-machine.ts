// The support page's app review (§2 support, §7 app review): the stored review loads (a failure
// says so inline), the learner picks 1–5 stars, writes an optional comment and — for a low rating
// — what we should improve, and saves; a success toast confirms, and saving again changes it.
// A failure keeps everything typed, with messages at the fields.
import { assign, fromPromise, setup } from "xstate"
import {
  type AppReview,
  type AppReviewAnswer,
  type AppReviewForm,
  EMPTY_REVIEW_FORM,
  type SaveAppReviewPayload,
  toReviewForm,
  validateReviewForm,
} from "../../domain/feedback/app-review.ts"
import { failureFieldErrors, formErrorKey } from "../../domain/shared/failures.ts"
import type { FieldErrors } from "../../domain/shared/validation.ts"

export interface AppReviewContext {
  readonly stored: AppReview | null
  readonly form: AppReviewForm
  readonly errors: FieldErrors
  /** Grows with every save turned back, so the view focuses the first invalid field. */
  readonly rejectedSubmits: number
  readonly loadError: string | null
  readonly saveError: string | null
}

export type AppReviewEvent =
  | { readonly type: "rating.select"; readonly rating: number }
  | { readonly type: "field.change"; readonly field: "comment" | "improve"; readonly value: string }
  | { readonly type: "review.save" }
  | { readonly type: "review.retry" }

export const appReviewMachine = setup({
  types: { context: {} as AppReviewContext, events: {} as AppReviewEvent },
  actors: {
    loadReview: fromPromise<AppReviewAnswer, void>(() => Promise.reject(new Error("loadReview actor not provided"))),
    saveReview: fromPromise<AppReviewAnswer, SaveAppReviewPayload>(() =>
      Promise.reject(new Error("saveReview actor not provided")),
    ),
  },
  actions: {
    /** Provided: the success toast. */
    announceSaved: () => {},
  },
  guards: {
    isValid: ({ context }) => validateReviewForm(context.form)._tag === "Valid",
  },
}).createMachine({
  id: "appReview",
  context: { stored: null, form: EMPTY_REVIEW_FORM, errors: {}, rejectedSubmits: 0, loadError: null, saveError: null },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: {
        src: "loadReview",
        onDone: {
          target: "editing",
          actions: assign(({ event }) => ({
            stored: event.output.review,
            form: toReviewForm(event.output.review),
            loadError: null,
          })),
        },
        onError: { target: "loadFailed", actions: assign(({ event }) => ({ loadError: formErrorKey(event.error) })) },
      },
    },
    loadFailed: { on: { "review.retry": "loading" } },
    editing: {
      on: {
        "rating.select": {
          actions: assign(({ context, event }) => {
            const { rating: _rating, ...errors } = context.errors
            return { form: { ...context.form, rating: event.rating }, errors, saveError: null }
          }),
        },
        "field.change": {
          actions: assign(({ context, event }) => {
            const errors = { ...context.errors }
            delete errors[event.field]
            return { form: { ...context.form, [event.field]: event.value }, errors, saveError: null }
          }),
        },
        "review.save": [
          { guard: "isValid", target: "saving", actions: assign({ errors: {}, saveError: null }) },
          {
            actions: assign(({ context }) => {
              const result = validateReviewForm(context.form)
              return {
                errors: result._tag === "Invalid" ? result.errors : {},
                rejectedSubmits: context.rejectedSubmits + 1,
              }
            }),
          },
        ],
      },
    },
    saving: {
      tags: ["busy"],
      invoke: {
        src: "saveReview",
        input: ({ context }) => {
          const result = validateReviewForm(context.form)
          if (result._tag !== "Valid") throw new Error("saving an invalid review")
          return result.value
        },
        onDone: {
          target: "editing",
          actions: [
            assign(({ event }) => ({ stored: event.output.review, form: toReviewForm(event.output.review) })),
            "announceSaved",
          ],
        },
        onError: {
          target: "editing",
          actions: assign(({ context, event }) => {
            const errors = failureFieldErrors(event.error)
            return {
              errors,
              saveError: formErrorKey(event.error),
              rejectedSubmits: Object.keys(errors).length > 0 ? context.rejectedSubmits + 1 : context.rejectedSubmits,
            }
          }),
        },
      },
    },
  },
})
