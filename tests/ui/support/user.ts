// The simulated user of the view and model tests: user-event with no pause between keystrokes and
// clicks (`delay: null`). No test here depends on the gap between two keys (debounces and timers are
// driven by fake clocks where they matter), and not yielding to the timers between them makes the
// view and model tests about a sixth faster.
import base from "@testing-library/user-event"

type Options = NonNullable<Parameters<typeof base.setup>[0]>

export const userEvent = {
  ...base,
  setup: (options: Options = {}) => base.setup({ delay: null, ...options }),
}
