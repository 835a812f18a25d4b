// /: what Jingluo is and how to start; signed-in users are greeted by name.
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { useAppServices } from "../../app-services.tsx"
import { usePageTitle } from "../page-hooks.ts"

interface Feature {
  readonly title: string
  readonly text: string
}

export const HomePage = () => {
  const { t } = useTranslation(["home", "common"])
  usePageTitle(t("home:title"))
  const { session } = useAppServices()
  const firstName = useSelector(session, (s) => s.context.user?.first_name ?? null)
  const features = t("home:features.items", { returnObjects: true }) as Array<Feature>
  const steps = t("home:start.steps", { returnObjects: true }) as Array<string>
  return (
    <>
      <section className="hero">
        <h1>{firstName ? t("home:welcomeBack", { name: firstName }) : t("home:headline")}</h1>
        <p className="lead">{t("home:intro")}</p>
        <div className="button-row">
          {firstName ? null : (
            <>
              <Link href="/register" className="button">
                {t("home:ctaRegister")}
              </Link>
              <Link href="/login" className="button secondary">
                {t("home:ctaLogin")}
              </Link>
            </>
          )}
          <Link href="/book/pages/channels" className={firstName ? "button" : "button quiet"}>
            {t("home:ctaBrowse")}
          </Link>
        </div>
      </section>
      <section aria-labelledby="features-heading">
        <h2 id="features-heading">{t("home:features.title")}</h2>
        <div className="feature-grid">
          {features.map((feature) => (
            <article className="feature" key={feature.title}>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </article>
          ))}
        </div>
      </section>
      <section aria-labelledby="plans-heading" className="prose">
        <h2 id="plans-heading">{t("home:plans.title")}</h2>
        <p>{t("home:plans.text")}</p>
      </section>
      <section aria-labelledby="start-heading" className="prose">
        <h2 id="start-heading">{t("home:start.title")}</h2>
        <ol>
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
    </>
  )
}
