// The success toast of §4 for a setting saved at once (a toggle): the settings page and the point
// page's notes switch say it the same way, through the one toast service. The words are in `common`,
// which every page has loaded.
import { Effect } from "effect"
import { Toasts } from "../../infra/toasts.ts"
import type { Wiring } from "./wiring.ts"

export const announceSettingsSaved = (w: Wiring) => () =>
  w.act(Effect.flatMap(Toasts, (toasts) => toasts.show("success", w.t("common:notices.settingsSaved"))))
