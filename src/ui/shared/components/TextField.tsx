// A labelled text input with description and error message (react-spectrum starter shape). The
// error comes from the flow; React Aria ties it to the input for screen readers.
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
} from "react-aria-components/TextField"

export interface TextFieldProps extends Omit<AriaTextFieldProps, "className" | "isInvalid" | "children"> {
  readonly label: string
  readonly description?: string | undefined
  readonly errorMessage?: string | null | undefined
  readonly placeholder?: string
  readonly className?: string
}

export const TextField = ({ label, description, errorMessage, placeholder, className, ...props }: TextFieldProps) => (
  <AriaTextField
    {...props}
    isInvalid={Boolean(errorMessage)}
    className={`field ${className ?? ""}`}
    validationBehavior="aria"
  >
    <Label>{label}</Label>
    <Input placeholder={placeholder} />
    {description ? (
      <Text slot="description" className="description">
        {description}
      </Text>
    ) : null}
    <FieldError className="error">{errorMessage}</FieldError>
  </AriaTextField>
)
