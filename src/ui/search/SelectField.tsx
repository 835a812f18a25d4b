// A labelled React Aria select (react-spectrum starter shape): a button showing the choice, a
// listbox of options in a popover; disabled options stay listed but cannot be chosen.
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text } from "react-aria-components/Select"

export interface SelectOption {
  readonly id: string
  readonly label: string
  readonly disabled?: boolean
}

export const SelectField = ({
  label,
  options,
  value,
  onChange,
  isDisabled = false,
  description,
}: {
  readonly label: string
  readonly options: ReadonlyArray<SelectOption>
  readonly value: string
  readonly onChange: (value: string) => void
  readonly isDisabled?: boolean
  readonly description?: string | undefined
}) => (
  <Select
    className="field select-field"
    selectedKey={value}
    onSelectionChange={(key) => {
      if (key !== null) onChange(String(key))
    }}
    disabledKeys={options.filter((o) => o.disabled).map((o) => o.id)}
    isDisabled={isDisabled}
  >
    <Label>{label}</Label>
    <Button className="select-button">
      <SelectValue />
      <span aria-hidden="true" className="select-chevron">
        ▾
      </span>
    </Button>
    {description ? (
      <Text slot="description" className="description">
        {description}
      </Text>
    ) : null}
    <Popover className="select-popover" placement="bottom start">
      <ListBox className="select-list" items={options}>
        {(option) => (
          <ListBoxItem id={option.id} className="menu-item" textValue={option.label}>
            {option.label}
          </ListBoxItem>
        )}
      </ListBox>
    </Popover>
  </Select>
)
