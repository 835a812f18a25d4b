// A menu's popover and its entries (React Aria's Popover, Menu and MenuItem) for LazyMenuTrigger,
// given what React Aria's MenuTrigger gives them: loaded when the browser is idle or the menu is
// first opened, not with the app.
import { useRef } from "react"
import { OverlayTriggerStateContext } from "react-aria-components/Dialog"
import { Menu, MenuContext, MenuItem, RootMenuTriggerStateContext } from "react-aria-components/Menu"
import { Popover, PopoverContext } from "react-aria-components/Popover"
import { Provider } from "react-aria-components/slots"
import type { MenuPopoverProps } from "./LazyMenu.tsx"

export const MenuPopover = ({
  label,
  entries,
  onAction,
  selectedKey,
  disabledKeys,
  state,
  triggerRef,
  menuProps,
}: MenuPopoverProps) => {
  const scrollRef = useRef<HTMLDivElement>(null)
  return (
    <Provider
      values={[
        [MenuContext, { ...menuProps, ref: scrollRef }],
        [OverlayTriggerStateContext, state],
        [RootMenuTriggerStateContext, state],
        [
          PopoverContext,
          { trigger: "MenuTrigger", triggerRef, scrollRef, "aria-labelledby": menuProps["aria-labelledby"] },
        ],
      ]}
    >
      <Popover placement="bottom end">
        <Menu
          className="menu-popover"
          aria-label={label}
          onAction={(key) => onAction(String(key))}
          {...(selectedKey === undefined ? {} : { selectionMode: "single" as const, selectedKeys: [selectedKey] })}
          {...(disabledKeys === undefined ? {} : { disabledKeys })}
        >
          {entries.map((entry) => (
            <MenuItem key={entry.id} id={entry.id} className="menu-item" textValue={entry.textValue}>
              {entry.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </Provider>
  )
}
