// A part of the app loaded with React.lazy when it is first shown (a page group, a chart), inside a
// boundary: while it loads, its placeholder shows; when it cannot be loaded (offline), a message
// says so where it would be, with a retry, and the rest of the app keeps working.
import { Component, type ComponentProps, type ComponentType, lazy, type ReactNode, Suspense, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "./Button.tsx"
import { FormMessage } from "./FormMessage.tsx"

class Boundary extends Component<
  { readonly fallback: (retry: () => void) => ReactNode; readonly children: ReactNode },
  { readonly failed: boolean }
> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children
  }
}

const Failed = ({ message, retry }: { readonly message: string; readonly retry: () => void }) => {
  const { t } = useTranslation("common")
  return (
    <div className="part-failed">
      <FormMessage kind="error">{t(message)}</FormMessage>
      <Button variant="secondary" onPress={retry}>
        {t("footer.retry")}
      </Button>
    </div>
  )
}

export interface LazyPartOptions {
  /** Shown while the part loads. */
  readonly placeholder: ReactNode
  /** The `common` key of the message shown when the part cannot be loaded. */
  readonly failure: string
}

/**
 * A lazily loaded part inside a boundary. A failed import is not cached by React.lazy's module, so
 * a retry makes a new lazy component that imports again.
 */
export const lazyPart = <P extends object>(
  importer: () => Promise<{ default: ComponentType<P> }>,
  { placeholder, failure }: LazyPartOptions,
) => {
  const Part = (props: P) => {
    const [attempt, setAttempt] = useState(0)
    const [Lazy, setLazy] = useState(() => lazy(importer))
    return (
      <Boundary
        key={attempt}
        fallback={(reset) => (
          <Failed
            message={failure}
            retry={() => {
              setLazy(() => lazy(importer))
              setAttempt((n) => n + 1)
              reset()
            }}
          />
        )}
      >
        <Suspense fallback={placeholder}>
          <Lazy {...(props as ComponentProps<typeof Lazy>)} />
        </Suspense>
      </Boundary>
    )
  }
  return Part
}

/** One named export of a lazily imported module as a default export, for lazyPart. */
export const pick =
  <M, P extends object>(load: () => Promise<M>, choose: (module: M) => ComponentType<P>) =>
  () =>
    load().then((module) => ({ default: choose(module) }))
