// A checkbox with its label and, when invalid, an error message linked to it.
import type { ReactNode } from "react"
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from "react-aria-components/Checkbox"

export interface CheckboxProps extends Omit<AriaCheckboxProps, "className" | "children" | "isInvalid"> {
  readonly children: ReactNode
  readonly errorMessage?: string | null | undefined
  readonly errorId?: string
}

export const Checkbox = ({ children, errorMessage, errorId, ...props }: CheckboxProps) => (
  <div className="field">
    <AriaCheckbox
      {...props}
      className="checkbox"
      isInvalid={Boolean(errorMessage)}
      aria-describedby={errorMessage && errorId ? errorId : undefined}
    >
      {({ isSelected }) => (
        <>
          <span className="box" aria-hidden="true">
            {isSelected ? (
              <svg viewBox="0 0 18 18" aria-hidden="true">
                <polyline points="2 9 7 14 16 4" />
              </svg>
            ) : null}
          </span>
          <span>{children}</span>
        </>
      )}
    </AriaCheckbox>
    {errorMessage ? (
      <span id={errorId} className="error">
        {errorMessage}
      </span>
    ) : null}
  </div>
)
