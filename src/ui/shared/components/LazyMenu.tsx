// The header's menus: the trigger comes with the app (React Aria's menu-trigger hooks, the same ones
// its MenuTrigger uses, around the button), the popover and its entries (MenuPopover.tsx) when the
// browser is idle after the first render (App preloads them with the shell's other parts) or when a
// menu is first opened — a press before then opens it as soon as its script is in.
import { type ReactNode, type RefObject, useRef } from "react"
import { PressResponder } from "react-aria/private/interactions/PressResponder"
import { useMenuTrigger } from "react-aria/useMenu"
import { type RootMenuTriggerState, useMenuTriggerState } from "react-stately/useMenuTriggerState"
import { lazyModule, PAGE_PART } from "./lazy-part.tsx"

export interface MenuEntry {
  readonly id: string
  readonly label: ReactNode
  /** What typing to the entry matches, and what it is called. */
  readonly textValue: string
}

export interface MenuOptions {
  /** The menu's accessible name. */
  readonly label: string
  readonly entries: ReadonlyArray<MenuEntry>
  readonly onAction: (id: string) => void
  /** The entry shown as chosen (a single-selection menu), if any. */
  readonly selectedKey?: string
  readonly disabledKeys?: ReadonlyArray<string>
}

/** What the popover is given by its trigger: the state, the trigger's element and the menu's props. */
export interface MenuPopoverProps extends MenuOptions {
  readonly state: RootMenuTriggerState
  readonly triggerRef: RefObject<HTMLElement | null>
  readonly menuProps: ReturnType<typeof useMenuTrigger>["menuProps"]
}

const menus = lazyModule(() => import("./MenuPopover.tsx"), PAGE_PART)
const MenuPopover = menus.part((m) => m.MenuPopover)

export const preloadMenus = () => menus.preload().catch(() => undefined)

/** A menu button (its only child, a React Aria Button) and, while it is open, its menu. */
export const LazyMenuTrigger = ({ children, ...menu }: MenuOptions & { readonly children: ReactNode }) => {
  const state = useMenuTriggerState({})
  const triggerRef = useRef<HTMLElement>(null)
  const { menuTriggerProps, menuProps } = useMenuTrigger({ type: "menu" }, state, triggerRef)
  return (
    <>
      <PressResponder {...menuTriggerProps} ref={triggerRef} isPressed={state.isOpen}>
        {children}
      </PressResponder>
      {state.isOpen ? <MenuPopover {...menu} state={state} triggerRef={triggerRef} menuProps={menuProps} /> : null}
    </>
  )
}
