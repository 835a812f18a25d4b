// What the views receive from main.tsx: the flows' machines with their real actors provided, the
// app-wide session actor, and the current language. Views create page actors from these machines.
import { createContext, type ReactNode, useContext } from "react"
import type { ActorRefFrom } from "xstate"
import type { SelectableLanguage } from "../domain/locales.ts"
import type { ChartCalls } from "../machines/charts/chart-machine.ts"
import type { checkoutMachine } from "../machines/checkout-machine.ts"
import type { contentPageMachine } from "../machines/content-page-machine.ts"
import type { cookieConsentMachine } from "../machines/cookie-consent-machine.ts"
import type { emailVerificationMachine } from "../machines/email-verification-machine.ts"
import type { languageMachine } from "../machines/language-machine.ts"
import type { loginMachine } from "../machines/login-machine.ts"
import type { logoutMachine } from "../machines/logout-machine.ts"
import type { membershipMachine } from "../machines/membership-machine.ts"
import type { menuMachine } from "../machines/menu-machine.ts"
import type { passwordResetMachine } from "../machines/password-reset-machine.ts"
import type { paymentOutcomeMachine } from "../machines/payment-outcome-machine.ts"
import type { paymentPromptMachine } from "../machines/payment-prompt-machine.ts"
import type { quoteMachine } from "../machines/quote-machine.ts"
import type { registrationMachine } from "../machines/registration-machine.ts"
import type { sessionMachine } from "../machines/session-machine.ts"
import type { TimerClock, testSessionMachine } from "../machines/tests/test-session-machine.ts"
import type { testsSettingsMachine } from "../machines/tests/tests-settings-machine.ts"
import type { upgradeModalMachine } from "../machines/upgrade-modal-machine.ts"
import type { SearchMachines } from "../wiring/search.ts"

export interface AppServices {
  readonly language: SelectableLanguage
  readonly cookiesAccepted: boolean
  readonly session: ActorRefFrom<typeof sessionMachine>
  readonly upgrade: ActorRefFrom<typeof upgradeModalMachine>
  /** Sign-out for the whole app: the header's bar and the upgrade modal use the same flow. */
  readonly logout: ActorRefFrom<typeof logoutMachine>
  /** The payment modal offering itself after a sign-in; views report the pages visited. */
  readonly paymentPrompt: ActorRefFrom<typeof paymentPromptMachine>
  /** The current time in epoch milliseconds (the runtime's clock). */
  readonly now: () => number
  /** The chart calls, given to the chart machine by the lazily loaded charts. */
  readonly charts: ChartCalls
  readonly machines: {
    readonly login: typeof loginMachine
    readonly registration: typeof registrationMachine
    readonly passwordReset: typeof passwordResetMachine
    readonly emailVerification: typeof emailVerificationMachine
    readonly language: typeof languageMachine
    readonly cookieConsent: typeof cookieConsentMachine
    readonly quote: typeof quoteMachine
    readonly checkout: typeof checkoutMachine
    readonly paymentOutcome: typeof paymentOutcomeMachine
    readonly membership: typeof membershipMachine
    readonly menu: typeof menuMachine
    readonly search: SearchMachines
    readonly pages: {
      readonly point: typeof contentPageMachine
      readonly channel: typeof contentPageMachine
      readonly channelIndex: typeof contentPageMachine
      readonly bodyArea: typeof contentPageMachine
      readonly bodyAreaIndex: typeof contentPageMachine
      readonly category: typeof contentPageMachine
      readonly categoryIndex: typeof contentPageMachine
      readonly vessel: typeof contentPageMachine
      readonly extraPoints: typeof contentPageMachine
      readonly bookIndex: typeof contentPageMachine
      readonly bookPage: typeof contentPageMachine
    }
    /** Self-tests: the session and settings flows, the pages, and the clock the session runs on. */
    readonly tests: {
      readonly session: typeof testSessionMachine
      readonly settings: typeof testsSettingsMachine
      readonly menu: typeof contentPageMachine
      readonly scores: typeof contentPageMachine
      readonly result: typeof contentPageMachine
      readonly now: () => number
      readonly clock?: TimerClock | undefined
    }
  }
}

const AppServicesContext = createContext<AppServices | null>(null)

export const AppServicesProvider = ({ services, children }: { services: AppServices; children: ReactNode }) => (
  <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>
)

export const useAppServices = (): AppServices => {
  const services = useContext(AppServicesContext)
  if (services === null) throw new Error("useAppServices outside AppServicesProvider")
  return services
}
