// What was typed into the header's search before its script arrived (HeaderSearchPlaceholder.tsx),
// for the search to start from once it is in (HeaderSearch.tsx): no keystroke is lost to a slow
// network.
let typed = ""

export const typedSearch = {
  set: (text: string) => {
    typed = text
  },
  /** The text typed so far, once: the search that takes it over starts from it. */
  take: () => {
    const text = typed
    typed = ""
    return text
  },
}
