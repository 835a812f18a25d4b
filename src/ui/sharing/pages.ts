// The sharing pages, loaded when one is first shown (src/domain/shared/page-groups.ts).
export { AcupressureVideosPage } from "./AcupressureVideosPage.tsx"
export { PatientLinkPage } from "./PatientLinkPage.tsx"
export { UnsubscribePage } from "./UnsubscribePage.tsx"
