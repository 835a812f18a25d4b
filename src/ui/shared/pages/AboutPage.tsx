// /about: what the product covers and how its content is made. /about-us: who makes it and why the
// footer quotes the heart channel.
import { useTranslation } from "react-i18next"
import { usePageTitle } from "../page-hooks.ts"

interface Section {
  readonly heading: string
  readonly paragraphs: Array<string>
}

const Sections = ({ sections }: { readonly sections: Array<Section> }) => (
  <>
    {sections.map((section) => (
      <section key={section.heading}>
        <h2>{section.heading}</h2>
        {section.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
    ))}
  </>
)

export const AboutPage = () => {
  const { t } = useTranslation("about")
  usePageTitle(t("product.title"))
  return (
    <article className="prose">
      <h1>{t("product.title")}</h1>
      <p className="lead">{t("product.lead")}</p>
      <Sections sections={t("product.sections", { returnObjects: true }) as Array<Section>} />
    </article>
  )
}

export const AboutUsPage = () => {
  const { t } = useTranslation("about")
  usePageTitle(t("us.title"))
  return (
    <article className="prose">
      <h1>{t("us.title")}</h1>
      <p className="lead">{t("us.lead")}</p>
      <Sections sections={t("us.sections", { returnObjects: true }) as Array<Section>} />
    </article>
  )
}
