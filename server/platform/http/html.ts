// Escaping text for the few HTML documents the server writes itself (e-mails, the checkout page;
// the rule lives in the domain, which each page's head shares), and the app's icon for those a
// browser shows (the checkout page, the API reference).
export { escapeHtml } from "../../../src/domain/shared/escape-html.ts"

/** The app's icon (public/favicon.svg): without it a browser asks for /favicon.ico, which is not there. */
export const ICON_LINK = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">'
