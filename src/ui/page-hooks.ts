// Small view helpers shared by the pages: the document title, focusing the first invalid field
// after a rejected submit, and reading the query string.
import { useEffect, useRef } from "react"
import { useSearch } from "wouter"

export const usePageTitle = (title: string) => {
  useEffect(() => {
    document.title = `${title} · Jingluo`
  }, [title])
}

/** After the errors change because of a submit, focus the first field marked invalid. */
export const useFocusFirstInvalid = (errors: Readonly<Record<string, string>>) => {
  const formRef = useRef<HTMLFormElement>(null)
  const previous = useRef(errors)
  useEffect(() => {
    const grew = Object.keys(errors).some((key) => previous.current[key] !== errors[key])
    previous.current = errors
    if (!grew) return
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    invalid?.focus()
  }, [errors])
  return formRef
}

export const useQueryParam = (name: string): string | null => {
  const search = useSearch()
  return new URLSearchParams(search).get(name)
}
