// A switch with its label and, when given, a description linked to it. On or off takes effect as
// its page says (at once, or with the page's Save button).
import { type ReactNode, useId } from "react"
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from "react-aria-components/Switch"

export interface SwitchProps extends Omit<AriaSwitchProps, "className" | "children"> {
  readonly children: ReactNode
  readonly description?: string | null | undefined
}

export const Switch = ({ children, description, ...props }: SwitchProps) => {
  const descriptionId = useId()
  return (
    <div className="field">
      <AriaSwitch {...props} className="switch" aria-describedby={description ? descriptionId : undefined}>
        <span className="track" aria-hidden="true">
          <span className="thumb" />
        </span>
        <span>{children}</span>
      </AriaSwitch>
      {description ? (
        <span id={descriptionId} className="description">
          {description}
        </span>
      ) : null}
    </div>
  )
}
