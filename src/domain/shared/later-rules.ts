// Form rules that come in a script of their own, with the Schemas they check by: a flow holds its
// form from the start, and its rules are asked for when the form shows and needed by its first check
// (a field left, a submit). The form kit (ui/shared/components/FlowForm.tsx) holds such a check until
// they are in; a flow's steps read them with `get`, which only a check calls. A failed load (the
// network gone) is forgotten, so the next check asks again.
export interface LaterRules<M> {
  /** Asks for the rules' script, once while it loads; its answer is the rules. */
  readonly load: () => Promise<M>
  /** Whether the rules are in, so a check can run at once. */
  readonly loaded: () => boolean
  /** The rules: for a flow's check, which the form kit sends only once they are in. */
  readonly get: () => M
}

export const laterRules = <M>(importer: () => Promise<M>): LaterRules<M> => {
  let rules: M | undefined
  let loading: Promise<M> | undefined
  const load = () => {
    loading ??= importer().then(
      (module) => {
        rules = module
        return module
      },
      (cause: unknown) => {
        loading = undefined
        throw cause
      },
    )
    return loading
  }
  return {
    load,
    loaded: () => rules !== undefined,
    get: () => {
      if (rules === undefined) throw new Error("A form was checked before its rules arrived")
      return rules
    },
  }
}
