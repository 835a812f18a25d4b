// A form-level message: errors interrupt (role alert), notices are announced politely (role status).
export const FormMessage = ({
  kind,
  children,
}: {
  readonly kind: "error" | "notice"
  readonly children: string | null
}) =>
  children ? (
    <div className={`form-message ${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </div>
  ) : null
