// A React Aria button with the app's variants. While `isPending` it keeps focus, ignores presses,
// shows a spinner and says it is busy; the flow's own status message announces the outcome.
import type { ReactNode, Ref } from "react"
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from "react-aria-components/Button"
import { useTranslation } from "react-i18next"

export interface ButtonProps extends Omit<AriaButtonProps, "className" | "children" | "isPending"> {
  readonly variant?: "primary" | "secondary" | "quiet" | "danger"
  readonly children: ReactNode
  readonly isPending?: boolean
  readonly ref?: Ref<HTMLButtonElement>
}

export const Button = ({
  variant = "primary",
  children,
  isPending = false,
  ref,
  onPress,
  type,
  ...props
}: ButtonProps) => {
  const { t } = useTranslation("common")
  return (
    <AriaButton
      {...props}
      ref={ref}
      // A pending submit button must not submit again.
      type={isPending && type === "submit" ? "button" : type}
      onPress={isPending ? undefined : onPress}
      aria-disabled={isPending || undefined}
      data-pending={isPending || undefined}
      className={`button ${variant === "primary" ? "" : variant}`}
    >
      {isPending ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
      {isPending ? <span className="visually-hidden"> ({t("loading")})</span> : null}
    </AriaButton>
  )
}
