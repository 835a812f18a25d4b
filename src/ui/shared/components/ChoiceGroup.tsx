// One choice among a few, as a radio group with its label, an optional description and, when
// invalid, an error message linked to it. Arrow keys move between the choices; Tab leaves the group.
import { type ReactNode, useId } from "react"
import { Label, Radio, RadioGroup, type RadioGroupProps, Text } from "react-aria-components/RadioGroup"

export interface Choice<V extends string> {
  readonly value: V
  readonly label: ReactNode
}

export interface ChoiceGroupProps<V extends string>
  extends Omit<RadioGroupProps, "className" | "children" | "value" | "onChange" | "isInvalid"> {
  readonly label: string
  readonly description?: string | null | undefined
  readonly errorMessage?: string | null | undefined
  readonly choices: ReadonlyArray<Choice<V>>
  readonly value: V
  readonly onChange: (value: string) => void
}

export const ChoiceGroup = <V extends string>({
  label,
  description,
  errorMessage,
  choices,
  ...props
}: ChoiceGroupProps<V>) => {
  const errorId = useId()
  return (
    <RadioGroup
      {...props}
      className="field choices"
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      aria-describedby={errorMessage ? errorId : undefined}
    >
      <Label>{label}</Label>
      {description ? (
        <Text slot="description" className="description">
          {description}
        </Text>
      ) : null}
      <div className="choice-list">
        {choices.map((choice) => (
          <Radio key={choice.value} value={choice.value} className="choice">
            <span className="dot" aria-hidden="true" />
            <span>{choice.label}</span>
          </Radio>
        ))}
      </div>
      {errorMessage ? (
        <span id={errorId} className="error">
          {errorMessage}
        </span>
      ) : null}
    </RadioGroup>
  )
}
