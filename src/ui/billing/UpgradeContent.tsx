// What the upgrade modal and the pricing page show (§2): the trial heading and text (not in the lite
// version for a locked item), the plan cards, and collapsible sections on Pro's features, the trial,
// and how to cancel.
import { useActorRef, useSelector } from "@xstate/react"
import { Button as AriaButton } from "react-aria-components/Button"
import { Disclosure, DisclosurePanel, Heading } from "react-aria-components/Disclosure"
import { useTranslation } from "react-i18next"
import { TRIAL_DAYS } from "../../domain/billing/plans.ts"
import { useAppServices } from "../app-services.tsx"
import { PlanChooser } from "./PlanChooser.tsx"

const Section = ({
  id,
  title,
  level,
  children,
}: {
  readonly id: string
  readonly title: string
  readonly level: number
  readonly children: React.ReactNode
}) => (
  <Disclosure id={id} className="disclosure">
    <Heading level={level} className="disclosure-heading">
      <AriaButton slot="trigger" className="disclosure-trigger">
        <span aria-hidden="true" className="disclosure-chevron">
          ▸
        </span>
        {title}
      </AriaButton>
    </Heading>
    <DisclosurePanel className="disclosure-panel">{children}</DisclosurePanel>
  </Disclosure>
)

export const UpgradeContent = ({
  lite,
  headingLevel = 2,
}: {
  readonly lite: boolean
  readonly headingLevel?: 1 | 2
}) => {
  const { t } = useTranslation(["billing", "common"])
  const { machines, session } = useAppServices()
  const signedIn = useSelector(session, (s) => s.context.user !== null)
  const checkout = useActorRef(machines.checkout, { input: { signedIn } })
  const features = t("billing:features", { returnObjects: true }) as Array<string>
  const Title = headingLevel === 1 ? "h1" : "h2"
  return (
    <div className="upgrade">
      {lite ? (
        <p className="lead">{t("billing:liteIntro")}</p>
      ) : (
        <>
          <Title className="upgrade-title">{t("billing:trialHeading", { days: TRIAL_DAYS })}</Title>
          <p className="lead">{t("billing:trialText", { days: TRIAL_DAYS })}</p>
        </>
      )}
      <PlanChooser actor={checkout} />
      <div className="disclosures">
        <Section id="features" level={headingLevel + 1} title={t("billing:featuresTitle")}>
          <ul className="feature-list">
            {features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </Section>
        <Section id="trial" level={headingLevel + 1} title={t("billing:trialStatusTitle")}>
          {(t("billing:trialStatus", { returnObjects: true, days: TRIAL_DAYS }) as Array<string>).map((p) => (
            <p key={p}>{p}</p>
          ))}
        </Section>
        <Section id="cancel" level={headingLevel + 1} title={t("billing:howToCancelTitle")}>
          <ul>
            {(t("billing:howToCancel", { returnObjects: true }) as Array<string>).map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Section>
      </div>
    </div>
  )
}
