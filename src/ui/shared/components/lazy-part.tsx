// A part of the app loaded with React.lazy when it is first shown (a page group, a chart), inside a
// boundary that tells two failures apart. When the part's script cannot be loaded (offline), a
// message says so where it would be, and its retry imports it again. When the part's own code throws
// while rendering, the message says that something went wrong instead (asking to check the
// connection would mislead), the error is reported to the console, and the retry mounts the part
// afresh. Either way the rest of the app keeps working.
import {
  Component,
  type ComponentProps,
  type ComponentType,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from "react"
import { useTranslation } from "react-i18next"
import { Button } from "./Button.tsx"
import { FormMessage } from "./FormMessage.tsx"

/** A part's script could not be loaded: the import rejected with `cause`. */
export class PartLoadError extends Error {
  constructor(cause: unknown) {
    super("The part's script could not be loaded", { cause })
    this.name = "PartLoadError"
  }
}

/** The import, with its rejection turned into a PartLoadError so the boundary can tell it from a render error. */
const loading =
  <T,>(importer: () => Promise<T>) =>
  () =>
    importer().catch((cause: unknown) => {
      throw new PartLoadError(cause)
    })

/** What went wrong inside the boundary: the part's script did not arrive, or its code threw. */
type Failure = "load" | "render"

class Boundary extends Component<
  { readonly fallback: (failure: Failure, retry: () => void) => ReactNode; readonly children: ReactNode },
  { readonly failure: Failure | undefined }
> {
  override state: { readonly failure: Failure | undefined } = { failure: undefined }
  static getDerivedStateFromError(error: unknown): { readonly failure: Failure } {
    return { failure: error instanceof PartLoadError ? "load" : "render" }
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // A missing script is expected offline and has its own message; a render error is a bug, so it
    // is reported with where it happened, for the console and whatever error tool watches it.
    if (!(error instanceof PartLoadError))
      console.error("A part of the page failed while rendering:", error, info.componentStack ?? "")
  }
  override render() {
    const { failure } = this.state
    return failure === undefined
      ? this.props.children
      : this.props.fallback(failure, () => this.setState({ failure: undefined }))
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
  /** The `common` key of the message shown when the part's code throws while rendering. */
  readonly renderFailure: string
}

/** A part of a page (not a page itself): the messages say "this part", and nothing shows while it loads. */
export const PAGE_PART: LazyPartOptions = { placeholder: null, failure: "partFailed", renderFailure: "partError" }

/**
 * A lazily loaded part inside a boundary. A failed import is not cached by React.lazy's module, so
 * a retry after one makes a new lazy component that imports again; a retry after a render error
 * keeps the loaded component and only mounts it anew (the boundary's key changes). `loaded` gives
 * the component when its module has arrived already (preloaded): a part mounted then renders it at
 * once, with no placeholder in between; each mount keeps what it started with, so nothing remounts.
 */
export const lazyPart = <P extends object>(
  importer: () => Promise<{ default: ComponentType<P> }>,
  { placeholder, failure, renderFailure }: LazyPartOptions,
  loaded: () => ComponentType<P> | undefined = () => undefined,
) => {
  const load = loading(importer)
  const Part = (props: P) => {
    const [attempt, setAttempt] = useState(0)
    const [Lazy, setLazy] = useState<ComponentType<P>>(() => loaded() ?? lazy(load))
    return (
      <Boundary
        key={attempt}
        fallback={(failed, reset) => (
          <Failed
            message={failed === "load" ? failure : renderFailure}
            retry={() => {
              if (failed === "load") setLazy(() => lazy(load))
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
