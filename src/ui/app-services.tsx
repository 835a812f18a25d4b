// What the views receive from main.tsx (composed from each feature's wiring in src/wiring): the
// flows' machines with their real actors provided, the app-wide actors (session, sign-out, upgrade
// modal, payment prompt), and the current language. Views create page actors from these machines.
import { createContext, type ReactNode, useContext } from "react"
import type { ActorRefFrom } from "xstate"
import type { ContentPageName } from "../domain/content/content-routes.ts"
import type {
  BodyAreaListItem,
  BodyAreaPage,
  BookPage,
  CategoryListItem,
  CategoryPage,
  ChannelIndex,
  ChannelPage,
  ExtraPointsPage,
  PointPage,
  StaticMenu,
  VesselPage,
} from "../domain/content/content-views.ts"
import type { ScoresView, TestResultView, TestsMenuView } from "../domain/self-tests/test-views.ts"
import type { FirstPageAnswers } from "../domain/shared/first-page.ts"
import type { SelectableLanguage } from "../domain/shared/locales.ts"
import type { deleteAccountMachine } from "../machines/account/delete-account-machine.ts"
import type { devicesMachine } from "../machines/account/devices-machine.ts"
import type { emailChangeMachine } from "../machines/account/email-change-machine.ts"
import type { emailRestoreMachine } from "../machines/account/email-restore-machine.ts"
import type { emailVerificationMachine } from "../machines/account/email-verification-machine.ts"
import type { loginMachine } from "../machines/account/login-machine.ts"
import type { logoutMachine } from "../machines/account/logout-machine.ts"
import type { passwordChangeMachine } from "../machines/account/password-change-machine.ts"
import type { passwordResetMachine } from "../machines/account/password-reset-machine.ts"
import type { profileMachine } from "../machines/account/profile-machine.ts"
import type { registrationMachine } from "../machines/account/registration-machine.ts"
import type { sessionMachine } from "../machines/account/session-machine.ts"
import type { settingsTogglesMachine } from "../machines/account/settings-toggles-machine.ts"
import type { socialCallbackMachine } from "../machines/account/social-callback-machine.ts"
import type { socialLinkMachine } from "../machines/account/social-link-machine.ts"
import type { socialProvidersMachine } from "../machines/account/social-providers-machine.ts"
import type { socialRegistrationMachine } from "../machines/account/social-registration-machine.ts"
import type { videoSettingsMachine } from "../machines/account/video-settings-machine.ts"
import type { checkoutMachine } from "../machines/billing/checkout-machine.ts"
import type { membershipMachine } from "../machines/billing/membership-machine.ts"
import type { paymentOutcomeMachine } from "../machines/billing/payment-outcome-machine.ts"
import type { paymentPromptMachine } from "../machines/billing/payment-prompt-machine.ts"
import type { upgradeModalMachine } from "../machines/billing/upgrade-modal-machine.ts"
import type { ChartCalls } from "../machines/charts/chart-machine.ts"
import type { ContentPageMachine } from "../machines/content/content-page-machine.ts"
import type { menuMachine } from "../machines/content/menu-machine.ts"
import type { appReviewMachine } from "../machines/feedback/app-review-machine.ts"
import type { addToGroupMachine } from "../machines/groups/add-to-group-machine.ts"
import type { groupsMachine } from "../machines/groups/groups-machine.ts"
import type { noteEditorMachine } from "../machines/notes/note-editor-machine.ts"
import type { notesListMachine } from "../machines/notes/notes-list-machine.ts"
import type { pointReferenceMachine } from "../machines/search/point-reference-machine.ts"
import type { searchMachine } from "../machines/search/search-machine.ts"
import type { searchOptionsMachine } from "../machines/search/search-options-machine.ts"
import type { typeAheadMachine } from "../machines/search/type-ahead-machine.ts"
import type { TimerClock } from "../machines/self-tests/test-session-context.ts"
import type { testSessionMachine } from "../machines/self-tests/test-session-machine.ts"
import type { testsSettingsMachine } from "../machines/self-tests/tests-settings-machine.ts"
import type { connectionMachine } from "../machines/shared/connection-machine.ts"
import type { cookieConsentMachine } from "../machines/shared/cookie-consent-machine.ts"
import type { installOfferMachine } from "../machines/shared/install-offer-machine.ts"
import type { languageMachine } from "../machines/shared/language-machine.ts"
import type { offlineDownloadMachine } from "../machines/shared/offline-download-machine.ts"
import type { quoteMachine } from "../machines/shared/quote-machine.ts"
import type { patientPageMachine } from "../machines/sharing/patient-page-machine.ts"
import type { shareFormMachine } from "../machines/sharing/share-form-machine.ts"
import type { sharedListMachine } from "../machines/sharing/shared-list-machine.ts"
import type { unsubscribeMachine } from "../machines/sharing/unsubscribe-machine.ts"
import type { videoQueueMachine } from "../machines/videos/video-queue-machine.ts"

/** What each content page shows (src/domain/content/content-routes.ts names them). */
export interface ContentPageData extends Record<ContentPageName, unknown> {
  readonly point: PointPage
  readonly channel: ChannelPage
  readonly channelIndex: ChannelIndex
  readonly bodyArea: BodyAreaPage
  readonly bodyAreaIndex: ReadonlyArray<BodyAreaListItem>
  readonly category: CategoryPage
  readonly categoryIndex: ReadonlyArray<CategoryListItem>
  readonly vessel: VesselPage
  readonly extraPoints: ExtraPointsPage
  readonly bookIndex: StaticMenu
  readonly bookPage: BookPage
}

