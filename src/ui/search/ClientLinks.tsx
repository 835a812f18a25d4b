// React Aria items with an `href` (the results of the type-ahead searches) navigate through the
// app's router, so opening a point never reloads the app; ctrl-click still opens a new tab.
import type { ReactNode } from "react"
import { RouterProvider } from "react-aria-components"
import { useLocation } from "wouter"

export const ClientLinks = ({ children }: { readonly children: ReactNode }) => {
  const [, navigate] = useLocation()
  return <RouterProvider navigate={(path) => navigate(path)}>{children}</RouterProvider>
}
