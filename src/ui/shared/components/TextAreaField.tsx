// A labelled multi-line text field with description and error message: the TextField's shape for
// longer text (comments, notes). The error comes from the flow.
import { TextArea } from "react-aria-components/TextArea"
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Label,
  Text,
} from "react-aria-components/TextField"

export interface TextAreaFieldProps extends Omit<AriaTextFieldProps, "className" | "isInvalid" | "children"> {
  readonly label: string
  readonly description?: string | undefined
  readonly errorMessage?: string | null | undefined
  readonly rows?: number
  readonly className?: string
}

export const TextAreaField = ({
  label,
  description,
  errorMessage,
  rows = 4,
  className,
  ...props
}: TextAreaFieldProps) => (
  <AriaTextField
    {...props}
    isInvalid={Boolean(errorMessage)}
    className={`field text-area-field ${className ?? ""}`}
    validationBehavior="aria"
  >
    <Label>{label}</Label>
    <TextArea rows={rows} />
    {description ? (
      <Text slot="description" className="description">
        {description}
      </Text>
    ) : null}
    <FieldError className="error">{errorMessage}</FieldError>
  </AriaTextField>
)
