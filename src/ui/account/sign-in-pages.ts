// The sign-in page, loaded when it is first shown (src/domain/shared/page-groups.ts): alone, as most
// visits to these pages are for it; signing up and the pages a mail leads back to are sign-up-pages.ts.
export { LoginPage } from "./LoginPage.tsx"
