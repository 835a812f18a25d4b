// The page of the learner's point groups, loaded when it is first shown (src/domain/shared/page-groups.ts).
export { MyGroupsPage } from "./MyGroupsPage.tsx"
