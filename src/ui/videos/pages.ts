// The video pages, loaded when one is first shown (src/domain/shared/page-groups.ts).
export { ChannelVideoPage, PointVideosPage } from "./VideoPages.tsx"
