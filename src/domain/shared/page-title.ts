// The document's title: a page's own title followed by the app's name, or the name alone. The app
// sets it from each view (usePageTitle) and the server writes the same into the page it renders
// (page-head.ts), so the title does not change when the app starts.
export const SITE_NAME = "Jingluo"

const SEPARATOR = " · "

/** "LU-9 Tàiyuān · Jingluo"; "Jingluo" for a page whose title is not known before it loads. */
export const pageTitle = (title: string | null): string =>
  title === null || title === "" ? SITE_NAME : `${title}${SEPARATOR}${SITE_NAME}`

/** The page's own title inside a document title ("LU-9 Tàiyuān"), for a link preview that names the site apart. */
export const ownTitle = (documentTitle: string): string =>
  documentTitle.endsWith(`${SEPARATOR}${SITE_NAME}`)
    ? documentTitle.slice(0, -(SEPARATOR.length + SITE_NAME.length))
    : documentTitle
