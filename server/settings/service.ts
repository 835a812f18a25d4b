// The learner's settings (§7 `api/user-settings`): read with the defaults filled in, and saved
// from any subset of the fields (toggles send one, the tests-settings page its own). The payload
// was decoded by the contract's Schema, so every stored value is within its bounds.
import { Context, Effect, Layer, Option } from "effect"
import {
  applySettingsPatch,
  type UserSettings,
  type UserSettingsPatch,
} from "../../src/domain/account/user-settings.ts"
import { SettingsRepo } from "./repo.ts"

export class Settings extends Context.Service<
  Settings,
  {
    readonly get: (userId: number) => Effect.Effect<UserSettings>
    readonly save: (userId: number, patch: UserSettingsPatch) => Effect.Effect<UserSettings>
  }
>()("jingluo/server/Settings") {
  static readonly layer = Layer.effect(
    Settings,
    Effect.gen(function* () {
      const repo = yield* SettingsRepo
      // The session was just authenticated, so the user exists; a missing row is a defect.
      const get = Effect.fn("Settings.get")(function* (userId: number) {
        const found = yield* repo.find(userId)
        return Option.isSome(found) ? found.value : yield* Effect.die(new Error(`no user ${userId}`))
      })
      const save = Effect.fn("Settings.save")(function* (userId: number, patch: UserSettingsPatch) {
        const next = applySettingsPatch(yield* get(userId), patch)
        yield* repo.store(userId, next)
        return next
      })
      return Settings.of({ get, save })
    }),
  )
}
