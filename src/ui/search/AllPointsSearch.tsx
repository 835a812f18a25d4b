// The all-points search (§2): by point name or by point number, the points listed as the user
// types (500 ms after the last key, §9). React Aria's autocomplete pattern: the arrow keys move
// through the points while the cursor stays in the field, Enter opens the point, Escape clears;
// a click opens it too. How many points were found is announced politely.
import { useActorRef, useSelector } from "@xstate/react"
import { Autocomplete } from "react-aria-components/Autocomplete"
import { ListBox, ListBoxItem } from "react-aria-components/ListBox"
import { Radio, RadioGroup } from "react-aria-components/RadioGroup"
import { Button, FieldError, Input, Label, SearchField, Text } from "react-aria-components/SearchField"
import { useTranslation } from "react-i18next"
import type { PointHit } from "../../domain/api/search-api.ts"
import { pointHref } from "../../domain/content/content-links.ts"
import type { PointSearchMode } from "../../domain/search/point-index.ts"
import { ALL_POINTS_ANCHOR } from "../../domain/search/search-links.ts"
import { useAppServices } from "../app-services.tsx"
import { Button as AppButton } from "../shared/components/Button.tsx"
import { FormMessage } from "../shared/components/FormMessage.tsx"
import { Hanzi } from "../shared/components/Hanzi.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { ClientLinks } from "./ClientLinks.tsx"
import { Highlighted } from "./Highlighted.tsx"
import { ProLeftOutNote, SafetyFilterBoxes } from "./SafetyFilterBoxes.tsx"

const joined = (segments: ReadonlyArray<{ readonly text: string }>) => segments.map((s) => s.text).join("")

/** A point as listed: code, pinyin, characters and name, the part that matched marked. */
const PointOption = ({ hit }: { readonly hit: PointHit }) => {
  const { t } = useTranslation("common")
  const { field, segments } = hit.matched
  const matched = joined(segments)
  const mark = (shown: PointHit["matched"]["field"], text: string) =>
    field === shown && matched === text ? <Highlighted segments={segments} /> : text
  // An alternative code, the other script or a name in another language: say what matched.
  const elsewhere =
    !(field === "code" && matched === hit.point) &&
    field !== "pinyin" &&
    !(field === "name" && matched === hit.name) &&
    !(field === "hanzi" && matched === hit.hanzi.traditional)
  return (
    <>
      <span className="point-code">{mark("code", hit.point)}</span>{" "}
      <span className="point-pinyin">{mark("pinyin", hit.pinyin)}</span>{" "}
      <Hanzi text={hit.hanzi.traditional} className="point-hanzi">
        {mark("hanzi", hit.hanzi.traditional)}
      </Hanzi>{" "}
      <span className="point-name">{mark("name", hit.name)}</span>
      {elsewhere ? (
        <span className="point-matched">
          {" "}
          ({t("search.allPoints.matchedBy")}: <Highlighted segments={segments} />)
        </span>
      ) : null}
      {hit.permission ? null : (
        <>
          {" "}
          <ProBadge />
        </>
      )}
    </>
  )
}

export const AllPointsSearch = () => {
  const { t } = useTranslation("common")
  const { machines } = useAppServices()
  const actor = useActorRef(machines.search.points, { input: { mode: "name" } })
  const query = useSelector(actor, (s) => s.context.query)
  const mode = useSelector(actor, (s) => s.context.mode)
  const results = useSelector(actor, (s) => s.context.results)
  const total = useSelector(actor, (s) => s.context.total)
  const safety = useSelector(actor, (s) => s.context.safety)
  const proLeftOut = useSelector(actor, (s) => s.context.proLeftOut)
  const queryError = useSelector(actor, (s) => s.context.queryError)
  const error = useSelector(actor, (s) => s.context.error)
  const outcome = useSelector(actor, (s) =>
    s.matches("loading")
      ? "searching"
      : s.matches("results")
        ? "results"
        : s.matches("empty")
          ? "empty"
          : s.matches("failed")
            ? "failed"
            : "idle",
  )
  const status =
    outcome === "searching"
      ? t("search.searching")
      : outcome === "results"
        ? t("search.results", { count: total })
        : outcome === "empty"
          ? t("noDataFound")
          : ""
  const label = mode === "name" ? t("search.allPoints.nameLabel") : t("search.allPoints.numberLabel")
  return (
    <ClientLinks>
      <section className="panel search-panel" id={ALL_POINTS_ANCHOR} aria-labelledby="all-points-heading">
        <h2 id="all-points-heading">{t("search.allPoints.title")}</h2>
        <RadioGroup
          className="mode-toggle"
          orientation="horizontal"
          value={mode}
          onChange={(value) => actor.send({ type: "mode.change", mode: value as PointSearchMode })}
        >
          <Label className="label">{t("search.allPoints.mode")}</Label>
          <div className="mode-options">
            <Radio value="name" className="mode-option">
              {t("search.allPoints.byName")}
            </Radio>
            <Radio value="number" className="mode-option">
              {t("search.allPoints.byNumber")}
            </Radio>
          </div>
        </RadioGroup>
        <Autocomplete
          disableAutoFocusFirst
          inputValue={query}
          onInputChange={(value) => actor.send({ type: "query.change", query: value })}
        >
          <SearchField className="field search-field" isInvalid={queryError !== null} validationBehavior="aria">
            <Label>{label}</Label>
            <div className="search-input">
              <Input name="point-query" />
              {query !== "" ? (
                <Button className="search-clear" aria-label={t("search.allPoints.clear")}>
                  ✕
                </Button>
              ) : null}
            </div>
            <Text slot="description" className="description">
              {mode === "name" ? t("search.allPoints.nameHelp") : t("search.allPoints.numberHelp")}
            </Text>
            <FieldError className="error">{queryError ? t(queryError) : null}</FieldError>
          </SearchField>
          {/* After the field, so that Tab goes from the mode to the field first. */}
          <SafetyFilterBoxes
            value={safety}
            onChange={(change) => actor.send({ type: "safety.change", safety: change })}
          />
          <ListBox className="search-options" aria-label={t("search.allPoints.listLabel")} items={results}>
            {(hit) => (
              <ListBoxItem
                id={hit.slug}
                href={pointHref(hit.slug)}
                className="search-option"
                textValue={`${hit.point} ${hit.pinyin} ${hit.name}`}
              >
                <PointOption hit={hit} />
              </ListBoxItem>
            )}
          </ListBox>
        </Autocomplete>
        <p role="status" className="search-status">
          {status}
        </p>
        {proLeftOut && (outcome === "results" || outcome === "empty") ? <ProLeftOutNote /> : null}
        {outcome === "failed" && error ? (
          <div className="search-error">
            <FormMessage kind="error">{t(error)}</FormMessage>
            <AppButton variant="secondary" onPress={() => actor.send({ type: "query.retry" })}>
              {t("search.retry")}
            </AppButton>
          </div>
        ) : null}
      </section>
    </ClientLinks>
  )
}
