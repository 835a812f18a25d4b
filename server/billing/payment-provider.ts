// Who takes the money: Stripe when STRIPE_SECRET_KEY is set (stripe-provider.ts, the one place that
// knows Stripe's types), otherwise the built-in local checkout (local-provider.ts) that takes no
// money: it says "test mode", and production (`isProduction`) refuses it unless LOCAL_CHECKOUT=on,
// as it refuses Stripe's test keys unless STRIPE_TEST_MODE=on.
import { Context, Effect, Layer } from "effect"
import { isProduction, isStripeTestKey, ServerConfig, type ServerSettings } from "../platform/config/server-config.ts"
import { localProvider } from "./local-provider.ts"
import type { PaymentProviderService } from "./provider-port.ts"
import { stripeProvider } from "./stripe-provider.ts"

/** No money is taken: the built-in checkout, or Stripe with test keys. */
export const isTestMode = (settings: Pick<ServerSettings, "stripeSecretKey">) =>
  !settings.stripeSecretKey || isStripeTestKey(settings.stripeSecretKey)

/** The line the server logs at start about who takes the money. */
export const describePayments = (settings: Pick<ServerSettings, "stripeSecretKey" | "nodeEnv" | "appOrigin">) =>
  !settings.stripeSecretKey
    ? `Payments: built-in local checkout — TEST MODE, no money is taken and anyone can get Pro${
        isProduction(settings) ? " (allowed by LOCAL_CHECKOUT=on)" : ""
      }. Set STRIPE_SECRET_KEY to take payments.`
    : isTestMode(settings)
      ? `Payments: Stripe with test keys — TEST MODE, no money is taken${
          isProduction(settings) ? " (allowed by STRIPE_TEST_MODE=on)" : ""
        }.`
      : "Payments: Stripe (live keys)."

export class PaymentProvider extends Context.Service<PaymentProvider, PaymentProviderService>()(
  "jingluo/server/PaymentProvider",
) {
  static readonly layer = Layer.effect(
    PaymentProvider,
    Effect.map(ServerConfig, (config) =>
      PaymentProvider.of(
        config.stripeSecretKey ? stripeProvider(config, config.stripeSecretKey) : localProvider(config),
      ),
    ),
  )
}
