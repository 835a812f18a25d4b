// The self-test pages, loaded together when the first of them is shown (src/domain/shared/page-groups.ts).
export { TestsRoutes } from "./TestsRoutes.tsx"
