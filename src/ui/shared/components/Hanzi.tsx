// A Chinese name (a point's, a channel's), in its script's language. Its box is as wide as its
// characters at one em each, which is how every Chinese face draws them: so on a device without a
// Chinese font the name takes the same room before our faces arrive (src/main.tsx loads them once
// the page is idle) as after, and nothing around it moves when they do. The name never breaks
// across lines.
import type { CSSProperties, ReactNode } from "react"

export const Hanzi = ({
  text,
  simplified = false,
  className,
  children,
}: {
  /** The characters, as counted for the name's width. */
  readonly text: string
  readonly simplified?: boolean
  readonly className?: string
  /** What is shown, when not the text itself (the text with a search's matches marked). */
  readonly children?: ReactNode
}) => (
  <span
    lang={simplified ? "zh-Hans" : "zh-Hant"}
    className={className ? `hanzi-name ${className}` : "hanzi-name"}
    style={{ "--hanzi-chars": Array.from(text).length } as CSSProperties}
  >
    {children ?? text}
  </span>
)
