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
 * a retry makes a new lazy component that imports again. `loaded` gives the component when its
 * module has arrived already (preloaded): a part mounted then renders it at once, with no
 * placeholder in between; each mount keeps what it started with, so nothing remounts.
 */
export const lazyPart = <P extends object>(
  importer: () => Promise<{ default: ComponentType<P> }>,
  { placeholder, failure }: LazyPartOptions,
  loaded: () => ComponentType<P> | undefined = () => undefined,
) => {
  const Part = (props: P) => {
    const [attempt, setAttempt] = useState(0)
    const [Lazy, setLazy] = useState<ComponentType<P>>(() => loaded() ?? lazy(importer))
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

/**
 * A module of several parts (a page group), imported once for all of them: `part` makes a lazy part
 * of one of its exports; `preload` starts the import, after which its parts render at once.
 */
export const lazyModule = <M,>(load: () => Promise<M>, options: LazyPartOptions) => {
  let module: M | undefined
  const preload = () =>
    load().then((loadedModule) => {
      module = loadedModule
      return loadedModule
    })
  return {
    preload,
    part: <P extends object>(choose: (module: M) => ComponentType<P>) =>
      lazyPart<P>(
        () => preload().then((loadedModule) => ({ default: choose(loadedModule) })),
        options,
        () => (module === undefined ? undefined : choose(module)),
      ),
  }
}
