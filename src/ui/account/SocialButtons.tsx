// "Continue with <provider>" on /login and /register: plain links to the server's start of a social
// sign-in, which sends the browser on to the provider. Nothing shows when no provider is configured.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { socialStartPath } from "../../domain/account/social-links.ts"
import { useAppServices } from "../app-services.tsx"

export const SocialButtons = ({ returnTo }: { readonly returnTo: string | null }) => {
  const { t } = useTranslation("social")
  const { machines } = useAppServices()
  const actor = useActorRef(machines.social.providers)
  const providers = useSelector(actor, (s) => s.context.providers)
  const failed = useSelector(actor, (s) => s.matches("failed"))
  if (failed) return <p className="social-note">{t("buttons.unavailable")}</p>
  if (providers.length === 0) return null
  return (
    <nav className="social-sign-in" aria-label={t("buttons.label")}>
      <p className="social-or">{t("buttons.or")}</p>
      <ul>
        {providers.map((provider) => (
          <li key={provider.id}>
            <a className="button secondary" href={socialStartPath(provider.id, returnTo)}>
              {t("buttons.continueWith", { provider: provider.name })}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
