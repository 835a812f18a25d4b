// Escaping text for the few HTML documents the server writes itself (e-mails, the checkout page),
// and the app's icon for those a browser shows (the checkout page, the API reference).
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c)

/** The app's icon (public/favicon.svg): without it a browser asks for /favicon.ico, which is not there. */
export const ICON_LINK = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">'
