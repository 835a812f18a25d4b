// The support page, loaded when it is first shown (src/domain/shared/page-groups.ts).
export { SupportPage } from "./SupportPage.tsx"
