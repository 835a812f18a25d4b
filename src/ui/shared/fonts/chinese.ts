// The Chinese faces, loaded once the page has loaded (src/main.tsx). Our subsets of Noto Serif TC and
// SC (hanzi.css, `npm run fonts`) draw the knowledge base's characters in the few slices a page of
// names needs; the full faces (Fontsource's builds of the same fonts, regular weight, ~100 slices
// each by unicode-range, kept to their Chinese slices by vite.config.ts) draw any other character a
// learner types or writes: a search, a note. The stacks in styles.css name the subsets first, so a
// page downloads a full face's slice only for a character the subsets lack. All of them: SIL Open
// Font License 1.1 (OFL.txt).
import "./hanzi.css"
import "@fontsource/noto-serif-tc/400.css"
import "@fontsource/noto-serif-sc/400.css"
