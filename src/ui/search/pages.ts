// The search pages and the point reference, loaded together when the first of them is shown (src/domain/shared/page-groups.ts).
export { FullTextPage } from "./FullTextPage.tsx"
export { PointReference } from "./PointReference.tsx"
export { SearchPage } from "./SearchPage.tsx"
