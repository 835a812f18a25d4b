// The account settings pages, loaded together when the first of them is shown (src/domain/shared/page-groups.ts).
export { AccountSettingsLayout } from "./AccountSettingsLayout.tsx"
export { AccountSettingsRoutes } from "./AccountSettingsRoutes.tsx"
