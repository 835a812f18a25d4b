// The page of the learner's notes, loaded when it is first shown (src/domain/shared/page-groups.ts).
export { MyNotesPage } from "./MyNotesPage.tsx"
