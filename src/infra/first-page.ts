// The first page's data the server embedded (src/domain/shared/first-page.ts), read once at start,
// and the answers in it as the pages take them: each answer serves the page it was drawn for once —
// a page shown again later (another visit, a plan that changed) asks the server as usual.
import { FIRST_PAGE_DATA_ID, type FirstPageAnswers, type FirstPageData } from "../domain/shared/first-page.ts"
import { isSelectableLanguage } from "../domain/shared/locales.ts"

/** The embedded data, when the server drew this page; undefined for the app's shell. */
export const readFirstPage = (document: Document): FirstPageData | undefined => {
  const text = document.getElementById(FIRST_PAGE_DATA_ID)?.textContent
  if (!text) return undefined
  try {
    const data = JSON.parse(text) as Partial<FirstPageData>
    return typeof data.url === "string" &&
      typeof data.language === "string" &&
      isSelectableLanguage(data.language) &&
      typeof data.answers === "object" &&
      data.answers !== null &&
      Array.isArray(data.namespaces)
      ? (data as FirstPageData)
      : undefined
  } catch {
    return undefined
  }
}

export const firstPageAnswers = (data: FirstPageData | undefined): FirstPageAnswers => {
  const answers = new Map(Object.entries(data?.answers ?? {}))
  return { answer: (key) => answers.get(key), taken: (key) => void answers.delete(key) }
}
