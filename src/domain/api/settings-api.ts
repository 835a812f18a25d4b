// §7 `GET` and `POST api/user-settings`: the learner's settings. POST takes any subset of the
// fields (a toggle sends one, the tests-settings page its own) and answers the whole settings.
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { UserSettings, UserSettingsPatch } from "../account/user-settings.ts"
import { ValidationFailed } from "../shared/errors.ts"
import { Authentication } from "./middleware.ts"

export class SettingsApi extends HttpApiGroup.make("settings")
  .add(
    HttpApiEndpoint.get("get", "/user-settings", { success: UserSettings }),
    HttpApiEndpoint.post("save", "/user-settings", {
      payload: UserSettingsPatch,
      success: UserSettings,
      error: ValidationFailed,
    }),
  )
  .middleware(Authentication)
  .prefix("/api") {}
