// The browsing pages, loaded together when the first of them is shown (src/domain/shared/page-groups.ts).
export { BookIndexPage, BookPage } from "./BookPages.tsx"
export { ChannelIndexPage, ChannelPage } from "./ChannelPages.tsx"
export {
  BodyAreaIndexPage,
  BodyAreaPage,
  CategoryIndexPage,
  CategoryPage,
  ExtraPointsPage,
  VesselPage,
} from "./GroupPages.tsx"
export { PointPage } from "./PointPage.tsx"
