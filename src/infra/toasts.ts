// Toasts of §8: error, info, success, warning; one at a time (the queue is cleared before each).
// The Toaster view renders them bottom-center for TOAST_DURATION_MS. sonner loads with the first
// toast (or when the view's region does), not with the app.
import { Context, Effect, Layer } from "effect"

export type ToastType = "error" | "info" | "success" | "warning"

export interface ToastsService {
  readonly show: (type: ToastType, text: string) => Effect.Effect<void>
}

export class Toasts extends Context.Service<Toasts, ToastsService>()("jingluo/infra/Toasts") {
  static readonly layer = Layer.succeed(Toasts, {
    show: Effect.fn("Toasts.show")((type: ToastType, text: string) =>
      Effect.tryPromise(() =>
        import("sonner").then(({ toast }) => {
          toast.dismiss()
          toast[type](text)
        }),
      ).pipe(Effect.orElseSucceed(() => undefined)),
    ),
  })

  /** No toasts: the server's render of a page, where nothing is announced. */
  static readonly layerSilent = Layer.succeed(Toasts, { show: () => Effect.void })

  static readonly layerTest = (shown: Array<{ type: ToastType; text: string }>) =>
    Layer.succeed(Toasts, { show: (type, text) => Effect.sync(() => void shown.push({ type, text })) })
}
