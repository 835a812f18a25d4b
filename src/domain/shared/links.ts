// External destinations of §2: help centre, privacy policy, terms and conditions, the
// feature-request board and support. They open in a new tab.
export const EXTERNAL_LINKS = {
  helpCentre: "https://help.jingluo.app/",
  privacyPolicy: "https://jingluo.app/legal/privacy",
  terms: "https://jingluo.app/legal/terms",
  featureRequests: "https://feedback.jingluo.app/",
  support: "https://help.jingluo.app/contact",
} as const

/** The server's reference of the HTTP API for integrators (a page of the server, not of the app). */
export const API_DOCS_PATH = "/api/docs"
