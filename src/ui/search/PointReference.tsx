// /point/{reference} for a reference that is not a point's own address ("/point/LU9",
// "/point/lu-9", "/point/yintang"): the point it names is looked up and the address replaced by
// the point's own; a reference that names no point goes to /not-found.
import { useActorRef, useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"

const decoded = (reference: string) => {
  try {
    return decodeURIComponent(reference)
  } catch {
    return reference
  }
}

export const PointReference = ({ reference }: { readonly reference: string }) => {
  const { t } = useTranslation("common")
  const { machines } = useAppServices()
  const actor = useActorRef(machines.search.pointReference, { input: { reference: decoded(reference) } })
  const failed = useSelector(actor, (s) => s.matches("failed"))
  const error = useSelector(actor, (s) => s.context.error)
  usePageTitle(failed ? t("search.reference.failed") : t("search.reference.finding"))
  return failed ? (
    <section className="panel">
      <h1>{t("search.reference.failed")}</h1>
      <FormMessage kind="error">{t(error ?? "errors.generic")}</FormMessage>
      <Button variant="secondary" onPress={() => actor.send({ type: "reference.retry" })}>
        {t("search.retry")}
      </Button>
    </section>
  ) : (
    <div className="page-loader" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t("search.reference.finding")}</span>
    </div>
  )
}
