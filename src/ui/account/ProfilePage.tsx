// /account-settings/my-profile (§3, §5, §8): names, e-mail with its availability check, country,
// currency and language, promotional e-mails; saving a new address first asks for the password (or
// a mailed code) and then opens the code dialog of the new address.
import { useActorRef, useSelector } from "@xstate/react"
import { type RefObject, useEffect, useId, useRef } from "react"
import { Button as AriaButton } from "react-aria-components/Button"
import { FieldError, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components/Select"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { ProfileForm } from "../../domain/account/profile.ts"
import type { profileMachine } from "../../machines/account/profile-machine.ts"
import { useAppServices } from "../app-services.tsx"
import { Button } from "../shared/components/Button.tsx"
import { FlowCheckbox, FlowForm, FlowTextField, FORM_SUBMIT } from "../shared/components/FlowForm.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import { EmailChangeDialog } from "./EmailChangeDialog.tsx"
import { ReauthDialog } from "./ReauthDialog.tsx"

type SelectFieldName = "country_id" | "currency_id" | "language_id"

/** The option of an optional select that leaves it unchosen. */
const NONE = "none"

const ProfileSelect = ({
  actor,
  field,
  label,
  options,
  optional = false,
}: {
  readonly actor: ActorRefFrom<typeof profileMachine>
  readonly field: SelectFieldName
  readonly label: string
  readonly options: ReadonlyArray<{ readonly id: string; readonly label: string }>
  /** Country and currency may stay unchosen: the list starts with "Not specified". */
  readonly optional?: boolean
}) => {
  const { t } = useTranslation(["account", "common"])
  const value = useSelector(actor, (s) => s.context.form[field])
  const error = useSelector(actor, (s) => s.context.errors[field])
  const items = optional ? [{ id: NONE, label: t("account:profile.notSpecified") }, ...options] : options
  return (
    <Select
      className="field select-field"
      name={field}
      selectedKey={value === "" ? (optional ? NONE : null) : value}
      placeholder={t("account:profile.choose")}
      isRequired={!optional}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      onSelectionChange={(key) => {
        if (key !== null) actor.send({ type: "field.change", field, value: key === NONE ? "" : String(key) })
      }}
    >
      <Label>{label}</Label>
      <AriaButton className="select-button">
        <SelectValue />
        <span aria-hidden="true" className="select-chevron">
          ▾
        </span>
      </AriaButton>
      <FieldError className="error">{error ? t(`common:${error}`) : null}</FieldError>
      <Popover className="select-popover" placement="bottom start">
        <ListBox className="select-list" items={items}>
          {(option) => (
            <ListBoxItem id={option.id} className="menu-item" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  )
}

/**
 * When the e-mail change dialog goes away (confirmed, or closed for now) or the waiting change is
 * given up, and the cursor is left nowhere — the dialog opened by itself after the proof, or the
 * button pressed is gone — the cursor goes to "Enter the code" while the change waits, else to the
 * e-mail field it was about.
 */
const useReturnToEmail = (
  dialogOpen: boolean,
  pendingEmail: string | null,
  sectionRef: RefObject<HTMLElement | null>,
) => {
  const was = useRef({ dialogOpen, pendingEmail })
  useEffect(() => {
    const closed =
      (was.current.dialogOpen && !dialogOpen) || (was.current.pendingEmail !== null && pendingEmail === null)
    was.current = { dialogOpen, pendingEmail }
    if (!closed) return
    // After the modal has given focus back where it could.
    const frame = requestAnimationFrame(() => {
      const lost = document.activeElement === null || document.activeElement === document.body
      if (!lost) return
      const section = sectionRef.current
      const target =
        section?.querySelector<HTMLElement>("[data-resume-email-change]") ??
        section?.querySelector<HTMLInputElement>('input[name="email"]')
      target?.focus()
    })
    return () => cancelAnimationFrame(frame)
  }, [dialogOpen, pendingEmail, sectionRef])
}

/** A change of address waiting for its code: its dialog can be opened again, or the change given up. */
const PendingEmailNotice = ({ actor }: { readonly actor: ActorRefFrom<typeof profileMachine> }) => {
  const { t } = useTranslation("account")
  const pendingEmail = useSelector(actor, (s) => s.context.pendingEmail)
  const shown = useSelector(actor, (s) => s.context.pendingEmail !== null && !s.context.codeDialogOpen)
  const canResume = useSelector(actor, (s) => s.can({ type: "email.resume" }))
  const canCancel = useSelector(actor, (s) => s.can({ type: "email.cancel" }))
  const cancelling = useSelector(actor, (s) => s.hasTag("cancellingEmail"))
  return (
    <div className="pending-email">
      <p role="status">{shown ? t("profile.pendingEmail", { email: pendingEmail }) : null}</p>
      {shown ? (
        <div className="button-row">
          <Button data-resume-email-change isDisabled={!canResume} onPress={() => actor.send({ type: "email.resume" })}>
            {t("profile.pendingEmailResume")}
          </Button>
          <Button
            variant="secondary"
            isDisabled={!canCancel}
            isPending={cancelling}
            onPress={() => actor.send({ type: "email.cancel" })}
          >
            {t("profile.pendingEmailCancel")}
          </Button>
        </div>
      ) : null}
    </div>
  )
}

export const ProfilePage = () => {
  const { t, i18n } = useTranslation(["account", "common"])
  usePageTitle(t("account:profile.title"))
  const { machines, language } = useAppServices()
  const actor = useActorRef(machines.accountSettings.profile, { input: { appLanguage: language } })
  const options = useSelector(actor, (s) => s.context.options)
  const loadFailed = useSelector(actor, (s) => s.matches("loadFailed"))
  const loadError = useSelector(actor, (s) => s.context.loadError)
  const loading = useSelector(actor, (s) => s.matches("loading"))
  const saving = useSelector(actor, (s) => s.hasTag("busy"))
  const checking = useSelector(actor, (s) => s.hasTag("checkingEmail"))
  const checkLimited = useSelector(actor, (s) => s.hasTag("emailCheckLimited"))
  const reauth = useSelector(actor, (s) => s.children.reauth)
  const newEmail = useSelector(actor, (s) => s.context.form.email.trim())
  const pendingEmail = useSelector(actor, (s) => s.context.pendingEmail)
  const codeDialogOpen = useSelector(actor, (s) => s.context.codeDialogOpen)
  const currentEmail = useSelector(actor, (s) => s.context.user?.user_profile.email ?? "")
  const sectionRef = useRef<HTMLElement>(null)
  useReturnToEmail(codeDialogOpen, pendingEmail, sectionRef)
  const emailHintId = useId()
  const emailHint = checking ? t("account:profile.checking") : checkLimited ? t("account:profile.checkOnSave") : null
  const regionNames = new Intl.DisplayNames([i18n.language], { type: "region" })
  const currencyNames = new Intl.DisplayNames([i18n.language], { type: "currency" })
  const field = (name: keyof ProfileForm & ("email" | "first_name" | "last_name"), label: string, auto: string) => (
    <FlowTextField actor={actor} field={name} label={label} autoComplete={auto} isRequired />
  )

  return (
    <section className="panel" ref={sectionRef}>
      <h1>{t("account:profile.title")}</h1>
      {loading ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t("common:loading")}
        </p>
      ) : null}
      {loadFailed ? (
        <div>
          <p className="form-message error" role="alert">
            {t("account:profile.loadFailed")} {loadError ? t(`common:${loadError}`) : null}
          </p>
          <Button variant="secondary" onPress={() => actor.send({ type: "profile.retry" })}>
            {t("account:profile.retry")}
          </Button>
        </div>
      ) : null}
      {options ? (
        <FlowForm actor={actor} submit={FORM_SUBMIT} className="form form-wide">
          <div className="form-row">
            {field("first_name", t("account:profile.firstName"), "given-name")}
            {field("last_name", t("account:profile.lastName"), "family-name")}
          </div>
          <div>
            <FlowTextField
              actor={actor}
              field="email"
              type="email"
              label={t("account:profile.email")}
              autoComplete="email"
              aria-describedby={emailHint ? emailHintId : undefined}
              isRequired
            />
            {/* Tied by hand: React Aria ties a field's description only when it is there from the start. */}
            <p id={emailHintId} className="field-hint">
              {emailHint}
            </p>
            <PendingEmailNotice actor={actor} />
          </div>
          <ProfileSelect
            actor={actor}
            field="country_id"
            label={t("account:profile.country")}
            optional
            options={options.countries
              .map((c) => ({ id: String(c.id), label: regionNames.of(c.code) ?? c.name }))
              .sort((a, b) => a.label.localeCompare(b.label, i18n.language))}
          />
          <div className="form-row">
            <ProfileSelect
              actor={actor}
              field="currency_id"
              label={t("account:profile.currency")}
              optional
              options={options.currencies.map((c) => ({
                id: String(c.id),
                label: `${currencyNames.of(c.code) ?? c.title} (${c.code})`,
              }))}
            />
            <ProfileSelect
              actor={actor}
              field="language_id"
              label={t("account:profile.language")}
              options={options.languages.map((l) => ({ id: String(l.id), label: l.name }))}
            />
          </div>
          <FlowCheckbox actor={actor} field="promotional_emails">
            {t("account:profile.promotional")}
          </FlowCheckbox>
          <div className="button-row">
            <Button type="submit" isPending={saving}>
              {t("account:profile.save")}
            </Button>
          </div>
        </FlowForm>
      ) : null}
      {reauth ? (
        <ReauthDialog
          actor={reauth}
          title={t("account:profile.reauthTitle")}
          text={t("account:profile.reauthText", { email: newEmail })}
          confirmLabel={t("account:profile.reauthConfirm")}
        />
      ) : null}
      {pendingEmail && codeDialogOpen ? (
        <EmailChangeDialog
          key={pendingEmail}
          email={pendingEmail}
          current={currentEmail}
          onConfirmed={(user) => actor.send({ type: "email.confirmed", user })}
          onClose={() => actor.send({ type: "email.dismiss" })}
        />
      ) : null}
    </section>
  )
}
