// React Aria items with an `href` (the results of the type-ahead searches) navigate through the
// app's Navigation service (the router), so opening a point never reloads the app; ctrl-click still opens a new tab.
import type { ReactNode } from "react"
import { RouterProvider } from "react-aria-components"
import { useAppServices } from "../app-services.tsx"

export const ClientLinks = ({ children }: { readonly children: ReactNode }) => {
  const { navigation } = useAppServices()
  return <RouterProvider navigate={(path) => navigation.go(path)}>{children}</RouterProvider>
}
