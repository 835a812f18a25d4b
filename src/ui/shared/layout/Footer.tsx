// The footer (§2): the quote of the day about a heart-channel point, Load More for the next one,
// Read More to /about-us, the API reference for integrators, and the external links. A quote loaded
// by Load more takes the cursor (the button is disabled while it loads), and is read out.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { API_DOCS_PATH, EXTERNAL_LINKS } from "../../../domain/shared/links.ts"
import { useAppServices } from "../../app-services.tsx"
import { Button } from "../components/Button.tsx"
import { useFocusWhenReady } from "../page-hooks.ts"

export const Footer = () => {
  const { t } = useTranslation("common")
  const { machines } = useAppServices()
  const actor = useActorRef(machines.quote)
  const quotes = useSelector(actor, (s) => s.context.quotes)
  const failed = useSelector(actor, (s) => s.context.failed)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const canLoadMore = useSelector(actor, (s) => s.can({ type: "quote.loadMore" }))
  const isFailedState = useSelector(actor, (s) => s.matches("failed"))
  const loaded = useFocusWhenReady<HTMLQuoteElement>(!busy)

  return (
    <footer className="footer">
      <div className="footer-inner">
        <section aria-labelledby="quote-heading">
          <h2 id="quote-heading">{t("footer.quoteTitle")}</h2>
          <div aria-live="polite" aria-busy={busy}>
            {quotes.map((quote, index) => (
              <blockquote
                className="quote"
                key={quote.id}
                lang={undefined}
                ref={index === quotes.length - 1 ? loaded.ref : undefined}
                tabIndex={-1}
              >
                {quote.original ? (
                  <p className="original" lang="zh-Hans">
                    {quote.original}
                  </p>
                ) : null}
                <p>{quote.text}</p>
                <footer>
                  {quote.source} · {quote.point.code} {quote.point.pinyin} ({quote.point.name})
                </footer>
              </blockquote>
            ))}
            {isFailedState ? <p>{t("footer.quoteUnavailable")}</p> : null}
            {failed && !isFailedState ? <p>{t("footer.quoteMoreUnavailable")}</p> : null}
          </div>
          <div className="button-row">
            {isFailedState ? (
              <Button variant="secondary" onPress={() => actor.send({ type: "quote.retry" })}>
                {t("footer.retry")}
              </Button>
            ) : (
              <Button
                variant="secondary"
                isDisabled={!canLoadMore}
                isPending={busy}
                onPress={() => {
                  loaded.arm()
                  actor.send({ type: "quote.loadMore" })
                }}
              >
                {t("footer.loadMore")}
              </Button>
            )}
            <Link href="/about-us" className="button quiet">
              {t("footer.readMore")}
            </Link>
          </div>
        </section>
        <nav aria-label={t("footer.linksLabel")}>
          <ul className="footer-links">
            <li>
              <Link href="/about">{t("footer.about")}</Link>
            </li>
            <li>
              <Link href="/about-us">{t("footer.aboutUs")}</Link>
            </li>
            <li>
              {/* A page of the server: the browser loads it, the app's router does not. */}
              <a href={API_DOCS_PATH}>{t("footer.apiDocs")}</a>
            </li>
            {(
              [
                ["helpCentre", EXTERNAL_LINKS.helpCentre],
                ["privacy", EXTERNAL_LINKS.privacyPolicy],
                ["terms", EXTERNAL_LINKS.terms],
                ["featureRequests", EXTERNAL_LINKS.featureRequests],
              ] as const
            ).map(([key, href]) => (
              <li key={key}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {t(`footer.${key}`)}
                  <span className="visually-hidden"> {t("nav.newTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="copyright">{t("footer.copyright")}</p>
      </div>
    </footer>
  )
}
