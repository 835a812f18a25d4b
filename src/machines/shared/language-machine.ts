// Language switch (§4): a selectable language is stored in the language cookie for a year, then
// after LANGUAGE_RELOAD_DELAY_MS the app reloads at /. Languages in progress cannot be chosen.
import { setup } from "xstate"
import { isSelectableLanguage, type SelectableLanguage } from "../../domain/shared/locales.ts"
import { LANGUAGE_RELOAD_DELAY_MS } from "../../domain/shared/timing.ts"

export type LanguageEvent = { readonly type: "language.select"; readonly language: string }

export const languageMachine = setup({
  types: {
    context: {} as { readonly current: SelectableLanguage; readonly next: SelectableLanguage | null },
    events: {} as LanguageEvent,
    input: {} as { readonly current: SelectableLanguage },
  },
  actions: {
    /** Provided: write the language cookie. */
    storeLanguage: (_, _params: { readonly language: SelectableLanguage }) => {},
    /** Provided: full reload at /. */
    reloadHome: () => {},
  },
  delays: { reloadDelay: LANGUAGE_RELOAD_DELAY_MS },
  guards: {
    canSwitch: ({ context, event }) => isSelectableLanguage(event.language) && event.language !== context.current,
  },
}).createMachine({
  id: "language",
  context: ({ input }) => ({ current: input.current, next: null }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "language.select": {
          guard: "canSwitch",
          target: "switching",
          actions: {
            type: "storeLanguage",
            params: ({ context, event }) => ({
              language: isSelectableLanguage(event.language) ? event.language : context.current,
            }),
          },
        },
      },
    },
    switching: {
      tags: ["busy"],
      after: { reloadDelay: { target: "reloading", actions: "reloadHome" } },
    },
    reloading: { type: "final" },
  },
})