export interface AppServices {
  readonly language: SelectableLanguage
  /** The answers the server drew the first page from: its content page starts from them. */
  readonly firstPage: FirstPageAnswers
  readonly cookiesAccepted: boolean
  /** The connection: offline when the browser says so or a call could not reach the server. */
  readonly connection: ActorRefFrom<typeof connectionMachine>
  /** The learner's part kept on this device in the background: the account menu's progress, the setting. */
  readonly offlineDownload: ActorRefFrom<typeof offlineDownloadMachine>
  /** The account menu's offer to install the app on this device. */
  readonly installOffer: ActorRefFrom<typeof installOfferMachine>
  /** The bytes the site's storage uses on this device, null where the browser does not say. */
  readonly storageUsed: () => Promise<number | null>
  /** Leaving the page from a view (a menu item): in the app, or another site in a new tab. */
  readonly navigation: { readonly go: (path: string) => void; readonly openTab: (url: string) => void }
  readonly session: ActorRefFrom<typeof sessionMachine>
  readonly upgrade: ActorRefFrom<typeof upgradeModalMachine>
  /** Sign-out for the whole app: the header's bar and the upgrade modal use the same flow. */
  readonly logout: ActorRefFrom<typeof logoutMachine>
  /** The payment modal offering itself after a sign-in; views report the pages visited. */
  readonly paymentPrompt: ActorRefFrom<typeof paymentPromptMachine>
  /** The current time in epoch milliseconds (the runtime's clock). */
  readonly now: () => number
  readonly machines: {
    readonly login: typeof loginMachine
    readonly registration: typeof registrationMachine
    readonly passwordReset: typeof passwordResetMachine
    readonly emailVerification: typeof emailVerificationMachine
    /** The undo link of an e-mail change, mailed to the replaced address. */
    readonly emailRestore: typeof emailRestoreMachine
    /** Social sign-in: the providers' buttons, the callback page, its registration and prove-to-link steps. */
    readonly social: {
      readonly providers: typeof socialProvidersMachine
      readonly callback: typeof socialCallbackMachine
      readonly registration: typeof socialRegistrationMachine
      readonly link: typeof socialLinkMachine
    }
    /** Account settings: profile and its e-mail change, password, devices, delete, toggles, video settings. */
    readonly accountSettings: {
      readonly profile: typeof profileMachine
      readonly emailChange: typeof emailChangeMachine
      readonly passwordChange: typeof passwordChangeMachine
      readonly devices: typeof devicesMachine
      readonly deleteAccount: typeof deleteAccountMachine
      readonly toggles: typeof settingsTogglesMachine
      readonly video: typeof videoSettingsMachine
    }
    readonly language: typeof languageMachine
    readonly cookieConsent: typeof cookieConsentMachine
    readonly quote: typeof quoteMachine
    readonly checkout: typeof checkoutMachine
    readonly paymentOutcome: typeof paymentOutcomeMachine
    readonly membership: typeof membershipMachine
    readonly menu: typeof menuMachine
    /** The chart calls, given to the chart machine by the lazily loaded charts. */
    readonly charts: ChartCalls
    /** Search: the main, full-text and header searches, the all-points type-ahead, the selects' options, a point address. */
    readonly search: {
      readonly main: typeof searchMachine
      readonly fullText: typeof searchMachine
      readonly header: typeof searchMachine
      readonly points: typeof typeAheadMachine
      readonly options: typeof searchOptionsMachine
      readonly pointReference: typeof pointReferenceMachine
    }
    readonly pages: { readonly [Page in ContentPageName]: ContentPageMachine<ContentPageData[Page]> }
    /** Self-tests: the session and settings flows, the pages, and the clock the session runs on. */
    readonly tests: {
      readonly session: typeof testSessionMachine
      readonly settings: typeof testsSettingsMachine
      readonly menu: ContentPageMachine<TestsMenuView>
      readonly scores: ContentPageMachine<ScoresView>
      readonly result: ContentPageMachine<TestResultView>
      readonly now: () => number
      readonly clock?: TimerClock | undefined
    }
    /** Notes: the point page's note editor and /my-notes. */
    readonly notes: {
      readonly editor: typeof noteEditorMachine
      readonly list: typeof notesListMachine
    }
    /** Support: the learner's review of the app. */
    readonly feedback: { readonly review: typeof appReviewMachine }
    /** Point groups: the drill-down's "My point groups" column, and "add to group" on point and channel pages. */
    readonly groups: {
      readonly column: typeof groupsMachine
      readonly add: typeof addToGroupMachine
    }
    /** Videos: the player and the queue of a channel's point videos. */
    readonly videos: { readonly queue: typeof videoQueueMachine }
    /** Patient sharing: the member's form and list of shares; the patient's link and unsubscribe pages. */
    readonly sharing: {
      readonly form: typeof shareFormMachine
      readonly list: typeof sharedListMachine
      readonly patientPage: typeof patientPageMachine
      readonly unsubscribe: typeof unsubscribeMachine
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
