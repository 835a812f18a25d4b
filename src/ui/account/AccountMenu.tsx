// The header's "My account" menu button (§2 "Account menu"): a React Aria menu, by mouse or
// keyboard, with the entries of account-menu.ts; logout asks first through the sign-out flow.
import { Button as AriaButton } from "react-aria-components/Button"
import { Menu, MenuItem, MenuTrigger } from "react-aria-components/Menu"
import { Popover } from "react-aria-components/Popover"
import { useTranslation } from "react-i18next"
import { useLocation } from "wouter"
import { useAppServices } from "../app-services.tsx"
import { ACCOUNT_MENU } from "./account-menu.ts"

export const AccountMenu = ({ onLogout }: { readonly onLogout: () => void }) => {
  const { t } = useTranslation("common")
  const { navigation } = useAppServices()
  const [location] = useLocation()
  const inSettings = location.startsWith("/account-settings/") || location === "/test/scores"
  return (
    <MenuTrigger>
      <AriaButton className="nav-button" aria-current={inSettings ? "page" : undefined}>
        {t("nav.myAccount")}{" "}
        <span aria-hidden="true" className="select-chevron">
          ▾
        </span>
      </AriaButton>
      <Popover placement="bottom end">
        <Menu
          className="menu-popover"
          aria-label={t("nav.accountMenu")}
          onAction={(key) => (key === "logout" ? onLogout() : navigation.go(String(key)))}
        >
          {ACCOUNT_MENU.map((entry) => (
            <MenuItem key={entry.id} id={entry.id} className="menu-item">
              {t(entry.label)}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  )
}
