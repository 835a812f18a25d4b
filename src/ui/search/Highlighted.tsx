// A snippet as the server sent it: text segments, the matching ones inside <mark>. Every segment
// is rendered as text, so a text that contains markup shows that markup as written.
import { Fragment } from "react"
import type { SearchSnippet } from "../../domain/api/search-api.ts"
import type { SnippetSegment } from "../../domain/search/snippets.ts"

export const Highlighted = ({ segments }: { readonly segments: ReadonlyArray<SnippetSegment> }) => (
  <>
    {segments.map((segment, i) =>
      segment.match ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: segments are a fixed sequence, never reordered
        <mark key={i}>{segment.text}</mark>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: segments are a fixed sequence, never reordered
        <Fragment key={i}>{segment.text}</Fragment>
      ),
    )}
  </>
)

/** A snippet with an ellipsis where words were left out. */
export const SnippetText = ({ snippet }: { readonly snippet: SearchSnippet }) => (
  <>
    {snippet.clippedStart ? "… " : null}
    <Highlighted segments={snippet.segments} />
    {snippet.clippedEnd ? " …" : null}
  </>
)
